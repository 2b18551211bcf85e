import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTER_LIMIT } from "../src/http/rate-limiter.js";
import { createPersonaEngine } from "../src/replies/persona-engine.js";
import type { ReplyEngine } from "../src/replies/reply-engine.js";
import { until } from "./support/fake-llm.js";
import { hangUpStream } from "./support/hang-up.js";
import {
  DATABASES,
  createChat,
  parseEvents,
  registerUser,
  setSubscription,
  startTestApp,
  verifiedUser,
  type Client,
  type TestApp,
} from "./support/test-app.js";

const SSE = { accept: "text/event-stream" };

/** Waits until `signal` aborts, then throws as an aborted engine does. */
const abortedBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
  );

/**
 * The persona engine, except that while `mode` is "stall" replies wait for the client to go away before any text,
 * and while it is "half" after one chunk; `finished` counts replies that ended either way.
 */
function stallingEngine() {
  const persona = createPersonaEngine();
  const state: { finished: number; mode: "stall" | "half" | null } = { finished: 0, mode: null };
  const engine: ReplyEngine = {
    async *reply(request, signal) {
      try {
        if (state.mode === "stall") await abortedBy(signal);
        if (state.mode === "half") {
          yield "Half a thought ";
          await abortedBy(signal);
        }
        yield* persona.reply(request, signal);
      } finally {
        state.finished += 1;
      }
    },
  };
  return { engine, state };
}

async function send(client: Client, chatId: string, content: string) {
  const answer = await client.post(`/api/chats/${chatId}/messages`, { content });
  if (answer.status !== 200) throw new Error(`send failed: ${answer.status} ${answer.text}`);
  return answer.body as { userMessage: any; reply: any; freeMessagesUsed: number };
}

describe.each(DATABASES)("regenerate, versions, edit and delete on %s", (kind) => {
  let server: TestApp;
  const stalling = stallingEngine();
  beforeAll(async () => {
    server = await startTestApp(kind, { replyEngine: stalling.engine });
  });
  afterAll(() => server.close());

  it("shows every message with editedAt, versionIndex and versionCount", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { userMessage, reply } = await send(client, chatId, "Hello, my lord");
    expect(userMessage).toMatchObject({ role: "user", editedAt: null, versionIndex: 0, versionCount: 1 });
    expect(reply).toMatchObject({ role: "character", editedAt: null, versionIndex: 0, versionCount: 1 });
    expect((await client.get(`/api/chats/${chatId}/messages`)).body).toEqual([userMessage, reply]);
  });

  it("regenerates the latest reply as a new selected version, charging a free user one free message like a send", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply, freeMessagesUsed } = await send(client, chatId, "Tell me about the court");
    expect(freeMessagesUsed).toBe(1);

    const answer = await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`);
    expect(answer.status).toBe(200);
    const regenerated = answer.body.reply;
    expect(regenerated).toMatchObject({ id: reply.id, role: "character", versionIndex: 1, versionCount: 2 });
    expect(regenerated.content).not.toBe(reply.content);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(2);

    const messages = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(messages.at(-1)).toEqual(regenerated);
    const versions = await client.get(`/api/chats/${chatId}/messages/${reply.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual({
      versionIndex: 1,
      versions: [
        { index: 0, content: reply.content, createdAt: reply.createdAt },
        { index: 1, content: regenerated.content, createdAt: expect.any(String) },
      ],
    });
  });

  it("refuses to regenerate once today's free messages are used up, also after editing the message (finding 3)", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    let last: any;
    let asked: any;
    for (const content of ["One", "Two", "Three"])
      ({ reply: last, userMessage: asked } = await send(client, chatId, content));
    expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Four" })).status).toBe(402);
    const refused = await client.post(`/api/chats/${chatId}/messages/${last.id}/regenerate`);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("quota_exhausted");
    // The attack: edit the last message into a new question and regenerate, again and again, for free.
    const edited = await client.request("PATCH", `/api/chats/${chatId}/messages/${asked.id}`, {
      body: { content: "Tell me everything about the court instead" },
    });
    expect(edited.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await client.post(`/api/chats/${chatId}/messages/${last.id}/regenerate`)).status).toBe(402);
    }
    const versions = (await client.get(`/api/chats/${chatId}/messages/${last.id}/versions`)).body.versions;
    expect(versions).toHaveLength(1);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(3);
  });

  it("keeps a crisis-support reply free, but its message edited into anything else costs a free message (finding 3)", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply, userMessage } = await send(client, chatId, "I want to kill myself");
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
    expect((await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`)).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
    await client.request("PATCH", `/api/chats/${chatId}/messages/${userMessage.id}`, {
      body: { content: "Describe the throne room" },
    });
    expect((await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`)).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(1);
  });

  it("streams a regeneration as chunk events and a done event carrying the reply", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client, "aeron-stormwing");
    const { reply } = await send(client, chatId, "Take me flying");
    const answer = await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`, undefined, SSE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = parseEvents(answer.text);
    const chunks = events.filter((e) => e.event === "chunk");
    expect(chunks.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    expect(done?.data.reply).toMatchObject({ id: reply.id, versionIndex: 1, versionCount: 2 });
    expect(
      chunks
        .map((c) => c.data.text)
        .join("")
        .trim(),
    ).toBe(done?.data.reply.content);
  });

  it("keeps every version distinct over several regenerations", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    for (let i = 0; i < 5; i++)
      expect((await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`)).status).toBe(200);
    const { versions } = (await client.get(`/api/chats/${chatId}/messages/${reply.id}/versions`)).body;
    expect(versions).toHaveLength(6);
    expect(new Set(versions.map((v: any) => v.content)).size).toBe(6);
  });

  it("caps a reply at 20 versions (409 too_many_versions)", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    for (let i = 0; i < 19; i++)
      expect((await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`)).status).toBe(200);
    const refused = await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("too_many_versions");
    const { versions } = (await client.get(`/api/chats/${chatId}/messages/${reply.id}/versions`)).body;
    expect(versions).toHaveLength(20);
  });

  it("refuses to regenerate anything but the chat's latest character message with 409", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const first = await send(client, chatId, "First");
    await send(client, chatId, "Second");
    for (const id of [first.reply.id, first.userMessage.id]) {
      const answer = await client.post(`/api/chats/${chatId}/messages/${id}/regenerate`);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message: "Only the latest reply in a chat can be regenerated",
        code: "not_latest_reply",
      });
    }
  });

  it("selects a version, keeps the choice after a reload, and refuses an index out of range with 400", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply, userMessage } = await send(client, chatId, "Hello");
    await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`);

    const chosen = await client.put(`/api/chats/${chatId}/messages/${reply.id}/version`, { index: 0 });
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toEqual({ ...reply, versionIndex: 0, versionCount: 2 });
    expect((await client.get(`/api/chats/${chatId}/messages`)).body.at(-1)).toEqual(chosen.body.message);
    expect((await client.get(`/api/chats/${chatId}/messages/${reply.id}/versions`)).body.versionIndex).toBe(
      0,
    );

    for (const body of [{ index: 2 }, { index: -1 }, { index: 1.5 }, { index: "1" }, {}]) {
      const bad = await client.put(`/api/chats/${chatId}/messages/${reply.id}/version`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("validation_error");
      expect(bad.body.fields).toHaveProperty("index");
    }
    expect(
      (await client.put(`/api/chats/${chatId}/messages/${reply.id}/version`, { index: 2 })).body.message,
    ).toBe("Version index must be between 0 and 1");
    // A user message has one version.
    const own = await client.get(`/api/chats/${chatId}/messages/${userMessage.id}/versions`);
    expect(own.body).toEqual({
      versionIndex: 0,
      versions: [{ index: 0, content: "Hello", createdAt: userMessage.createdAt }],
    });
  });

  it("edits the user's own message, with the send rules, and refuses to edit the character's", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply, userMessage } = await send(client, chatId, "Helo");
    const path = `/api/chats/${chatId}/messages/${userMessage.id}`;

    const edited = await client.request("PATCH", path, { body: { content: "  Hello, my lord  " } });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({
      id: userMessage.id,
      content: "Hello, my lord",
      versionCount: 1,
    });
    expect(Date.parse(edited.body.message.editedAt)).toBe(server.clock.now().getTime());
    expect((await client.get(`/api/chats/${chatId}/messages`)).body[0]).toEqual(edited.body.message);

    const empty = await client.request("PATCH", path, { body: { content: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "validation_error", message: "Message cannot be empty" });
    const long = await client.request("PATCH", path, { body: { content: "x".repeat(2001) } });
    expect(long.status).toBe(400);
    const blocked = await client.request("PATCH", path, { body: { content: "naked 12 yo" } });
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe("content_policy");

    const theirs = await client.request("PATCH", `/api/chats/${chatId}/messages/${reply.id}`, {
      body: { content: "I concede" },
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ message: "You can only edit your own messages", code: "not_own_message" });
    expect((await client.get(`/api/chats/${chatId}/messages`)).body[1]).toEqual(reply);
  });

  it("deletes the user's own message together with the reply that answered it", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const first = await send(client, chatId, "First");
    const second = await send(client, chatId, "Second");

    const theirs = await client.request("DELETE", `/api/chats/${chatId}/messages/${first.reply.id}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({
      message: "You can only delete your own messages",
      code: "not_own_message",
    });

    const deleted = await client.request("DELETE", `/api/chats/${chatId}/messages/${first.userMessage.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedIds: [first.userMessage.id, first.reply.id] });
    expect((await client.get(`/api/chats/${chatId}/messages`)).body).toEqual([
      second.userMessage,
      second.reply,
    ]);
    const again = await client.request("DELETE", `/api/chats/${chatId}/messages/${first.userMessage.id}`);
    expect(again.status).toBe(404);
  });

  it("answers 404 for other people's chats and messages, unknown and non-UUID ids; 401 signed out; 403 cross-site", async () => {
    const owner = await verifiedUser(server);
    const chatId = await createChat(owner.client);
    const { reply, userMessage } = await send(owner.client, chatId, "Hello");
    const otherChat = await createChat(owner.client);
    const intruder = (await verifiedUser(server)).client;
    const calls = (chat: string, id: string): Array<[string, string, unknown]> => [
      ["POST", `/api/chats/${chat}/messages/${id}/regenerate`, undefined],
      ["GET", `/api/chats/${chat}/messages/${id}/versions`, undefined],
      ["PUT", `/api/chats/${chat}/messages/${id}/version`, { index: 0 }],
      ["PATCH", `/api/chats/${chat}/messages/${id}`, { content: "Mine now" }],
      ["DELETE", `/api/chats/${chat}/messages/${id}`, undefined],
    ];
    for (const [method, path, body] of [...calls(chatId, reply.id), ...calls(chatId, userMessage.id)]) {
      expect((await intruder.request(method, path, { body })).status, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, body] of [
      ...calls(chatId, "not-a-uuid"),
      ...calls(chatId, "00000000-0000-4000-8000-000000000000"),
      ...calls(otherChat, userMessage.id),
      ...calls("not-a-uuid", userMessage.id),
    ]) {
      const answer = await owner.client.request(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.code).toBe("not_found");
    }
    const anonymous = (await registerUser(server)).client;
    anonymous.cookies.clear();
    for (const [method, path, body] of calls(chatId, userMessage.id)) {
      expect((await anonymous.request(method, path, { body })).status).toBe(401);
    }
    for (const [method, path, body] of calls(chatId, userMessage.id).filter(([m]) => m !== "GET")) {
      const answer = await owner.client.request(method, path, {
        body,
        headers: { origin: "https://evil.example" },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("cross_origin");
    }
    expect((await owner.client.get(`/api/chats/${chatId}/messages`)).body).toEqual([userMessage, reply]);
  });

  it("keeps a regeneration stopped after some text, and creates no version when stopped before any", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    const path = `/api/chats/${chatId}/messages/${reply.id}/regenerate`;
    const versions = async () =>
      (await client.get(`/api/chats/${chatId}/messages/${reply.id}/versions`)).body;
    try {
      stalling.state.mode = "half";
      await hangUpStream(client, path, (text) => text.includes("event: chunk"));
      await until(async () => (await versions()).versions.length === 2);
      expect(await versions()).toMatchObject({
        versionIndex: 1,
        versions: [{ content: reply.content }, { content: "Half a thought" }],
      });

      stalling.state.mode = "stall";
      const finished = stalling.state.finished;
      await hangUpStream(client, path, () => true);
      await until(() => stalling.state.finished > finished);
      const after = await versions();
      expect(after.versions).toHaveLength(2);
      expect(after.versionIndex).toBe(1);
    } finally {
      stalling.state.mode = null;
    }
  });
});

describe.each(DATABASES)("regenerate and the send rate limit on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, {
      rateLimits: {
        register: { ...REGISTER_LIMIT, limit: 1_000_000 },
        send: { name: "send", limit: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => server.close());

  it("counts regenerations against the send rate limit (429 with Retry-After)", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    expect((await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`)).status).toBe(200);
    const limited = await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/**
 * The persona engine, except that while `together` is above 1 each reply waits until that many replies have begun:
 * regenerations sent at once are all past their checks before the first of them is stored.
 */
function togetherEngine() {
  const persona = createPersonaEngine();
  const waiting: Array<() => void> = [];
  const state = { together: 1 };
  const engine: ReplyEngine = {
    async *reply(request, signal) {
      if (state.together > 1) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length >= state.together) for (const release of waiting.splice(0)) release();
        });
      }
      yield* persona.reply(request, signal);
    },
  };
  return { engine, state };
}

describe.each(DATABASES)("the version cap under parallel regenerations on %s", (kind) => {
  let server: TestApp;
  const together = togetherEngine();
  beforeAll(async () => {
    server = await startTestApp(kind, {
      replyEngine: together.engine,
      // Every regeneration sent at once gets to its engine (and the engine lets them on together).
      env: { LLM_CONCURRENCY: "100" },
      rateLimits: {
        register: { ...REGISTER_LIMIT, limit: 1_000_000 },
        send: { name: "send", limit: 1_000_000, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => server.close());

  const regenerate = (client: Client, chatId: string, replyId: string, headers?: Record<string, string>) =>
    client.post(`/api/chats/${chatId}/messages/${replyId}/regenerate`, undefined, headers);
  const versionCount = async (client: Client, chatId: string, replyId: string) =>
    (await client.get(`/api/chats/${chatId}/messages/${replyId}/versions`)).body.versions.length;

  it("stores at most 20 versions of a reply from 40 regenerations sent at once, refusing the rest with 409 too_many_versions", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    together.state.together = 40;
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 40 }, () => regenerate(client, chatId, reply.id)));
    } finally {
      together.state.together = 1;
    }
    expect(await versionCount(client, chatId, reply.id)).toBe(20);
    const stored = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(stored).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe("too_many_versions");
    }
    expect(new Set(stored.map((answer) => answer.body.reply.versionCount)).size).toBe(19);
    expect((await regenerate(client, chatId, reply.id)).body.code).toBe("too_many_versions");
  });

  it("gives a free user's message back when the last version went to a regeneration sent with theirs, and tells a stream", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const { reply } = await send(client, chatId, "Hello");
    for (let i = 0; i < 18; i++) expect((await regenerate(client, chatId, reply.id)).status).toBe(200);
    await setSubscription(server, user.id, { subscriptionStatus: "trial" });
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);

    together.state.together = 2;
    let answers;
    try {
      answers = await Promise.all([
        regenerate(client, chatId, reply.id, SSE),
        regenerate(client, chatId, reply.id, SSE),
      ]);
    } finally {
      together.state.together = 1;
    }
    const last = answers.map((answer) => parseEvents(answer.text).at(-1));
    expect(last.map((event) => event?.event).sort()).toEqual(["done", "error"]);
    expect(last.find((event) => event?.event === "error")?.data).toEqual({
      message: "This reply already has 20 versions. Choose one, or send a new message",
      code: "too_many_versions",
    });
    expect(await versionCount(client, chatId, reply.id)).toBe(20);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(1);
  });
});
