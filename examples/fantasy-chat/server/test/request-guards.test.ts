import { userChanged } from "../src/users/user-changes.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { users } from "../src/db/schema.js";
import {
  Client,
  DATABASES,
  PASSWORD,
  createChat,
  registerUser,
  startTestApp,
  uniqueEmail,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

describe.each(DATABASES)("cross-origin refusal on %s", (kind) => {
  let server: TestApp;
  let host: string;
  beforeAll(async () => {
    server = await startTestApp(kind);
    host = new URL(server.url).host;
  });
  afterAll(() => server.close());

  it("refuses state-changing requests whose Origin is another site with 403, changing nothing", async () => {
    const email = uniqueEmail();
    const answer = await new Client(server).post(
      "/api/auth/register",
      { email, password: PASSWORD, firstName: "Eve", lastName: "Il" },
      { origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: "Forbidden", code: "cross_origin" });
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it("refuses Sec-Fetch-Site cross-site and same-site, Origin null, and PUT as well as POST", async () => {
    const { client } = await registerUser(server);
    const attempts: Array<[string, string, Record<string, string>]> = [
      ["POST", "/api/auth/verify-age", { "sec-fetch-site": "cross-site" }],
      ["POST", "/api/auth/verify-age", { "sec-fetch-site": "same-site" }],
      ["POST", "/api/auth/verify-age", { origin: "null" }],
      ["PUT", "/api/profile", { origin: `http://${host}.evil.example` }],
      ["POST", "/api/chats", { origin: "http://localhost:1" }],
    ];
    for (const [method, path, headers] of attempts) {
      const answer = await client.request(method, path, { body: {}, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await client.get("/api/auth/user")).body.ageVerified).toBe(false);
  });

  it("lets same-origin requests and requests without browser origin headers through", async () => {
    const { client } = await registerUser(server);
    const same = await client.post("/api/auth/verify-age", undefined, {
      origin: server.url,
      "sec-fetch-site": "same-origin",
    });
    expect(same.status).toBe(200);
    const other = await registerUser(server);
    expect((await other.client.post("/api/auth/verify-age")).status).toBe(200);
  });

  it("does not restrict reads from other origins (they carry no side effects)", async () => {
    const answer = await new Client(server).get("/api/characters", { origin: "https://evil.example" });
    expect(answer.status).toBe(200);
  });
});

describe.each(DATABASES)("rate limits on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("allows 10 sign-in attempts per IP and email in 15 minutes, then answers 429 with Retry-After", async () => {
    const email = uniqueEmail();
    await registerUser(server, { email });
    const client = new Client(server);
    for (let i = 0; i < 10; i++) {
      expect((await client.post("/api/auth/login", { email, password: "wrong-password" })).status).toBe(401);
    }
    const limited = await client.post("/api/auth/login", { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const otherEmail = uniqueEmail();
    await registerUser(server, { email: otherEmail });
    expect((await client.post("/api/auth/login", { email: otherEmail, password: PASSWORD })).status).toBe(
      200,
    );

    server.clock.advance(retryAfter * 1000);
    expect((await client.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("counts attempts in the database, so two server processes on it share the limit", async () => {
    const second = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      rateLimits: { register: { name: "register", limit: 1000, windowMs: 60_000 } },
    });
    const secondUrl = await second.listen({ port: 0, host: "127.0.0.1" });
    try {
      const email = uniqueEmail();
      await registerUser(server, { email });
      const viaSecond = new Client({ ...server, url: secondUrl });
      for (let i = 0; i < 10; i++) {
        const target = i % 2 === 0 ? new Client(server) : viaSecond;
        expect((await target.post("/api/auth/login", { email, password: "wrong-password" })).status).toBe(
          401,
        );
      }
      expect((await viaSecond.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(429);
      expect((await new Client(server).post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
        429,
      );
    } finally {
      await second.close();
    }
  });

  it("allows 30 messages a minute per user, then answers 429 with Retry-After", async () => {
    const { client, user } = await verifiedUser(server);
    await server.database.db.update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, user.id));
    userChanged(user.id);
    const chatId = await createChat(client);
    for (let i = 0; i < 30; i++) {
      expect((await client.post(`/api/chats/${chatId}/messages`, { content: `Message ${i}` })).status).toBe(
        200,
      );
    }
    const limited = await client.post(`/api/chats/${chatId}/messages`, { content: "One more" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    server.clock.advance(60_000);
    expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Later" })).status).toBe(200);
  });

  it("takes the operator's SEND_LIMIT_PER_MINUTE in place of 30", async () => {
    const strict = await startTestApp(kind, { env: { SEND_LIMIT_PER_MINUTE: "2" } });
    try {
      const { client, user } = await verifiedUser(strict);
      await strict.database.db
        .update(users)
        .set({ subscriptionStatus: "active" })
        .where(eq(users.id, user.id));
      userChanged(user.id);
      const chatId = await createChat(client);
      for (const content of ["One", "Two"]) {
        expect((await client.post(`/api/chats/${chatId}/messages`, { content })).status).toBe(200);
      }
      const limited = await client.post(`/api/chats/${chatId}/messages`, { content: "Three" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});
