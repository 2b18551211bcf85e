// Security properties not shown elsewhere: CSRF refusal on every state-changing route, another user's message
// edits, swipes and deletions (IDOR), hostile markup stored and returned verbatim as JSON, the CSP on every HTML
// page, and a log captured through a whole paid journey that holds no secret. Session fixation, cookie flags and
// sign-in limits are in auth.test.ts and request-guards.test.ts; webhook signatures in billing-webhooks.test.ts
// and paystack-payments.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appLoggerOptions } from "../src/http/log-safety.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { startPremiumPayment, startTrialSetup } from "./support/payments.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import {
  ADMIN_EMAIL,
  Client,
  DATABASES,
  PASSWORD,
  createChat,
  parseEvents,
  registerUser,
  startTestApp,
  uniqueEmail,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const SSE = { accept: "text/event-stream" };
const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>"'&{{7*7}}`;

/** Sends a message and waits for its reply; answers the chat's messages afterwards. */
async function converse(client: Client, chatId: string, content: string) {
  const sent = await client.request("POST", `/api/chats/${chatId}/messages`, {
    body: { content },
    headers: SSE,
  });
  expect(parseEvents(sent.text).at(-1)?.event, sent.text).toBe("done");
  return (await client.get(`/api/chats/${chatId}/messages`)).body as Array<{
    id: string;
    role: string;
    content: string;
  }>;
}

describe.each(DATABASES)("security on %s", (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses every state-changing /api route from another site with 403 JSON, writing nothing", async () => {
    const { client } = await verifiedUser(server);
    const admin = (await registerUser(server, { email: uniqueEmail("keeper") })).client;
    const chatId = await createChat(client);
    const [userMessage, reply] = await converse(client, chatId, "Well met");
    const { reference } = await startPremiumPayment(client);
    const trial = await startTrialSetup(client);
    const other = (await registerUser(server)).user.id;
    const routes: Array<[string, string, unknown]> = [
      [
        "POST",
        "/api/auth/register",
        { email: uniqueEmail(), password: PASSWORD, firstName: "Mal", lastName: "Forge" },
      ],
      ["POST", "/api/auth/login", { email: ADMIN_EMAIL, password: PASSWORD }],
      ["POST", "/api/auth/verify-age", undefined],
      ["POST", "/api/chats", { characterId: "kaelen-nightthorn", title: null }],
      ["POST", `/api/chats/${chatId}/messages`, { content: "Forged" }],
      ["POST", `/api/chats/${chatId}/messages/${reply!.id}/regenerate`, undefined],
      ["PATCH", `/api/chats/${chatId}/messages/${userMessage!.id}`, { content: "Forged" }],
      ["PUT", `/api/chats/${chatId}/messages/${reply!.id}/version`, { index: 0 }],
      ["DELETE", `/api/chats/${chatId}/messages/${userMessage!.id}`, undefined],
      [
        "PUT",
        "/api/profile",
        {
          preferredName: "Mal",
          favoriteArchetype: null,
          backstory: "x".repeat(60),
          personalityTraits: ["curious"],
        },
      ],
      ["POST", `/api/admin/users/${other}/role`, { role: "admin" }],
      ["POST", "/api/admin/characters/import", { spec: "chara_card_v2" }],
      ["POST", "/api/initialize-payment", { amount: 9900, email: "mal@evil.example" }],
      ["POST", "/api/verify-payment", { reference }],
      ["POST", "/api/setup-trial", { email: "mal@evil.example", firstName: "Mal", lastName: "Ice" }],
      ["POST", "/api/trial/complete", { reference: trial.reference }],
      ["POST", "/api/webhooks/billing", {}],
      ["POST", "/api/test/clock", { advanceMs: 86_400_000 }],
      ["POST", "/api/test/renewals", undefined],
    ];
    const before = await snapshotTables(server.database);
    for (const [method, path, body] of routes) {
      for (const browser of [client, admin]) {
        const answer = await browser.request(method, path, { body, headers: CROSS_SITE });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body, `${method} ${path}`).toMatchObject({ code: "cross_origin" });
      }
    }
    expect(changedTables(before, await snapshotTables(server.database))).toEqual([]);
  });

  it("answers 404 to another user's message edits, swipes, versions and deletions, changing nothing", async () => {
    const owner = (await verifiedUser(server)).client;
    const intruder = (await verifiedUser(server)).client;
    const chatId = await createChat(owner);
    const [userMessage, reply] = await converse(owner, chatId, "A secret between us");
    const intruderChat = await createChat(intruder);
    const attempts: Array<[string, string, unknown]> = [];
    for (const chat of [chatId, intruderChat]) {
      attempts.push(
        ["GET", `/api/chats/${chat}/messages/${reply!.id}/versions`, undefined],
        ["PUT", `/api/chats/${chat}/messages/${reply!.id}/version`, { index: 0 }],
        ["POST", `/api/chats/${chat}/messages/${reply!.id}/regenerate`, undefined],
        ["PATCH", `/api/chats/${chat}/messages/${userMessage!.id}`, { content: "Stolen" }],
        ["DELETE", `/api/chats/${chat}/messages/${userMessage!.id}`, undefined],
        ["DELETE", `/api/chats/${chat}/messages/${reply!.id}`, undefined],
      );
    }
    const before = await snapshotTables(server.database);
    for (const [method, path, body] of attempts) {
      const answer = await intruder.request(method, path, { body, headers: SSE });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(404);
      expect(answer.text).not.toContain("A secret between us");
    }
    expect(changedTables(before, await snapshotTables(server.database))).toEqual([]);
    expect((await owner.get(`/api/chats/${chatId}/messages`)).body).toHaveLength(2);
  });

  it("stores hostile markup in names, titles, messages and backstory verbatim and returns it only as JSON", async () => {
    const { client } = await registerUser(server, {
      firstName: XSS.slice(0, 50),
      lastName: XSS.slice(0, 50),
    });
    expect((await client.post("/api/auth/verify-age")).status).toBe(200);
    const created = await client.post("/api/chats", { characterId: "kaelen-nightthorn", title: XSS });
    expect(created.status).toBe(201);
    const messages = await converse(client, created.body.id, XSS);
    const backstory = `${XSS} ${"and more words to pass fifty characters"}`;
    const saved = await client.put("/api/profile", {
      preferredName: XSS.slice(0, 50),
      favoriteArchetype: null,
      backstory,
      personalityTraits: ["curious"],
    });
    expect(saved.status, saved.text).toBe(200);

    const reads = [
      await client.get("/api/auth/user"),
      await client.get(`/api/chats/${created.body.id}`),
      await client.get(`/api/chats/${created.body.id}/messages`),
      await client.get("/api/profile"),
    ];
    for (const answer of reads) {
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const [user, chat, stored, profile] = reads.map((r) => r.body);
    expect(user).toMatchObject({ firstName: XSS.slice(0, 50), lastName: XSS.slice(0, 50) });
    expect(chat.title).toBe(XSS);
    expect(messages[0]?.content).toBe(XSS);
    expect(stored[0].content).toBe(XSS);
    expect(profile).toMatchObject({ preferredName: XSS.slice(0, 50), backstory });
  });

  it("sends a restrictive Content-Security-Policy on every HTML page", async () => {
    const { client } = await verifiedUser(server);
    const { authorization_url } = await startPremiumPayment(client);
    const anonymous = new Client(server);
    for (const [browser, path] of [
      [anonymous, "/api/login"],
      [anonymous, "/"],
      [client, new URL(authorization_url, server.url).pathname],
    ] as const) {
      const answer = await browser.get(path);
      expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
      const csp = answer.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("'unsafe-eval'");
    }
  });
});

describe.each(DATABASES)("secrets in the log on %s", (kind) => {
  it("writes no password, session token, cookie, Paystack key, webhook secret or session secret from register to webhook", async () => {
    const paystack = await FakePaystack.start();
    const lines: string[] = [];
    const secrets = {
      SESSION_SECRET: "log-test-session-secret-0123456789abcdef",
      BILLING_WEBHOOK_SECRET: "log-test-webhook-secret-0123456789",
    };
    const server = await startTestApp(kind, {
      env: { ...secrets, PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
      logger: { ...appLoggerOptions("trace"), stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const email = uniqueEmail();
      const { client } = await registerUser(server, { email });
      const registeredCookie = client.cookies.get("rh_session") ?? "";
      expect((await client.post("/api/auth/login", { email, password: "wrong-password-123" })).status).toBe(
        401,
      );
      expect((await client.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
      const token = client.cookies.get("rh_session") ?? "";
      expect((await client.post("/api/auth/verify-age")).status).toBe(200);
      await converse(client, await createChat(client), "Tell me of the northern marches");
      const { reference } = await startPremiumPayment(client);
      paystack.pay(reference);
      expect((await client.post("/api/verify-payment", { reference })).status).toBe(200);
      const webhook = paystack.webhook("charge.success", reference);
      const delivered = await new Client(server).request("POST", "/api/webhooks/paystack", {
        rawBody: webhook.body,
        headers: { "content-type": "application/json", "x-paystack-signature": webhook.signature },
      });
      expect(delivered.status).toBe(200);
      const forged = await new Client(server).request("POST", "/api/webhooks/billing", {
        rawBody: "{}",
        headers: {
          authorization: `Bearer ${secrets.BILLING_WEBHOOK_SECRET}`,
          "x-webhook-signature": "v1=00",
        },
      });
      expect(forged.status).toBe(401);

      const log = lines.join("\n");
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of [
        PASSWORD,
        "wrong-password-123",
        registeredCookie,
        token,
        paystack.secretKey,
        webhook.signature,
        secrets.SESSION_SECRET,
        secrets.BILLING_WEBHOOK_SECRET,
      ]) {
        expect(secret.length).toBeGreaterThan(8);
        expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
      }
    } finally {
      await server.close();
      await paystack.close();
    }
  });
});
