import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatContextCache } from "../src/chats/chat-context-cache.js";
import { contextColumns } from "../src/chats/reply-context.js";
import { replyStores, sendClaims } from "../src/chats/send-groups.js";
import { queryRows } from "../src/db/raw-query.js";
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
      crisis: false,
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
      .where(eq(messages.role, "character"))
      // In the chat's order: a table scan's order is no order (PostgreSQL moves updated rows).
      .orderBy(messages.seq);
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
      crisis: false,
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

describe.each(DATABASES)("a send's reply context read from a long chat, on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("reads the chat's latest character replies from their own index, not by passing over every message", async () => {
    const [owner] = await usersWithChats(server, 1, true);
    const { user, chatId } = owner!;
    const start = Date.now();
    await server.database.db.insert(messages).values(
      Array.from({ length: 400 }, (_, i) => ({
        chatId: chatId,
        role: i % 2 ? ("character" as const) : ("user" as const),
        content: `Line ${i}`,
        createdAt: new Date(start + i),
      })),
    );
    await queryRows(server.database.db, sql`analyze messages`);
    const plan = await queryRows<Record<string, unknown>>(
      server.database.db,
      sql`explain (format json) select ${contextColumns({ chatId, userId: user.id, beforeSeq: null }, true)}`,
    );
    // Every node of the plan: the replies come from their index, and no read of messages filters them by role.
    const nodes: Record<string, unknown>[] = [];
    const walk = (node: Record<string, unknown>) => {
      nodes.push(node);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((plan[0]!["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    expect(nodes.some((node) => node["Index Name"] === "messages_chat_replies_idx")).toBe(true);
    const byRole = nodes.filter(
      (node) => node["Relation Name"] === "messages" && String(node.Filter ?? "").includes("role"),
    );
    expect(byRole).toEqual([]);
  });
});

describe.each(DATABASES.filter((kind) => kind === "postgres"))(
  "messages inserted into several chats at once, on %s",
  (kind) => {
    let server: TestApp;
    const clients: pg.Client[] = [];
    beforeAll(async () => {
      server = await startTestApp(kind, { renewals: false });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.end()));
      await server.close();
    });

    /** A connection of its own to the test app's schema. */
    async function connection(): Promise<pg.Client> {
      const client = new pg.Client({
        connectionString: process.env.TEST_DATABASE_URL,
        options: `-c search_path=${server.pgSchema}`,
      });
      await client.connect();
      clients.push(client);
      return client;
    }

    /** Two chats of one user, the one with the greater id stored first (a scan of the table meets it first). */
    async function twoChats(): Promise<{ low: string; high: string }> {
      const { user } = await verifiedUser(server);
      const [low, high] = [randomUUID(), randomUUID()].sort();
      for (const id of [high!, low!])
        await server.database.db
          .insert(chats)
          .values({ id, userId: user.id, characterId: "kaelen-nightthorn", createdAt: new Date() });
      return { low: low!, high: high! };
    }

    /** Resolves once a statement waits for a lock that `holder` holds. */
    async function blockedBy(observer: pg.Client, holder: pg.Client): Promise<void> {
      const pid = (holder as unknown as { processID: number }).processID;
      for (;;) {
        const { rows } = await observer.query(
          "select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))",
          [pid],
        );
        if (rows[0].n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    /** Expects the row of `table` whose `column` is `value` to be free to lock now: no statement holds it. */
    async function expectFree(
      observer: pg.Client,
      table: "chats" | "rate_limits",
      column: string,
      value: string,
    ) {
      await observer.query("begin");
      await expect(
        observer.query(`select 1 from ${table} where ${column} = $1 for no key update nowait`, [value]),
      ).resolves.toMatchObject({ rowCount: 1 });
      await observer.query("rollback");
    }

    it("locks the chats in the order of their ids, so two such statements never wait on each other in a cycle", async () => {
      const [holder, inserter, observer] = [await connection(), await connection(), await connection()];
      // The plan a large group gets (chats scanned and hash-joined, in the table's order), whatever the statistics.
      await inserter.query("set enable_indexscan = off; set enable_bitmapscan = off; set enable_sort = off");
      for (const order of ["high first", "low first"]) {
        const { low, high } = await twoChats();
        await holder.query("begin");
        await holder.query("select 1 from chats where id = $1 for no key update", [low]);
        const [first, second] = order === "high first" ? [high, low] : [low, high];
        const inserted = inserter.query(
          `insert into messages (id, chat_id, role, content, created_at)
           values ($1, $2, 'user', 'one', now()), ($3, $4, 'user', 'two', now())`,
          [randomUUID(), first, randomUUID(), second],
        );
        await blockedBy(observer, holder);

        // The insert waits for the lower chat and holds neither: the higher one is free to take.
        await expectFree(observer, "chats", "id", high);

        await holder.query("commit");
        await inserted;
        const { rows } = await observer.query(
          "select id, messages_revision from chats where id = any($1) order by id",
          [[low, high]],
        );
        expect(rows).toEqual([
          { id: low, messages_revision: 1 },
          { id: high, messages_revision: 1 },
        ]);
      }
    });

    it("claims lock the send limit's counters in key order, so claims of the same users on two instances never wait in a cycle", async () => {
      const [holdLow, holdThird, observer] = [await connection(), await connection(), await connection()];
      const owners = await usersWithChats(server, 3, true);
      const claims = sendClaims(server.database.db, new ChatContextCache());
      const now = new Date();
      const windowStart = now.toISOString();
      const [low, high, third] = [...[randomUUID(), randomUUID()].sort(), randomUUID()].map(
        (id) => `order-test:${id}`,
      );
      for (const key of [low, high, third])
        await observer.query(
          "insert into rate_limits (key, window_start, count, expires_at) values ($1, $2, 1, $3)",
          [key, windowStart, new Date(now.getTime() + 60_000).toISOString()],
        );
      const claim = (owner: (typeof owners)[number], hitKey: string) => ({
        chatId: owner.chatId,
        userId: owner.user.id,
        hitKey,
        windowStart,
        expiresAt: new Date(now.getTime() + 60_000).toISOString(),
        sendLimit: 30,
        day: windowStart.slice(0, 10),
        starting: () => null,
        messageId: randomUUID(),
        store: true,
        charged: false,
        premiumCharacterAllowed: true,
        content: `Claim for ${hitKey}`,
        crisis: false,
        at: windowStart,
        title: "Order",
      });
      await holdLow.query("begin");
      await holdLow.query("select 1 from rate_limits where key = $1 for update", [low]);
      await holdThird.query("begin");
      await holdThird.query("select 1 from rate_limits where key = $1 for update", [third]);
      // The third user's claim goes alone and waits; the other two are grouped behind it, the higher key first.
      const first = claims.premium.write(claim(owners[2]!, third!));
      await blockedBy(observer, holdThird);
      const grouped = [
        claims.premium.write(claim(owners[1]!, high!)),
        claims.premium.write(claim(owners[0]!, low!)),
      ];
      await holdThird.query("commit");
      await first;
      await blockedBy(observer, holdLow);

      // The group waits for the lower key and holds neither: the higher one is free to take.
      await expectFree(observer, "rate_limits", "key", high!);

      await holdLow.query("commit");
      const rows = await Promise.all(grouped);
      expect(rows.map((row) => Number(row?.hits))).toEqual([2, 2]);
      expect(claims.premium.counts.statements).toBe(2);
    });
  },
);
