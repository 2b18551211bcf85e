import { sql } from "drizzle-orm";
import type { AppDb, AppTx } from "../db/database.js";
import { queryRows } from "../db/raw-query.js";
import { chatMemories, chats, dataSweeps, messages } from "../db/schema.js";
import { assessFact, assessText } from "./assess-text.js";

/**
 * The crisis sweep's name and the version of the rules it applies: raise the version when the rules change in a way
 * that should reach messages stored before, and every database is swept again once.
 */
export const CRISIS_SWEEP = { name: "crisis", version: 1 } as const;

/** How many rows the sweep reads at a time. */
const BATCH = 1000;

/** What one sweep changed. */
export interface CrisisSweepReport {
  /** User messages newly marked, and the replies that answered them. */
  messages: number;
  replies: number;
  /** Chats whose title was a crisis message, now untitled ("Untitled Chat"). */
  titles: number;
  /** Long-term memories forgotten (their chat held a crisis message) or cleaned of crisis facts and topics. */
  memories: number;
}

const isCrisis = (text: string) => assessText(text).verdict === "crisis";

/** `ids` as a uuid array literal of the statement's parameters. */
const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/**
 * Marks the user messages stored before they were assessed that tell of a crisis, and the replies that answered
 * them; forgets the long-term memory of their chats (the next premium reply rebuilds it without them); removes from
 * every other memory the facts and topics that tell of a crisis; and unsets chat titles that are crisis messages
 * (shown as "Untitled Chat"). Runs once per {@link CRISIS_SWEEP} version, at start, in one transaction that holds
 * the sweep's row: another instance starting at the same time waits, then finds it done. The built-in rules decide
 * (a moderation model, when configured, is not called for old data).
 *
 * @example
 * const report = await sweepCrisisData(database.db, clock.now()); // null when already done
 */
export async function sweepCrisisData(db: AppDb, now: Date): Promise<CrisisSweepReport | null> {
  await db
    .insert(dataSweeps)
    .values({ name: CRISIS_SWEEP.name, version: 0, sweptAt: now })
    .onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [claim] = await queryRows<{ version: number }>(
      tx,
      sql`select ${dataSweeps.version} as version from ${dataSweeps}
           where ${dataSweeps.name} = ${CRISIS_SWEEP.name} for update`,
    );
    if (!claim || claim.version >= CRISIS_SWEEP.version) return null;
    const marked = await markMessages(tx);
    const titles = await untitle(tx);
    const cleaned = await cleanMemories(tx);
    const report = {
      messages: marked.messages,
      replies: marked.replies,
      titles,
      memories: marked.forgotten + cleaned,
    };
    await tx.execute(
      sql`update ${dataSweeps} set version = ${CRISIS_SWEEP.version}, swept_at = ${now.toISOString()}::timestamptz
           where ${dataSweeps.name} = ${CRISIS_SWEEP.name}`,
    );
    return report;
  });
}

/** Marks crisis user messages and the character message that follows each; forgets their chats' memories. */
async function markMessages(tx: AppTx): Promise<{ messages: number; replies: number; forgotten: number }> {
  let after = 0;
  let marked = 0;
  let replies = 0;
  let forgotten = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; seq: number; content: string }>(
      tx,
      sql`select ${messages.id} as id, ${messages.seq} as seq, ${messages.content} as content from ${messages}
           where ${messages.role} = 'user' and not ${messages.crisis} and ${messages.seq} > ${after}
           order by ${messages.seq} limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    after = Number(rows.at(-1)?.seq ?? after);
    const ids = rows.filter((row) => isCrisis(row.content)).map((row) => row.id);
    if (ids.length === 0) continue;
    const idList = uuidArray(ids);
    const [counts] = await queryRows<{ marked: number; replies: number; forgotten: number }>(
      tx,
      sql`with marked as (
            update ${messages} set crisis = true where ${messages.id} = any(${idList}) returning chat_id, seq),
          answered as (
            update ${messages} r set crisis = true
              from marked u
             where r.chat_id = u.chat_id and r.role = 'character' and not r.crisis
               and r.seq = (select min(n.seq) from ${messages} n where n.chat_id = u.chat_id and n.seq > u.seq)
            returning r.id),
          forgotten as (
            delete from ${chatMemories} where ${chatMemories.chatId} in (select chat_id from marked) returning 1)
          select (select count(*) from marked)::int as marked, (select count(*) from answered)::int as replies,
                 (select count(*) from forgotten)::int as forgotten`,
    );
    marked += counts?.marked ?? 0;
    replies += counts?.replies ?? 0;
    forgotten += counts?.forgotten ?? 0;
  }
  return { messages: marked, replies, forgotten };
}

/** Unsets the titles that are crisis messages; gives how many. */
async function untitle(tx: AppTx): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let count = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; title: string }>(
      tx,
      sql`select ${chats.id} as id, ${chats.title} as title from ${chats}
           where ${chats.title} is not null and ${chats.id} > ${after}::uuid order by ${chats.id} limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    after = rows.at(-1)?.id ?? after;
    const ids = rows.filter((chat) => isCrisis(chat.title)).map((chat) => chat.id);
    if (ids.length === 0) continue;
    await tx.execute(sql`update ${chats} set title = null where ${chats.id} = any(${uuidArray(ids)})`);
    count += ids.length;
  }
  return count;
}

/** Removes the facts and topics that tell of a crisis from every remaining memory; gives how many changed. */
async function cleanMemories(tx: AppTx): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let count = 0;
  for (;;) {
    const rows = await queryRows<{ chatId: string; facts: string[]; topics: string[] }>(
      tx,
      sql`select ${chatMemories.chatId} as "chatId", ${chatMemories.facts} as facts, ${chatMemories.topics} as topics
            from ${chatMemories} where ${chatMemories.chatId} > ${after}::uuid
           order by ${chatMemories.chatId} limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    after = rows.at(-1)?.chatId ?? after;
    for (const row of rows) {
      const facts = row.facts.filter((fact) => assessFact(fact).verdict !== "crisis");
      const topics = row.topics.filter((topic) => !isCrisis(topic));
      if (facts.length === row.facts.length && topics.length === row.topics.length) continue;
      await tx.execute(
        sql`update ${chatMemories} set facts = ${JSON.stringify(facts)}::jsonb, topics = ${JSON.stringify(topics)}::jsonb
             where ${chatMemories.chatId} = ${row.chatId}::uuid`,
      );
      count += 1;
    }
  }
  return count;
}
