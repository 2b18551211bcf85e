// The group commits of a send's writes (see db/group-commit.ts): the claims of sends made together in one
// statement (one per user), and their replies in another (one per chat), with the statements they run.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppDb } from "../db/database.js";
import { GroupCommit } from "../db/group-commit.js";
import { preparedStatement } from "../db/raw-query.js";
import { characters, chats, messages, rateLimits } from "../db/schema.js";
import { upsertMemoriesQuery, type StoredMemory } from "../memory/chat-memory.js";
import { consumeFreeMessagesQuery, freeMessagesUsedQuery } from "../users/free-allowance.js";
import { QUIET_CHAT_NOTICES } from "./chat-change-notices.js";
import type { ChatContextCache, KeptContext } from "./chat-context-cache.js";
import { contextColumns, type ReplyContextRow } from "./reply-context.js";

/** A claim's row: the chat, the send limit's count, today's free messages, the stored message, the context. */
export type ClaimRow = {
  id: string;
  characterId: string;
  characterPremium: boolean;
  hits: number;
  usedToday: number;
  revision: number;
  messageId: string | null;
  messageSeq: number | null;
} & ReplyContextRow;

/**
 * A new message's id, made by the app rather than by the database's `gen_random_uuid()`: the same random UUID,
 * without the embedded database opening its random device for every message (measured: twice a send, ~0.1 ms of
 * the database thread's time).
 */
export const newMessageId = (): string => randomUUID();

/** One send's claim (see {@link claimGroupStatement}). */
interface ClaimValues {
  chatId: string;
  userId: string;
  hitKey: string;
  windowStart: string;
  expiresAt: string;
  sendLimit: number;
  day: string;
  /**
   * Called when the claim's group is built, once this instance stores none of the chat's messages (a reply may
   * have been stored while the claim waited): registers the claim's own store, and gives the context this
   * instance keeps for the chat, whose `revision` and `tailFrom` the statement checks.
   */
  starting: () => KeptContext | null;
  /** The new message's id, made here (see {@link newMessageId}). */
  messageId: string;
  /** Whether to store the message (false: only claim, the send stores it after a remote moderation). */
  store: boolean;
  charged: boolean;
  /** Whether the message may go to a premium-only character (a premium user's, or a support reply's). */
  premiumCharacterAllowed: boolean;
  content: string;
  /** Whether the message told of a crisis (stored marked, never the chat's title). */
  crisis: boolean;
  at: string;
  /** The chat's title if it has none yet; null for a crisis message. */
  title: string | null;
}

/** The columns of a group of claims, in the order {@link claimGroupStatement} unnests them, with their types. */
const CLAIM_COLUMNS = [
  ["chatId", "chat_id", "uuid"],
  ["userId", "user_id", "uuid"],
  ["hitKey", "hit_key", "text"],
  ["windowStart", "window_start", "timestamptz"],
  ["expiresAt", "expires_at", "timestamptz"],
  ["sendLimit", "send_limit", "integer"],
  ["day", "day", "date"],
  ["revision", "revision", "integer"],
  ["tailFrom", "tail_from", "bigint"],
  ["messageId", "message_id", "uuid"],
  ["store", "store", "boolean"],
  ["charged", "charged", "boolean"],
  ["premiumCharacterAllowed", "premium_allowed", "boolean"],
  ["content", "content", "text"],
  ["crisis", "crisis", "boolean"],
  ["at", "at", "timestamptz"],
  ["title", "title", "text"],
] as const satisfies readonly (readonly [keyof ClaimColumns, string, string])[];

/** A claim's values as the statement takes them: the kept context's revision and tail read off it. */
type ClaimColumns = Omit<ClaimValues, "starting"> & { revision: number | null; tailFrom: number | null };

/** The columns of a claim, its kept context read now. */
function claimColumns(claim: ClaimValues): ClaimColumns {
  const { starting, ...values } = claim;
  const kept = starting();
  return {
    ...values,
    revision: kept?.revision ?? null,
    tailFrom: kept && Number.isFinite(kept.tailFrom) ? kept.tailFrom : null,
  };
}

/** A group's claims as the statement takes them: one array per column, a claim's values at the same index. */
type ClaimGroupValues = Record<string, unknown[]>;

/**
 * The claims of several users' sends in one statement, for free or premium chats (their context reads differ),
 * compiled once. For each claim (at most one per user in a group, so no two touch the same rows): the user's
 * chat with its character's premium flag; one hit on the send limit (only for a chat of the user's); and when
 * `store` is set and the hit is within the limit and the character allowed, a free message taken (when
 * `charged`) and the message stored with the chat's title and activity time. Every part sees the chats as they
 * were before the statement, so the context it reads is the one before the new message. A claim whose chat is
 * missing or someone else's gives no row. Rows are locked table by table in key order (the send limit's counters
 * by key, the free allowances by user, the chats by id: migration 0010), so claims of the same users made on two
 * instances at once never wait on each other in a cycle.
 */
function claimGroupStatement(premium: boolean) {
  return preparedStatement<ClaimGroupValues, AppDb>((value, db) => {
    const unnested = sql.join(
      CLAIM_COLUMNS.map(([key, , type]) => sql`${value(key)}::${sql.raw(type)}[]`),
      sql`, `,
    );
    const names = sql.raw(CLAIM_COLUMNS.map(([, column]) => column).join(", "));
    const context = contextColumns(
      { chatId: sql`s.chat_id`, userId: sql`s.user_id`, beforeSeq: null },
      premium,
      {
        revisionColumn: sql`chat.revision`,
        revision: sql`s.revision`,
        tailFrom: sql`s.tail_from`,
      },
    );
    return sql`with s as (
          select * from unnest(${unnested}) with ordinality as s(${names}, n)),
        chat as (
          select s.n, ${chats.id} as id, ${chats.characterId} as character_id, ${chats.messagesRevision} as revision,
                 ${characters.premium} as character_premium
            from s join ${chats} on ${chats.id} = s.chat_id and ${chats.userId} = s.user_id
                   join ${characters} on ${characters.id} = ${chats.characterId}),
        hit as (
          insert into ${rateLimits} (key, window_start, count, expires_at)
          select s.hit_key, s.window_start, 1, s.expires_at from s join chat using (n) order by s.hit_key
          on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
          returning key, count),
        accepting as (
          select s.n from s join chat using (n) join hit on hit.key = s.hit_key
           where s.store and hit.count <= s.send_limit and (s.premium_allowed or not chat.character_premium)),
        quota as (${consumeFreeMessagesQuery(
          sql`select s.user_id, s.day from s join accepting using (n) where s.charged order by s.user_id`,
        )}),
        msg as (
          insert into ${messages} (id, chat_id, role, content, created_at, crisis)
          select s.message_id, s.chat_id, 'user', s.content, s.at, s.crisis from s join accepting using (n)
           where not s.charged or exists (select 1 from quota where quota.user_id = s.user_id)
          returning id, seq, chat_id),
        titled as (
          update ${chats} set title = s.title from s join msg on msg.chat_id = s.chat_id
           where ${chats.id} = s.chat_id and ${chats.title} is null and s.title is not null
          returning 1)
        select s.n, chat.id, chat.character_id as "characterId", chat.character_premium as "characterPremium",
               chat.revision, (select count from hit where hit.key = s.hit_key) as hits,
               coalesce((select count from quota where quota.user_id = s.user_id),
                        (${freeMessagesUsedQuery(db, sql`s.user_id`, sql`s.day`).getSQL()}),
                        0) as "usedToday",
               msg.id as "messageId", msg.seq as "messageSeq",
               ${sql.raw(QUIET_CHAT_NOTICES)},
               ${context}
          from s join chat using (n) left join msg on msg.chat_id = s.chat_id`;
  });
}

const claimGroupStatements = { free: claimGroupStatement(false), premium: claimGroupStatement(true) };

/** The claims of sends made together, one statement per group (see {@link GroupCommit}); free and premium apart. */
export interface SendClaims {
  free: GroupCommit<ClaimValues, ClaimRow | undefined>;
  premium: GroupCommit<ClaimValues, ClaimRow | undefined>;
}

/**
 * The group commits of an app's send claims: a claim made while the previous group of its kind is running waits
 * for it and goes with the others made meanwhile, one per user, in one statement and one commit.
 *
 * @example
 * const ctx = { ...rest, sendClaims: sendClaims(database.db, chatContexts) };
 */
export function sendClaims(db: AppDb, chatContexts: ChatContextCache): SendClaims {
  const group = (premium: boolean) =>
    new GroupCommit<ClaimValues, ClaimRow | undefined>(
      async (claims) => {
        const columns = claims.map(claimColumns);
        const values: ClaimGroupValues = {};
        for (const [key] of CLAIM_COLUMNS) values[key] = columns.map((claim) => claim[key]);
        const rows = await claimGroupStatements[premium ? "premium" : "free"].rows<ClaimRow & { n: number }>(
          db,
          values,
        );
        const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
        return claims.map((_claim, index) => byIndex.get(index + 1));
      },
      {
        maxRows: 64,
        keyOf: (claim) => claim.userId,
        // Overlapping sends of one chat: its earlier messages are stored first, so the kept context is current.
        waitFor: (claim) => chatContexts.storesInFlight(claim.chatId),
      },
    );
  return { free: group(false), premium: group(true) };
}

/** A character's reply to store, and the chat's moved long-term memory summary to store with it (or null). */
interface ReplyRow {
  messageId: string;
  chatId: string;
  text: string;
  /** The crisis reply, not role-play. */
  crisis: boolean;
  at: string;
  memory: StoredMemory | null;
}

/** The columns of {@link replyRowsStatement}: one array per column, a row's values at the same index. */
interface ReplyRowsValues extends Record<string, unknown> {
  ids: string[];
  chatIds: string[];
  texts: string[];
  crises: boolean[];
  ats: string[];
  versions: string[];
  memoryChatIds: string[];
  memoryFacts: string[];
  memoryTopics: string[];
  memoryCoveredSeqs: number[];
  memoryAts: string[];
}

/**
 * Replies stored, several sends' in one statement (see {@link replyStores}), with the moved memory summaries of
 * their chats: the insert's trigger moves each chat's revision and activity time once. Compiled once.
 */
const replyRowsStatement = preparedStatement<ReplyRowsValues, AppDb>(
  (value) => sql`with memory as (${upsertMemoriesQuery(
    sql`select * from unnest(${value("memoryChatIds")}::uuid[], ${value("memoryFacts")}::jsonb[],
                             ${value("memoryTopics")}::jsonb[], ${value("memoryCoveredSeqs")}::bigint[],
                             ${value("memoryAts")}::timestamptz[])`,
  )})
        insert into ${messages} (id, chat_id, role, content, created_at, versions, crisis)
        select r.id, r.chat_id, 'character', r.content, r.created_at, r.versions, r.crisis
          from unnest(${value("ids")}::uuid[], ${value("chatIds")}::uuid[], ${value("texts")}::text[],
                      ${value("ats")}::timestamptz[], ${value("versions")}::jsonb[], ${value("crises")}::boolean[])
               as r(id, chat_id, content, created_at, versions, crisis)
        returning id, seq, ${sql.raw(QUIET_CHAT_NOTICES)}`,
);

/**
 * The replies of sends that finish together stored together (group commit, see {@link GroupCommit}): one
 * statement and one commit for every reply written while the previous group was being stored, one per chat.
 *
 * @example
 * const ctx = { ...rest, replyStores: replyStores(database.db) };
 */
export function replyStores(db: AppDb): ReplyStores {
  return new GroupCommit<ReplyRow, { id: string; seq: number }>(
    async (rows) => {
      // Memories upserted in the order of their chats' ids, as every statement locks chats (migration 0010).
      const moved = rows
        .filter((row) => row.memory !== null)
        .sort((a, b) => (a.chatId < b.chatId ? -1 : a.chatId > b.chatId ? 1 : 0));
      const stored = await replyRowsStatement.rows<{ id: string; seq: number }>(db, {
        ids: rows.map((row) => row.messageId),
        chatIds: rows.map((row) => row.chatId),
        texts: rows.map((row) => row.text),
        crises: rows.map((row) => row.crisis),
        ats: rows.map((row) => row.at),
        versions: rows.map((row) =>
          JSON.stringify([{ content: row.text, createdAt: row.at, ...(row.crisis ? { crisis: true } : {}) }]),
        ),
        memoryChatIds: moved.map((row) => row.chatId),
        memoryFacts: moved.map((row) => JSON.stringify(row.memory?.facts)),
        memoryTopics: moved.map((row) => JSON.stringify(row.memory?.topics)),
        memoryCoveredSeqs: moved.map((row) => row.memory?.coveredSeq ?? 0),
        memoryAts: moved.map((row) => row.at),
      });
      const byId = new Map(stored.map((row) => [row.id, row]));
      return rows.map((row) => {
        const found = byId.get(row.messageId);
        if (!found) throw new Error("insert returned no row");
        return { id: found.id, seq: Number(found.seq) };
      });
    },
    { maxRows: 63, keyOf: (row) => row.chatId },
  );
}

/** The group commit of replies an app keeps (see {@link replyStores}). */
export type ReplyStores = GroupCommit<ReplyRow, { id: string; seq: number }>;
