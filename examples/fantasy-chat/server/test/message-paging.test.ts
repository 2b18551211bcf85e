import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_CHANGED_CHANNEL } from "../src/chats/chat-page-cache.js";
import { openAppDatabase, type AppDatabase } from "../src/db/database.js";
import { messages } from "../src/db/schema.js";
import { DATABASES, createChat, startTestApp, verifiedUser, type TestApp } from "./support/test-app.js";

const OLDER_LINK =
  /^<\/api\/chats\/([0-9a-f-]{36})\/messages\?before=([0-9a-f-]{36})&limit=(\d+)>; rel="next"$/;

describe.each(DATABASES)("message pages on %s", (kind) => {
  let server: TestApp;
  /** Another connection on the same data, as another instance or a script would write (PostgreSQL only). */
  let other: AppDatabase | null = null;
  beforeAll(async () => {
    server = await startTestApp(kind);
    if (server.pgSchema && process.env.TEST_DATABASE_URL) {
      other = await openAppDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        pgSchema: server.pgSchema,
      });
    }
  });
  afterAll(async () => {
    await other?.close();
    await server.close();
  });

  /** Stores `count` alternating messages "line 1"… directly, one millisecond apart; gives them oldest first. */
  async function storeLines(chatId: string, count: number, first = 1, db = server.database.db) {
    const rows = Array.from({ length: count }, (_, i) => ({
      chatId,
      role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
      content: `line ${first + i}`,
      createdAt: new Date(server.clock.now().getTime() + first + i),
    }));
    return db.insert(messages).values(rows).returning();
  }

  it("answers the latest 50 messages oldest first, and a Link to each older page until the first", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    await storeLines(chatId, 120);

    const latest = await client.get(`/api/chats/${chatId}/messages`);
    expect(latest.status).toBe(200);
    expect(latest.body.map((m: any) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `line ${71 + i}`),
    );
    const link = latest.headers.get("link") ?? "";
    expect(link).toMatch(OLDER_LINK);
    const [, linkChat, cursor, limit] = OLDER_LINK.exec(link)!;
    expect([linkChat, cursor, limit]).toEqual([chatId, latest.body[0].id, "50"]);

    const contents: string[] = latest.body.map((m: any) => m.content);
    let next: string | null = link.slice(1, link.indexOf(">"));
    let pages = 1;
    while (next) {
      const page = await client.get(next);
      expect(page.status).toBe(200);
      contents.unshift(...page.body.map((m: any) => m.content));
      const more = page.headers.get("link");
      next = more ? more.slice(1, more.indexOf(">")) : null;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(contents).toEqual(Array.from({ length: 120 }, (_, i) => `line ${i + 1}`));
  });

  it("takes a page size from 1 to 100 and refuses anything else, or a cursor that is not a message of the chat", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const [, second] = await storeLines(chatId, 5);
    const three = await client.get(`/api/chats/${chatId}/messages?limit=3`);
    expect(three.body.map((m: any) => m.content)).toEqual(["line 3", "line 4", "line 5"]);
    expect(three.headers.get("link")).toMatch(OLDER_LINK);
    const before = await client.get(`/api/chats/${chatId}/messages?before=${three.body[0].id}&limit=3`);
    expect(before.body.map((m: any) => m.content)).toEqual(["line 1", "line 2"]);
    expect(before.headers.get("link")).toBeNull();
    const first = await client.get(`/api/chats/${chatId}/messages?before=${second!.id}`);
    expect(first.body.map((m: any) => m.content)).toEqual(["line 1"]);

    for (const query of ["limit=0", "limit=101", "limit=2.5", "limit=ten"]) {
      const refused = await client.get(`/api/chats/${chatId}/messages?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "validation_error",
        message: "limit must be a whole number from 1 to 100",
      });
    }
    const badCursor = await client.get(`/api/chats/${chatId}/messages?before=not-an-id`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields).toEqual({ before: "before must be the id of a message of this chat" });

    const elsewhere = await createChat(client);
    const [foreign] = await storeLines(elsewhere, 1);
    const unknown = await client.get(`/api/chats/${chatId}/messages?before=${foreign!.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Message not found", code: "not_found" });
  });

  it("answers 404 for someone else's chat, whatever the page, and [] for an empty chat of one's own", async () => {
    const owner = await verifiedUser(server);
    const chatId = await createChat(owner.client);
    const [message] = await storeLines(chatId, 3);
    const stranger = await verifiedUser(server);
    for (const path of [
      `/api/chats/${chatId}/messages`,
      `/api/chats/${chatId}/messages?limit=1`,
      `/api/chats/${chatId}/messages?before=${message!.id}`,
    ]) {
      const answer = await stranger.client.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: "Chat not found", code: "not_found" });
    }
    // The owner's read (now cached) is never served to anyone else either.
    expect((await owner.client.get(`/api/chats/${chatId}/messages`)).body).toHaveLength(3);
    expect((await stranger.client.get(`/api/chats/${chatId}/messages`)).status).toBe(404);
    const empty = await createChat(stranger.client);
    expect((await stranger.client.get(`/api/chats/${empty}/messages`)).body).toEqual([]);
  });

  it("serves the latest page from memory, and forgets it when the chat changes however it changes", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const read = async () =>
      (await client.get(`/api/chats/${chatId}/messages`)).body.map((m: any) => m.content);

    // With the change notification of inserts switched off (their trigger), a write behind the app's back is not
    // seen: the page is memory. (Off from the start, so no notification of the first lines can arrive late.)
    await server.database.db.execute(sql`alter table messages disable trigger messages_changed_on_insert`);
    try {
      await storeLines(chatId, 2);
      expect(await read()).toEqual(["line 1", "line 2"]);
      await storeLines(chatId, 1, 3);
      expect(await read()).toEqual(["line 1", "line 2"]);
    } finally {
      await server.database.db.execute(sql`alter table messages enable trigger messages_changed_on_insert`);
    }
    // The app's own send forgets the page at once.
    const sent = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello there" });
    expect(sent.status).toBe(200);
    expect(await read()).toEqual(["line 1", "line 2", "line 3", "Hello there", sent.body.reply.content]);

    // A write from anywhere else (another instance, a script) is notified by the database; the page follows.
    await storeLines(chatId, 1, 10, (other ?? server.database).db);
    await expect.poll(read).toContain("line 10");
    // Deleting the chat's messages through another connection is seen too.
    await (other ?? server.database).db.execute(sql`delete from messages where chat_id = ${chatId}`);
    await expect.poll(read).toEqual([]);
  });

  it("tells other instances of a send's chats in batches, and of any other write message by message", async () => {
    // A server whose sends' chats wait long enough to share one notification whatever the machine's speed.
    const batching = await startTestApp(kind, { chatNoticeDelayMs: 1000 });
    const payloads: string[] = [];
    const listening = batching.pgSchema
      ? await openAppDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: batching.pgSchema })
      : batching.database;
    const unlisten = await listening.listen(CHAT_CHANGED_CHANNEL, {
      onNotify: (payload) => payloads.push(payload),
    });
    try {
      const senders = await Promise.all([1, 2, 3].map(() => verifiedUser(batching)));
      const chats = await Promise.all(senders.map(({ client }) => createChat(client)));
      const sent = await Promise.all(
        senders.map(({ client }, i) => client.post(`/api/chats/${chats[i]}/messages`, { content: "Hello" })),
      );
      expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200]);
      if (kind === "postgres") {
        // Six messages (three users' and three replies): one notification names the three chats.
        await expect.poll(() => payloads).toHaveLength(1);
        expect(payloads[0]!.split(",").sort()).toEqual([...chats].sort());
      }

      // A write made outside a send (a script, another instance's older code) is notified by the trigger.
      await batching.database.db.insert(messages).values({
        chatId: chats[0]!,
        role: "user",
        content: "Written by a script",
        createdAt: batching.clock.now(),
      });
      // (On PGlite no other instance can share the database: a send notifies nothing, only the script's write.)
      const fromSends = kind === "postgres" ? [payloads[0]] : [];
      await expect.poll(() => payloads).toEqual([...fromSends, chats[0]]);
    } finally {
      await unlisten();
      if (listening !== batching.database) await listening.close();
      await batching.close();
    }
  });
});
