import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { AppDb, AppTx } from "../db/database.js";
import { chatMemories, messages } from "../db/schema.js";
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

/**
 * The chat's long-term memory of everything before `windowStartSeq` (the oldest message the engine sees anyway),
 * brought up to date first: messages not yet folded in are added to the stored summary (`stored`, read by the
 * caller with the rest of the reply's context; null when there is none yet), so each is read once. Null
 * `windowStartSeq` means the whole chat fits the window, so there is nothing to remember beyond it.
 *
 * @example
 * const memory = await longTermMemory(ctx.db, chat.id, history[0]?.seq ?? null, stored, now);
 */
export async function longTermMemory(
  db: AppDb,
  chatId: string,
  windowStartSeq: number | null,
  stored: StoredMemory | null,
  now: Date,
): Promise<LongTermMemory | null> {
  if (windowStartSeq === null) return null;
  const coveredSeq = stored?.coveredSeq ?? 0;
  const memory: LongTermMemory = { facts: stored?.facts ?? [], topics: stored?.topics ?? [] };
  if (coveredSeq >= windowStartSeq - 1) return memory;
  const older = await db
    .select({ seq: messages.seq, role: messages.role, content: messages.content })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), gt(messages.seq, coveredSeq), lt(messages.seq, windowStartSeq)))
    .orderBy(asc(messages.seq));
  const last = older.at(-1);
  if (!last) return memory;
  const updated = foldIntoMemory(
    memory,
    older.filter((m) => m.role === "user").map((m) => m.content),
  );
  const row = { chatId, ...updated, coveredSeq: last.seq, updatedAt: now };
  // Two replies folding at once write the same summary; the later one simply wins.
  await db.insert(chatMemories).values(row).onConflictDoUpdate({ target: chatMemories.chatId, set: row });
  return updated;
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
