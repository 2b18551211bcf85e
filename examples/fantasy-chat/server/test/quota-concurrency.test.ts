import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyMessageUsage, messages } from "../src/db/schema.js";
import { DATABASES, createChat, startTestApp, verifiedUser, type TestApp } from "./support/test-app.js";

describe.each(DATABASES)("the free allowance under concurrency on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("accepts exactly 3 of 20 simultaneous sends from a free user with 0 used; 17 get 402; the database agrees", async () => {
    const { client, user } = await verifiedUser(server);
    const chatId = await createChat(client);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post(`/api/chats/${chatId}/messages`, { content: `Race ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    for (const refused of answers.filter((a) => a.status === 402)) {
      expect(refused.body).toEqual({ message: "Subscription required", code: "quota_exhausted" });
    }
    expect(
      answers
        .filter((a) => a.status === 200)
        .map((a) => a.body.freeMessagesUsed)
        .sort(),
    ).toEqual([1, 2, 3]);

    const [usage] = await server.database.db
      .select()
      .from(dailyMessageUsage)
      .where(and(eq(dailyMessageUsage.userId, user.id), eq(dailyMessageUsage.day, "2026-11-21")));
    expect(usage?.count).toBe(3);
    const stored = await server.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(stored.filter((m) => m.role === "user")).toHaveLength(3);
    expect(stored.filter((m) => m.role === "character")).toHaveLength(3);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(3);
  });
});
