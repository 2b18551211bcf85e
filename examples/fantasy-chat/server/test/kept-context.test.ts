// A send's reply context is kept in memory between one user's sends (issue #19): the next claim reads the chat's
// revision instead of its messages. What the model is asked must be exactly what a read would give, whatever
// changed the chat in between: this instance's sends, or another instance's insert, edit or delete (done here
// straight in the database, as another process would).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ChatContextCache } from "../src/chats/chat-context-cache.js";
import { chats, messages } from "../src/db/schema.js";
import { until, type FakeLlm } from "./support/fake-llm.js";
import { useLlmTestApp } from "./support/llm-test-app.js";
import {
  DATABASES,
  createChat,
  setSubscription,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

type Prompt = Array<{ role: string; content: string }>;

describe.each(DATABASES)("a reply context kept between sends on %s", (kind) => {
  const setup = useLlmTestApp(kind);
  let llm: FakeLlm;
  let server: TestApp;
  beforeAll(() => {
    ({ llm, server } = setup);
  });

  /** A chat of `premium`'s user with `count` earlier messages; its client. */
  const chatWith = async (premium: boolean, count: number) => {
    const { client, user } = await verifiedUser(server);
    if (premium) await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const start = server.clock.now().getTime() - 3_600_000;
    if (count > 0) {
      await server.database.db.insert(messages).values(
        Array.from({ length: count }, (_, i) => ({
          chatId,
          role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
          content: i === 0 ? "My sister is called Mira." : `Earlier turn ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    }
    return { client, chatId };
  };

  /**
   * Sends `content` and gives the prompt of the reply the user got: the last request the model was sent. A reply
   * begun early from the kept context, before the claim showed the chat had changed, was cut off.
   */
  const promptOf = async (
    client: Awaited<ReturnType<typeof chatWith>>["client"],
    chatId: string,
    content: string,
  ) => {
    llm.requests.length = 0;
    llm.closedEarly = 0;
    // Answers that take a while, so that a reply cut off is cut off before it ends.
    llm.answers.splice(
      0,
      llm.answers.length,
      ...[1, 2].map(() => ({ chunks: ["A", "n", "swer"], delayMs: 10 })),
    );
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content });
    expect(answer.status).toBe(200);
    await until(() => llm.closedEarly === llm.completions.length - 1);
    return llm.completions.at(-1)?.body.messages as Prompt;
  };

  /** After a send: the chat's last `n` messages before the one answered and its reply, oldest first, as stored. */
  const storedHistory = async (chatId: string, n: number) => {
    const rows = await server.database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(asc(messages.seq));
    return rows
      .slice(0, -2)
      .slice(-n)
      .map((row) => row.content);
  };

  /** The history part of a prompt: what follows the system messages, without the message answered. */
  const historyIn = (prompt: Prompt) =>
    prompt
      .filter((m) => m.role !== "system")
      .slice(0, -1)
      .map((m) => m.content);

  for (const premium of [true, false]) {
    const window = premium ? 40 : 20;
    it(`asks with the same history as a read would, send after send (${premium ? "premium" : "free"})`, async () => {
      const { client, chatId } = await chatWith(premium, 50);
      // Free users have three messages a day: the sends stay within them.
      for (const line of ["First", "Second", "Third"]) {
        const prompt = await promptOf(client, chatId, line);
        expect(historyIn(prompt)).toEqual(await storedHistory(chatId, window));
        expect(prompt.at(-1)).toEqual({ role: "user", content: line });
      }
    });
  }

  it("sees another instance's insert, edit and delete at the next send", async () => {
    const { client, chatId } = await chatWith(true, 50);
    await promptOf(client, chatId, "Hello");
    await promptOf(client, chatId, "Still here");

    // Another instance's send: a message this instance never stored.
    await server.database.db
      .insert(messages)
      .values({ chatId, role: "user", content: "Written elsewhere", createdAt: server.clock.now() });
    const afterInsert = await promptOf(client, chatId, "Did you see that?");
    expect(historyIn(afterInsert)).toContain("Written elsewhere");
    expect(historyIn(afterInsert)).toEqual(await storedHistory(chatId, 40));

    // Another instance's edit of a message inside the window.
    await server.database.db
      .update(messages)
      .set({ content: "Edited elsewhere" })
      .where(and(eq(messages.chatId, chatId), eq(messages.content, "Written elsewhere")));
    const afterEdit = await promptOf(client, chatId, "And now?");
    expect(historyIn(afterEdit)).toContain("Edited elsewhere");
    expect(historyIn(afterEdit)).not.toContain("Written elsewhere");
    expect(historyIn(afterEdit)).toEqual(await storedHistory(chatId, 40));

    // Another instance's delete.
    await server.database.db
      .delete(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.content, "Edited elsewhere")));
    const afterDelete = await promptOf(client, chatId, "Gone?");
    expect(historyIn(afterDelete)).not.toContain("Edited elsewhere");
    expect(historyIn(afterDelete)).toEqual(await storedHistory(chatId, 40));
  });

  it("moves the chat's revision once per statement that changes its messages, and only its own", async () => {
    const first = await chatWith(true, 3);
    const second = await chatWith(true, 0);
    const revision = async (chatId: string) =>
      (
        await server.database.db.select({ r: chats.messagesRevision }).from(chats).where(eq(chats.id, chatId))
      )[0]?.r;
    const before = await revision(first.chatId);
    await promptOf(first.client, first.chatId, "One send: the message, then the reply");
    expect(await revision(first.chatId)).toBe((before ?? 0) + 2);
    await server.database.db.execute(
      sql`update ${messages} set content = content where chat_id = ${first.chatId}`,
    );
    expect(await revision(first.chatId)).toBe((before ?? 0) + 3);
    expect(await revision(second.chatId)).toBe(0);
  });

  it("keeps two sends to one chat at once consistent: the next send sees both", async () => {
    const { client, chatId } = await chatWith(true, 50);
    await promptOf(client, chatId, "Warm up");
    llm.answers.push({ chunks: ["Reply A"] }, { chunks: ["Reply B"] });
    const [a, b] = await Promise.all([
      client.post(`/api/chats/${chatId}/messages`, { content: "At once A" }),
      client.post(`/api/chats/${chatId}/messages`, { content: "At once B" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const prompt = await promptOf(client, chatId, "After both");
    expect(historyIn(prompt)).toEqual(expect.arrayContaining(["At once A", "At once B"]));
    expect(historyIn(prompt)).toEqual(await storedHistory(chatId, 40));
  });

  it("remembers, in a premium chat, what left the window while its context was kept", async () => {
    const { client, chatId } = await chatWith(true, 39);
    // The window (40) fills and then moves, send by send, while the context stays kept.
    for (const line of ["One", "Two", "Three", "Four"]) await promptOf(client, chatId, line);
    const prompt = await promptOf(client, chatId, "Who is my sister?");
    expect(prompt.find((m, i) => i > 0 && m.role === "system")?.content).toContain(
      "your sister is called Mira",
    );
    expect(historyIn(prompt)).not.toContain("My sister is called Mira.");
  });
});

/** The ways a server's database runs: PostgreSQL, PGlite in-process, and PGlite on its own thread (`npm start`). */
const SETUPS = [
  ...DATABASES.map((kind) => ({ name: kind, kind, pgliteThread: false })),
  { name: "PGlite on its own thread", kind: "pglite" as const, pgliteThread: true },
];

/** Counts the claims that read a chat's context from the database (each keeps what it read). */
class CountingContexts extends ChatContextCache {
  reads = 0;
  override keep(...args: Parameters<ChatContextCache["keep"]>) {
    this.reads += 1;
    return super.keep(...args);
  }
}

describe.each(SETUPS)("overlapping sends to one chat on $name", ({ kind, pgliteThread }) => {
  it("keep the chat's context when their messages are stored in order, at the chat's own revision", async () => {
    const contexts = new CountingContexts();
    const server = await startTestApp(kind, { chatContexts: contexts, pgliteThread });
    try {
      const { client, user } = await verifiedUser(server);
      await setSubscription(server, user.id, { subscriptionStatus: "active" });
      const chatId = await createChat(client);
      expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Warm up" })).status).toBe(200);
      const readsBefore = contexts.reads;
      const answers = await Promise.all(
        ["At once A", "At once B", "At once C", "At once D"].map((content) =>
          client.post(`/api/chats/${chatId}/messages`, { content }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const kept = contexts.get(chatId, true);
      // PGlite runs one statement at a time, and a claim waits for the chat's messages this instance is storing:
      // every claim finds the kept context current and none reads the chat. On PostgreSQL two sends' stores may
      // finish out of order, and then the context is dropped and read again.
      if (kind === "pglite") {
        expect(kept).not.toBeNull();
        expect(contexts.reads - readsBefore).toBe(0);
      }
      if (kept) {
        const [chat] = await server.database.db
          .select({ revision: chats.messagesRevision })
          .from(chats)
          .where(eq(chats.id, chatId));
        const stored = await server.database.db
          .select({ seq: messages.seq, content: messages.content })
          .from(messages)
          .where(eq(messages.chatId, chatId))
          .orderBy(desc(messages.seq));
        expect(kept.revision).toBe(chat?.revision);
        expect(kept.messages.map((m) => ({ seq: m.seq, content: m.content }))).toEqual(stored);
      }
    } finally {
      await server.close();
    }
  });
});
