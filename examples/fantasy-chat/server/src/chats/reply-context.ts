import { sql, type SQL } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import type { CharacterCardText, CharacterView } from "../characters/character-store.js";
import type { Clock } from "../clock.js";
import type { AppDb } from "../db/database.js";
import { chatMemories, messages, profiles } from "../db/schema.js";
import { queryRows, type Bound } from "../db/raw-query.js";
import {
  memoryForReply,
  saveMemory,
  type StoredMemory,
  type UnfoldedMessage,
} from "../memory/chat-memory.js";
import { profileOrDefaults, type ProfileView } from "../profile/profile-store.js";
import type { ReplyRequest } from "../replies/reply-engine.js";

/** What gathering a reply's context reads: the database, the clock and the characters' card texts. */
export interface ReplyContextDeps {
  db: AppDb;
  clock: Clock;
  characters: { cardText(id: string): Promise<CharacterCardText | null> };
}

/** How many earlier messages a free chat's reply sees: the recent window, nothing older. */
export const FREE_HISTORY_LENGTH = 20;
/** A premium chat's window; older turns reach the engine through the long-term memory summary. */
export const PREMIUM_HISTORY_LENGTH = 40;
/** A reply must differ from the chat's last this many character replies. */
const AVOID_LENGTH = 20;
/** A crisis message among the chat's last this many messages keeps the reply gentle (three turns). */
export const GENTLE_WINDOW = 6;

/** What the reply is to: the chat, its character, and where in the chat the answered message sits. */
export interface ReplyTarget {
  user: UserRow;
  chatId: string;
  character: CharacterView;
  premium: boolean;
  /** The user's message being answered. */
  message: string;
  /** Only messages before this `seq` are history (the answered message's own). */
  beforeSeq: number;
  /** Texts the reply must also differ from (the other versions of a regenerated reply). */
  alsoAvoid?: readonly string[];
}

/**
 * The reply's context as {@link contextColumns} read it. A message marked `crisis` (one that told of a crisis, or the
 * crisis reply) is read for its place in the window only: it never reaches the engine, the memory or the facts.
 */
export interface ReplyContextRow {
  recent: { seq: number; role: "user" | "character"; content: string; crisis?: boolean }[];
  avoid: string[];
  profile: ProfileView | null;
  memory: StoredMemory | null;
  /** Premium only: the messages before the window its stored memory has not folded in yet (null when none). */
  unfolded?: UnfoldedMessage[] | null;
}

/** A reply request, and the chat's long-term memory summary to store for it (null when it did not move). */
export interface PreparedReply {
  request: ReplyRequest;
  memoryUpdate: StoredMemory | null;
}

/**
 * How a claim tells whether the context this instance kept is current: the chat's revision as the statement
 * reads it (`revisionColumn`), the kept revision (null: nothing kept), and the kept context's `tailFrom` (every
 * message after it kept; null: nothing kept).
 */
export interface KeptCheck {
  revisionColumn: SQL;
  revision: Bound<number | null>;
  tailFrom: Bound<number | null>;
}

/**
 * `subquery`, or, when `kept` is given, null wherever `kept` holds: PostgreSQL evaluates a CASE branch only when
 * it is taken, so a current kept context costs the statement none of the reads.
 */
function unlessKept(kept: SQL | null, subquery: SQL): SQL {
  return kept ? sql`case when ${kept} then null else ${subquery} end` : subquery;
}

/** How many earlier messages the reply sees: the premium window or the free one. */
export function windowLengthFor(premium: boolean): number {
  return premium ? PREMIUM_HISTORY_LENGTH : FREE_HISTORY_LENGTH;
}

/**
 * The select-list columns `recent, avoid, profile, memory` of a {@link ReplyContextRow}, and `unfolded` for a
 * premium chat: the recent window before `beforeSeq` (newest first; null: every message the statement sees), the
 * chat's last character replies (newest first), the user's saved profile, the chat's stored long-term memory and
 * the messages between that memory and the window (oldest first), so that folding them in needs no further read.
 * A send reads them in the statement that claims the chat.
 *
 * @example
 * sql`select ${contextColumns({ chatId, userId, beforeSeq: null }, true)}`;
 */
export function contextColumns(
  target: { chatId: Bound<string>; userId: Bound<string>; beforeSeq: number | null },
  premium: boolean,
  kept: KeptCheck | null = null,
): SQL {
  const { chatId } = target;
  const windowLength = windowLengthFor(premium);
  const before = target.beforeSeq === null ? sql`` : sql`and ${messages.seq} < ${target.beforeSeq}`;
  const coveredSeq = sql`coalesce((select ${chatMemories.coveredSeq} from ${chatMemories}
                                 where ${chatMemories.chatId} = ${chatId}), 0)`;
  const current = kept && sql`${kept.revisionColumn} is not distinct from ${kept.revision}::integer`;
  const unfolded = premium
    ? sql`,
      ${unlessKept(
        kept && sql`${current} and ${coveredSeq} >= ${kept.tailFrom}::bigint`,
        sql`(select json_agg(json_build_object('seq', o.seq, 'role', o.role, 'content', o.content, 'crisis', o.crisis)
                         order by o.seq)
         from ${messages} o
        where o.chat_id = ${chatId}
          and o.seq > ${coveredSeq}
          and o.seq < (select min(w.seq) from (select ${messages.seq} as seq from ${messages}
                                                where ${messages.chatId} = ${chatId} ${before}
                                                order by ${messages.seq} desc limit ${windowLength}) w
                       having count(*) = ${windowLength}))`,
      )} as unfolded`
    : sql``;
  return sql`${unlessKept(
    current,
    sql`(select coalesce(json_agg(json_build_object('seq', r.seq, 'role', r.role, 'content', r.content,
                                                'crisis', r.crisis)
                                order by r.seq desc), '[]'::json)
         from (select ${messages.seq} as seq, ${messages.role} as role, ${messages.content} as content,
                      ${messages.crisis} as crisis
                 from ${messages}
                where ${messages.chatId} = ${chatId} ${before}
                order by ${messages.seq} desc limit ${windowLength}) r)`,
  )} as recent,
      ${unlessKept(
        current,
        sql`(select coalesce(json_agg(a.content order by a.seq desc), '[]'::json)
         from (select ${messages.seq} as seq, ${messages.content} as content
                 from ${messages}
                where ${messages.chatId} = ${chatId} and ${messages.role} = 'character' and not ${messages.crisis}
                order by ${messages.seq} desc limit ${AVOID_LENGTH}) a)`,
      )} as avoid,
      (select json_build_object('preferredName', ${profiles.preferredName},
                                'favoriteArchetype', ${profiles.favoriteArchetype},
                                'backstory', ${profiles.backstory},
                                'personalityTraits', ${profiles.personalityTraits})
         from ${profiles} where ${profiles.userId} = ${target.userId}) as profile,
      (select json_build_object('facts', ${chatMemories.facts}, 'topics', ${chatMemories.topics},
                                'coveredSeq', ${chatMemories.coveredSeq})
         from ${chatMemories} where ${chatMemories.chatId} = ${chatId}) as memory${unfolded}`;
}

/**
 * Gathers what a reply engine needs: the character (with an imported card's text, from the characters snapshot),
 * the user's profile, the recent window of messages (longer for premium chats, which also get their long-term
 * memory), and the replies the new one must not repeat. One round trip, and one more to store a premium chat's
 * memory when its window moved (see {@link replyRequestFrom}).
 *
 * @example
 * const request = await buildReplyRequest(ctx, { user, chatId, character, premium, message, beforeSeq: row.seq });
 */
export async function buildReplyRequest(ctx: ReplyContextDeps, target: ReplyTarget): Promise<ReplyRequest> {
  const [context] = await queryRows<ReplyContextRow>(
    ctx.db,
    sql`select ${contextColumns({ chatId: target.chatId, userId: target.user.id, beforeSeq: target.beforeSeq }, target.premium)}`,
  );
  if (!context) throw new Error("the context statement returned no row");
  const { request, memoryUpdate } = await replyRequestFrom(ctx, target, context);
  if (memoryUpdate) await saveMemory(ctx.db, target.chatId, memoryUpdate, ctx.clock.now());
  return request;
}

/**
 * The reply request from a context already read, with no further read: the character's card text comes from the
 * snapshot, and a premium chat whose window has moved folds the older messages (read with the context) into its
 * memory, which the caller stores (`memoryUpdate`).
 *
 * @example
 * const { request, memoryUpdate } = await replyRequestFrom(ctx, target, row);
 */
export async function replyRequestFrom(
  ctx: Pick<ReplyContextDeps, "characters">,
  target: Omit<ReplyTarget, "beforeSeq">,
  context: ReplyContextRow,
): Promise<PreparedReply> {
  const windowLength = windowLengthFor(target.premium);
  const card = await ctx.characters.cardText(target.character.id);
  const window = [...context.recent].reverse();
  const windowStart = window.length === windowLength ? (window[0]?.seq ?? null) : null;
  // Crisis messages and their replies keep their place in the window, but no engine ever reads them.
  const history = window.filter((m) => !m.crisis);
  const gentle = context.recent.slice(0, GENTLE_WINDOW).some((m) => m.crisis);
  const { memory, update } = target.premium
    ? memoryForReply(windowStart, context.memory, context.unfolded ?? null)
    : { memory: null, update: null };
  const profile = profileOrDefaults(context.profile, target.user);
  const { character } = target;
  const request: ReplyRequest = {
    character: {
      id: character.id,
      name: character.name,
      title: character.title,
      description: character.description,
      archetype: character.archetype,
      tags: character.tags,
      greeting: character.greeting,
      card,
    },
    persona: {
      preferredName: profile.preferredName || target.user.firstName || "traveller",
      backstory: profile.backstory || null,
      personalityTraits: profile.personalityTraits,
      favoriteArchetype: profile.favoriteArchetype,
    },
    memory,
    history: history.map((m) => ({ role: m.role, content: m.content })),
    message: target.message,
    avoid: [...context.avoid, ...(target.alsoAvoid ?? [])],
    premium: target.premium,
    ...(gentle ? { gentle } : {}),
  };
  return { request, memoryUpdate: update };
}
