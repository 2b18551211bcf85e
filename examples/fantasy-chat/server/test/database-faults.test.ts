import { CHARACTER_SNAPSHOT_TTL_MS } from "../src/characters/character-snapshot.js";
// The database going away under Realmheart: requests answer 503 `service_unavailable` JSON with Retry-After
// instead of a bare 500, a message whose charging transaction is cut costs nothing and stores nothing, the process
// keeps serving, and everything works again once the database is back. PostgreSQL is taken away through the
// billing server's TCP fault proxy (refused, or cut while a chosen query is in flight); embedded PGlite can only
// be closed, which is final for an in-memory database.
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, sessions } from "../src/db/schema.js";
import { SERVICE_UNAVAILABLE_RETRY_AFTER_S } from "../src/http/api-error.js";
import { appLoggerOptions } from "../src/http/log-safety.js";
import { safetyRules, type SafetyCheck } from "../src/safety/safety-check.js";
import type { ReplyEngine } from "../src/replies/reply-engine.js";
import { freeMessagesUsed } from "../src/users/free-allowance.js";
import {
  Client,
  DATABASES,
  PASSWORD,
  createChat,
  parseEvents,
  startTestApp,
  verifiedUser,
  type Answer,
  type TestApp,
} from "./support/test-app.js";
import { startFaultProxy, type FaultProxy } from "../../../billing-server/test/support/fault-proxy.js";
import { until } from "./support/fake-llm.js";

const UNAVAILABLE = {
  message: "The service is briefly unavailable. Please try again in a few seconds.",
  code: "service_unavailable",
};
const REPLY = "Well met, traveller.";
const EVENT_STREAM = { accept: "text/event-stream" };

function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual(UNAVAILABLE);
  expect(answer.headers.get("retry-after")).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_S));
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
}

const send = (client: Client, chatId: string, headers: Record<string, string> = {}) =>
  client.request("POST", `/api/chats/${chatId}/messages`, { body: { content: "Hold the gate!" }, headers });

const login = (client: Client, email: string) =>
  client.post("/api/auth/login", { email, password: PASSWORD });

describe("PGlite closed under a running app", () => {
  let server: TestApp;
  const logLines: Array<{ level: number; msg: string }> = [];
  const logText: string[] = [];
  beforeAll(async () => {
    const stream = {
      write(line: string) {
        logText.push(line);
        logLines.push(JSON.parse(line));
      },
    };
    server = await startTestApp("pglite", {
      renewals: false,
      logger: { ...appLoggerOptions("info"), stream },
    });
  });
  // The database is closed by the test; only the server is left to close.
  afterAll(() => server.app.close());

  it("answers 503 service_unavailable JSON with Retry-After to reads, sign-ins and sends, and keeps serving", async () => {
    const { client, user } = await verifiedUser(server);
    const chatId = await createChat(client);
    const anonymous = new Client(server);
    expect((await anonymous.get("/api/characters")).status).toBe(200);
    const ready = await anonymous.get("/api/ready");
    expect([ready.status, ready.body]).toEqual([200, { status: "ready" }]);

    await server.database.close();
    // The characters come from memory (issue #19): still served while the database is away.
    expect((await anonymous.get("/api/characters")).status).toBe(200);
    expectUnavailable(await client.get(`/api/chats/${chatId}`));
    expectUnavailable(await login(anonymous, user.email));
    expectUnavailable(await client.get("/api/auth/user"));
    expectUnavailable(await send(client, chatId));
    // Refused before the stream opens: a plain 503, not an event stream.
    expectUnavailable(await send(client, chatId, EVENT_STREAM));
    // Liveness needs no database: the process is still up. Readiness does: a load balancer sends nobody here.
    expect((await anonymous.get("/api/health")).status).toBe(200);
    expectUnavailable(await anonymous.get("/api/ready"));

    // Logged as warnings, not errors, and without the failed queries' parameters (session digests, rate-limit keys).
    const warnings = logLines.filter((line) => line.msg === "database unavailable");
    expect(warnings).toHaveLength(5);
    expect(warnings.every((line) => line.level === 40)).toBe(true);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(logText.join("")).toContain("params: [redacted]");
    expect(logText.join("")).not.toMatch(/params: (?!\[redacted\])/);
  });
});

describe.each(DATABASES.filter((kind) => kind === "postgres"))("%s taken away through a proxy", (kind) => {
  let proxy: FaultProxy;
  let server: TestApp;
  // Called once at the next moderation check (after the session, chat and rate-limit queries of a send, before
  // the character lookup and the charging transaction), and at the next reply (before the reply is stored).
  let onModeration: (() => void) | null = null;
  let onReply: (() => void) | null = null;

  const safety: SafetyCheck = {
    check(text) {
      const hook = onModeration;
      onModeration = null;
      hook?.();
      return safetyRules.check(text);
    },
  };
  const replyEngine: ReplyEngine = {
    async *reply() {
      yield "Well met, ";
      const hook = onReply;
      onReply = null;
      hook?.();
      yield "traveller.";
    },
  };

  beforeAll(async () => {
    proxy = await startFaultProxy(process.env.TEST_DATABASE_URL as string);
    server = await startTestApp(kind, {
      connectVia: () => proxy.url,
      safety,
      replyEngine,
      renewals: false,
    });
  });
  afterEach(() => {
    onModeration = null;
    onReply = null;
    proxy.setMode("forward");
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  /** Holds the query `skip` queries after `hook` is next called; resolves once it is held. */
  const holdAt = (skip: number, hook: (arm: () => void) => void) =>
    new Promise<void>((resolve) => hook(() => void proxy.holdQuery(skip).then(resolve)));

  /**
   * Waits for `pending` to answer or for `held` (one of its queries held back from the database); when held,
   * drops every database connection, as a restart or a network drop does. New connections go through again.
   */
  async function cutWhenHeld(held: Promise<void>, pending: Promise<Answer>) {
    const outcome = await Promise.race([held.then(() => "held"), pending.then(() => "answered")]);
    if (outcome === "held") proxy.cutAll();
    proxy.setMode("forward");
    return { held: outcome === "held", answer: await pending };
  }

  async function messageCount(chatId: string, role?: "user" | "character") {
    const [row] = await server.database.db
      .select({ n: count() })
      .from(messages)
      .where(role ? and(eq(messages.chatId, chatId), eq(messages.role, role)) : eq(messages.chatId, chatId));
    return row?.n ?? 0;
  }

  const quotaUsed = (userId: string) => freeMessagesUsed(server.database.db, userId, server.clock.now());

  it("answers 503 while connections are refused, and serves reads, sign-ins and sends again once the database is back", async () => {
    const { client, user } = await verifiedUser(server);
    const chatId = await createChat(client);
    const anonymous = new Client(server);

    proxy.setMode("refuse");
    proxy.cutAll();
    expectUnavailable(await client.get(`/api/chats/${chatId}`));
    expectUnavailable(await login(new Client(server), user.email));
    expectUnavailable(await send(client, chatId));
    expect((await anonymous.get("/api/health")).status).toBe(200);

    proxy.setMode("forward");
    expect((await client.get(`/api/chats/${chatId}`)).status).toBe(200);
    expect((await login(new Client(server), user.email)).status).toBe(200);
    const sent = await send(client, chatId);
    expect(sent.status).toBe(200);
    expect(sent.body.reply.content).toBe(REPLY);
    expect(sent.body.freeMessagesUsed).toBe(1);
  });

  it("answers 503 to a character list whose query is cut in flight, then lists the characters", async () => {
    const anonymous = new Client(server);
    // The list comes from memory: let the snapshot expire so that this request reads the database.
    server.clock.advance(CHARACTER_SNAPSHOT_TTL_MS + 1);
    const cut = await cutWhenHeld(proxy.holdQuery(0), anonymous.get("/api/characters"));
    expect(cut.held).toBe(true);
    expectUnavailable(cut.answer);

    const listed = await anonymous.get("/api/characters");
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
  });

  it("answers 503 to a sign-in cut at any of its queries, starting no session, then signs in", async () => {
    const { user } = await verifiedUser(server);
    const sessionCount = async () => {
      const [row] = await server.database.db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      return row?.n ?? 0;
    };
    const before = await sessionCount();

    // Holds the sign-in's first query, then its second, ..., until one sign-in runs past its last query.
    let cuts = 0;
    for (let signedIn = false; !signedIn;) {
      expect(cuts).toBeLessThan(8);
      // The chat-page listener reconnects a second after a cut: the query held must be the sign-in's, not its LISTEN.
      await until(() => proxy.listenedSinceCut);
      const client = new Client(server);
      const { held, answer } = await cutWhenHeld(proxy.holdQuery(cuts), login(client, user.email));
      if (held) {
        expectUnavailable(answer);
        expect(client.cookies.size).toBe(0);
        expect(await sessionCount()).toBe(before);
        cuts += 1;
      } else {
        expect(answer.status).toBe(200);
        expect(client.cookies.size).toBe(1);
        expect(await sessionCount()).toBe(before + 1);
        signedIn = true;
      }
    }
    // The rate-limit count, the user lookup and the session insert.
    expect(cuts).toBeGreaterThanOrEqual(3);
  });

  it("answers 503 to a message cut at its charging statement, in JSON and event-stream mode, charging and storing nothing", async () => {
    const { client, user } = await verifiedUser(server);
    const chatId = await createChat(client);
    const stored = await messageCount(chatId);

    // One statement charges the free message, stores the message, moves the chat and reads the reply's context
    // (the character comes from memory); the next one after it stores the reply.
    for (const headers of [{}, EVENT_STREAM]) {
      const held = holdAt(0, (arm) => (onModeration = arm));
      const cut = await cutWhenHeld(held, send(client, chatId, headers));
      expect(cut.held).toBe(true);
      expectUnavailable(cut.answer);
      expect(await quotaUsed(user.id)).toBe(0);
      expect(await messageCount(chatId)).toBe(stored);
    }

    const sent = await send(client, chatId, EVENT_STREAM);
    expect(parseEvents(sent.text).at(-1)).toMatchObject({ event: "done", data: { freeMessagesUsed: 1 } });
    expect(await quotaUsed(user.id)).toBe(1);
    expect(await messageCount(chatId)).toBe(stored + 2);
  });

  it("ends a stream whose reply cannot be stored with a service_unavailable event, storing no reply, and answers the next message", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const replies = await messageCount(chatId, "character");

    const held = holdAt(0, (arm) => (onReply = arm));
    const cut = await cutWhenHeld(held, send(client, chatId, EVENT_STREAM));
    expect(cut.held).toBe(true);
    expect(cut.answer.status).toBe(200);
    expect(cut.answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(parseEvents(cut.answer.text)).toEqual([
      { event: "chunk", data: { text: "Well met, " } },
      { event: "chunk", data: { text: "traveller." } },
      { event: "error", data: UNAVAILABLE },
    ]);
    expect(await messageCount(chatId, "character")).toBe(replies);

    const sent = await send(client, chatId);
    expect(sent.status).toBe(200);
    expect(sent.body.reply.content).toBe(REPLY);
    expect(await messageCount(chatId, "character")).toBe(replies + 1);
  });
});
