import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatContextCache } from "../src/chats/chat-context-cache.js";
import { replyStores, sendClaims } from "../src/chats/send-groups.js";
import { chatMemories, chats, messages } from "../src/db/schema.js";
import {
  DATABASES,
  createChat,
  setSubscription,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

/** `count` verified users, each with a chat of their own; premium when asked. */
async function usersWithChats(server: TestApp, count: number, premium: boolean) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const { client, user } = await verifiedUser(server);
      if (premium) await setSubscription(server, user.id, { subscriptionStatus: "active" });
      return { client, user, chatId: await createChat(client) };
    }),
  );
}

describe.each(DATABASES)("sends made together, grouped into shared statements, on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("answers twelve simultaneous sends of different users each as if alone: 200s, a 404 and a 402", async () => {
    const premium = await usersWithChats(server, 8, true);
    const [spent, fresh] = await usersWithChats(server, 2, false);
    for (let i = 0; i < 3; i++)
      expect(
        (await spent!.client.post(`/api/chats/${spent!.chatId}/messages`, { content: `Hi ${i}` })).status,
      ).toBe(200);
    const stranger = (await usersWithChats(server, 1, true))[0]!;

    const answers = await Promise.all([
      ...premium.map(({ client, chatId }, i) =>
        client.post(`/api/chats/${chatId}/messages`, { content: `Tale ${i}` }),
      ),
      stranger.client.post(`/api/chats/${premium[0]!.chatId}/messages`, { content: "Not my chat" }),
      spent!.client.post(`/api/chats/${spent!.chatId}/messages`, { content: "A fourth" }),
      fresh!.client.post(`/api/chats/${fresh!.chatId}/messages`, { content: "My first" }),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([...premium.map(() => 200), 404, 402, 200]);
    expect(answers[9]!.body.code).toBe("quota_exhausted");
    expect(answers[10]!.body.freeMessagesUsed).toBe(1);
    for (const [i, { chatId }] of premium.entries()) {
      const stored = await server.database.db
        .select()
        .from(messages)
        .where(eq(messages.chatId, chatId))
        .orderBy(messages.seq);
      expect(stored.map((m) => [m.role, m.role === "user" ? m.content : m.id])).toEqual([
        ["user", `Tale ${i}`],
        ["character", answers[i]!.body.reply.id],
      ]);
      expect(answers[i]!.body.userMessage.content).toBe(`Tale ${i}`);
    }
  });

  it("stores replies written while one is being stored in one statement, with their memories; a reply to a deleted chat is refused alone", async () => {
    const [a, b, gone] = await usersWithChats(server, 3, true);
    await server.database.db.delete(chats).where(eq(chats.id, gone!.chatId));
    const stores = replyStores(server.database.db);
    const at = new Date().toISOString();
    const row = (chatId: string, text: string, coveredSeq: number | null = null) => ({
      messageId: randomUUID(),
      chatId,
      text,
      at,
      memory:
        coveredSeq === null ? null : { facts: [`fact of ${text}`], topics: ["the harbour"], coveredSeq },
    });

    const first = stores.write(row(a!.chatId, "First"));
    const grouped = [
      stores.write(row(b!.chatId, "Second", 7)),
      stores.write(row(gone!.chatId, "To nobody")),
      stores.write(row(a!.chatId, "Third")),
    ];
    const outcomes = await Promise.allSettled([first, ...grouped]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    // One alone, the group of three (refused for the deleted chat), then each of the three alone.
    expect(stores.counts).toEqual({ statements: 5, rows: 7 });
    const stored = await server.database.db
      .select({ chatId: messages.chatId, content: messages.content, versions: messages.versions })
      .from(messages)
      .where(eq(messages.role, "character"));
    expect(stored.filter((m) => m.chatId === a!.chatId).map((m) => m.content)).toEqual(["First", "Third"]);
    expect(stored.filter((m) => m.chatId === b!.chatId).map((m) => m.versions)).toEqual([
      [{ content: "Second", createdAt: at }],
    ]);
    const [memory] = await server.database.db
      .select()
      .from(chatMemories)
      .where(eq(chatMemories.chatId, b!.chatId));
    expect(memory).toMatchObject({ facts: ["fact of Second"], topics: ["the harbour"], coveredSeq: 7 });
  });

  it("claims of several users made while one runs go in one statement, each answered for its own chat", async () => {
    const owners = await usersWithChats(server, 5, true);
    const claims = sendClaims(server.database.db, new ChatContextCache());
    const now = new Date();
    const claim = (userId: string, chatId: string, content: string) => ({
      chatId,
      userId,
      hitKey: `group-test:${userId}`,
      windowStart: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60_000).toISOString(),
      sendLimit: 30,
      day: now.toISOString().slice(0, 10),
      starting: () => null,
      messageId: randomUUID(),
      store: true,
      charged: false,
      premiumCharacterAllowed: true,
      content,
      at: now.toISOString(),
      title: content,
    });

    const rows = await Promise.all([
      ...owners.map(({ user, chatId }, i) => claims.premium.write(claim(user.id, chatId, `Claim ${i}`))),
      // Someone else's chat: no row, and nothing stored in it.
      claims.premium.write(claim(owners[1]!.user.id, owners[0]!.chatId, "Intruder")),
    ]);

    expect(claims.premium.counts.statements).toBeLessThan(rows.length);
    expect(rows.slice(0, 5).map((row) => [row?.id, Number(row?.hits)])).toEqual(
      owners.map(({ chatId }) => [chatId, 1]),
    );
    for (const [i, { chatId }] of owners.entries()) {
      const stored = await server.database.db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(eq(messages.chatId, chatId));
      expect(stored).toEqual([{ id: rows[i]?.messageId, content: `Claim ${i}` }]);
    }
    expect(rows[5]).toBeUndefined();
  });

  it("stores a premium chat's folded memory with a send's reply, and again when a regenerated reply folds it anew", async () => {
    const [{ client, chatId }] = (await usersWithChats(server, 1, true)) as [
      Awaited<ReturnType<typeof usersWithChats>>[0],
    ];
    const sent = async (content: string) => {
      const answer = await client.post(`/api/chats/${chatId}/messages`, { content });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    await sent("My name is Ilse and I keep bees by the southern coast.");
    for (let i = 1; i < 22; i++) await sent(`Tell me more of the road, part ${i}.`);
    const memoryRow = async () =>
      (await server.database.db.select().from(chatMemories).where(eq(chatMemories.chatId, chatId)))[0];
    // The 22nd send sees 42 messages: the window (40) moved, and its reply statement stored the first two folded.
    const folded = await memoryRow();
    expect(folded?.coveredSeq).toBeGreaterThan(0);
    expect(JSON.stringify(folded?.facts)).toContain("bees");

    await server.database.db.delete(chatMemories).where(eq(chatMemories.chatId, chatId));
    const last = await sent("And what of the harbour?");
    const regenerated = await client.post(`/api/chats/${chatId}/messages/${last.reply.id}/regenerate`);
    expect(regenerated.status).toBe(200);
    const rebuilt = await memoryRow();
    expect(rebuilt?.coveredSeq).toBeGreaterThanOrEqual(Number(folded?.coveredSeq));
    expect(JSON.stringify(rebuilt?.facts)).toContain("bees");
  });
});
