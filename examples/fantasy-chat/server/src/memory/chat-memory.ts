import { eq, sql, type SQL } from "drizzle-orm";
import type { AppDb, AppTx } from "../db/database.js";
import { preparedStatement } from "../db/raw-query.js";
import { chatMemories } from "../db/schema.js";
import { extractFacts, mergeFacts } from "./remembered-facts.js";

/** What a chat remembers beyond its recent window. */
export interface LongTermMemory {
  facts: string[];
  topics: string[];
}

/** The most facts and topics a chat keeps (the latest). */
const MAX_FACTS = 30;
const MAX_TOPICS = 12;
const TOPIC_MAX_LENGTH = 60;

/** A short note of what a message was about: its first sentence, cut at a word boundary. */
export function topicOf(message: string): string {
  const first = (message.split(/(?<=[.!?])\s/)[0] ?? "").trim();
  if (first.length <= TOPIC_MAX_LENGTH) return first;
  const cut = first.slice(0, TOPIC_MAX_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 20))}…`;
}

/**
 * Folds user messages into a memory, oldest first: their facts are merged and a topic note kept for each.
 *
 * @example
 * foldIntoMemory({ facts: [], topics: [] }, ["I grew up in Westmarch."]);
 */
export function foldIntoMemory(memory: LongTermMemory, userMessages: readonly string[]): LongTermMemory {
  let { facts, topics } = memory;
  for (const text of userMessages) {
    facts = mergeFacts(facts, extractFacts(text), MAX_FACTS);
    topics = [...topics, topicOf(text)].slice(-MAX_TOPICS);
  }
  return { facts, topics };
}

/** A chat's stored summary as read: its facts and topics, and the last message folded in. */
export interface StoredMemory extends LongTermMemory {
  coveredSeq: number;
}

/** A message the summary has not folded in yet, as the reply's context statement reads it. */
export interface UnfoldedMessage {
  seq: number;
  role: "user" | "character";
  content: string;
  /** A crisis message or the crisis reply: never folded in (see server/src/safety). */
  crisis?: boolean;
}

/** A chat's long-term memory for one reply, and the summary to store when it moved (null when it did not). */
export interface MemoryForReply {
  memory: LongTermMemory | null;
  update: StoredMemory | null;
}

/**
 * The chat's long-term memory of everything before the recent window, brought up to date: `unfolded` (the messages
 * after the stored summary's last and before the window, oldest first, read with the rest of the reply's context)
 * are folded into `stored`, so each message is read once. `windowStartSeq` null means the whole chat fits the
 * window, so there is nothing to remember beyond it. No I/O: the caller stores `update` (see {@link saveMemory}).
 *
 * @example
 * const { memory, update } = memoryForReply(history[0]?.seq ?? null, stored, unfolded);
 */
export function memoryForReply(
  windowStartSeq: number | null,
  stored: StoredMemory | null,
  unfolded: readonly UnfoldedMessage[] | null,
): MemoryForReply {
  if (windowStartSeq === null) return { memory: null, update: null };
  const memory: LongTermMemory = { facts: stored?.facts ?? [], topics: stored?.topics ?? [] };
  const last = unfolded?.at(-1);
  if (!unfolded || !last) return { memory, update: null };
  const updated = foldIntoMemory(
    memory,
    unfolded.filter((m) => m.role === "user" && !m.crisis).map((m) => m.content),
  );
  return { memory: updated, update: { ...updated, coveredSeq: last.seq } };
}

/**
 * Chats' summaries stored from `rows`, a query of `(chat_id, facts, topics, covered_seq, updated_at)` with at most
 * one row per chat, each replacing the chat's summary if it has one. For {@link saveMemory}, and for a statement
 * that stores summaries beside other writes (the replies of a send group).
 *
 * @example
 * sql`with memory as (${upsertMemoriesQuery(sql`select * from unnest(...)`)}) insert into ...`;
 */
export function upsertMemoriesQuery(rows: SQL): SQL {
  return sql`insert into ${chatMemories} (chat_id, facts, topics, covered_seq, updated_at) ${rows}
          on conflict (chat_id) do update
            set facts = excluded.facts, topics = excluded.topics, covered_seq = excluded.covered_seq,
                updated_at = excluded.updated_at`;
}

/** The upsert of {@link saveMemory}, compiled once. */
const memoryUpsert = preparedStatement<
  { chatId: string; facts: string; topics: string; coveredSeq: number; updatedAt: string },
  AppDb
>((value) =>
  upsertMemoriesQuery(
    sql`values (${value("chatId")}::uuid, ${value("facts")}::jsonb, ${value("topics")}::jsonb,
                ${value("coveredSeq")}::bigint, ${value("updatedAt")}::timestamptz)`,
  ),
);

/**
 * Stores a chat's updated summary. Two replies folding at once write the same summary; the later one simply wins.
 *
 * @example
 * if (update) await saveMemory(ctx.db, chat.id, update, now);
 */
export async function saveMemory(db: AppDb, chatId: string, update: StoredMemory, now: Date): Promise<void> {
  // A regenerated reply's (a send stores its chat's summary with its reply): a prepared statement, like the send's.
  await memoryUpsert.rows(db, {
    chatId,
    facts: JSON.stringify(update.facts),
    topics: JSON.stringify(update.topics),
    coveredSeq: update.coveredSeq,
    updatedAt: now.toISOString(),
  });
}

/**
 * Forgets a chat's summary (a message it may cover was edited or deleted); the next premium reply rebuilds it.
 *
 * @example
 * await forgetMemory(tx, chat.id);
 */
export async function forgetMemory(tx: AppTx | AppDb, chatId: string): Promise<void> {
  await tx.delete(chatMemories).where(eq(chatMemories.chatId, chatId));
}
