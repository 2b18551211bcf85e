import { sql } from "drizzle-orm";
import { z } from "zod";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter, type CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import type { AppDb } from "../db/database.js";
import { preparedStatement } from "../db/raw-query.js";
import { chats, messages, rateLimits } from "../db/schema.js";
import { ApiError, forbidden, notFound, subscriptionRequired } from "../http/api-error.js";
import { isUuid, requiredString } from "../http/validate.js";
import { CRISIS_SUPPORT_REPLY } from "../moderation/crisis-support.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import {
  consumeFreeMessageQuery,
  FREE_MESSAGES_PER_DAY,
  freeMessagesUsedQuery,
  refundFreeMessage,
  utcDay,
} from "../users/free-allowance.js";
import { saveMemory } from "../memory/chat-memory.js";
import { isPremium, subscriptionStatusAt } from "../users/subscription-status.js";
import type { MessageView } from "./chat-store.js";
import { titleFromMessage } from "./chat-title.js";
import { keptContextRows, type KeptContext } from "./chat-context-cache.js";
import { contextColumns, replyRequestFrom, type ReplyContextRow } from "./reply-context.js";
import { startReply, type StartedReply } from "./started-reply.js";

/** Longest message a user may send. */
export const MESSAGE_MAX_LENGTH = 2000;

/** The body of a send or an edit: `{ content }`, trimmed, 1 to {@link MESSAGE_MAX_LENGTH} characters. */
export const messageContentSchema = z.object({
  content: requiredString("Message is required")
    .trim()
    .min(1, "Message cannot be empty")
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});

/** A user message that passed every check and is stored; the reply is still to come. */
export interface AcceptedMessage {
  user: UserRow;
  chat: SendChat;
  character: CharacterView;
  userMessage: MessageView;
  freeMessagesUsed: number;
  /** The UTC day a free message was taken from, or null when none was (premium, or a support reply). */
  chargedDay: string | null;
  /** What the reply engine needs; null when the crisis-support reply replaces role-play. */
  replyRequest: ReplyRequest | null;
  /** The reply the engine began while the message was being stored (null: start it when it is read). */
  started?: StartedReply | null;
}

/** The answer to a send: both stored messages and today's free-message count. */
export interface SendResult {
  userMessage: MessageView;
  reply: MessageView;
  freeMessagesUsed: number;
}

/** 400 for a message the content policy forbids. */
export const contentPolicyViolation = () =>
  new ApiError(400, "Message violates content guidelines", "content_policy");

/** The chat a send goes to, as the send needs it. */
export interface SendChat {
  id: string;
  characterId: string;
}

/** What the claim of a send read: the chat, the reply's context, and today's free messages used so far. */
interface ClaimedSend {
  chat: SendChat;
  context: ReplyContextRow;
  usedToday: number;
}

/** A claim's row: the chat, the send limit's count, today's free messages, the revision and the context read. */
type ClaimRow = {
  id: string;
  characterId: string;
  hits: number;
  usedToday: number;
  revision: number;
} & ReplyContextRow;

/** The claim's values (see {@link claimStatement}). */
interface ClaimValues extends Record<string, unknown> {
  chatId: string;
  userId: string;
  hitKey: string;
  windowStart: string;
  expiresAt: string;
  day: string;
  revision: number | null;
  tailFrom: number | null;
}

/** The claim of {@link claimSend} for a free or a premium chat (their context reads differ), compiled once. */
function claimStatement(premium: boolean) {
  return preparedStatement<ClaimValues, AppDb>((value, db) => {
    const context = contextColumns(
      { chatId: value("chatId"), userId: value("userId"), beforeSeq: null },
      premium,
      {
        revisionColumn: sql`chat.revision`,
        revision: value("revision"),
        tailFrom: value("tailFrom"),
      },
    );
    return sql`with chat as (
          select ${chats.id} as id, ${chats.characterId} as character_id, ${chats.messagesRevision} as revision
            from ${chats}
           where ${chats.id} = ${value("chatId")} and ${chats.userId} = ${value("userId")}),
        hit as (
          insert into ${rateLimits} (key, window_start, count, expires_at)
          select ${value("hitKey")}, ${value("windowStart")}::timestamptz, 1, ${value("expiresAt")}::timestamptz
           where exists (select 1 from chat)
          on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
          returning count)
        select chat.id, chat.character_id as "characterId", chat.revision, (select count from hit) as hits,
               coalesce((${freeMessagesUsedQuery(db, value("userId"), value("day")).getSQL()}), 0) as "usedToday",
               ${context}
          from chat`;
  });
}

const claimStatements = { free: claimStatement(false), premium: claimStatement(true) };

/**
 * The user's chat and one hit on the send limit, in one statement (the hit is only counted for a chat of the
 * user's), which also gives today's free messages used and the reply's context (the chat as it is before the new
 * message): read from the database unless the context this instance kept is current (the chat's revision is the
 * kept one), when the statement reads none of the messages. 404 when the chat is missing or someone else's, 429
 * when the send limit is passed.
 */
async function claimSend(ctx: AppContext, user: UserRow, chatId: string, now: Date): Promise<ClaimedSend> {
  if (!isUuid(chatId)) throw notFound("Chat not found");
  const counter = ctx.limiter.counter(ctx.limits.send, user.id);
  const hit = counter.row;
  const premium = isPremium(user);
  // Overlapping sends of one chat: its earlier messages are stored first, so the kept context is current.
  for (let pending = ctx.chatContexts.storesInFlight(chatId); pending;) {
    await pending;
    pending = ctx.chatContexts.storesInFlight(chatId);
  }
  const known = ctx.chatContexts.get(chatId, premium);
  const [row] = await claimStatements[premium ? "premium" : "free"].rows<ClaimRow>(ctx.db, {
    chatId,
    userId: user.id,
    hitKey: hit.key,
    windowStart: hit.windowStart.toISOString(),
    expiresAt: hit.expiresAt.toISOString(),
    day: utcDay(now),
    revision: known?.revision ?? null,
    tailFrom: known && Number.isFinite(known.tailFrom) ? known.tailFrom : null,
  });
  if (!row) throw notFound("Chat not found");
  counter.check(Number(row.hits));
  return {
    chat: { id: row.id, characterId: row.characterId },
    context: contextOfClaim(ctx, chatId, premium, known, row),
    usedToday: Number(row.usedToday),
  };
}

/**
 * The reply's context from a claim's row: the kept one when the chat's revision is still the kept one (the
 * profile and the memory always as read), else what the claim read, which is then kept.
 */
function contextOfClaim(
  ctx: AppContext,
  chatId: string,
  premium: boolean,
  known: KeptContext | null,
  row: ClaimRow,
): ReplyContextRow {
  const { profile, memory } = row;
  const coveredSeq = memory?.coveredSeq ?? 0;
  const revision = Number(row.revision);
  if (known && known.revision === revision) {
    const fromKept = keptContextRows(known, coveredSeq);
    const unfolded = fromKept.unfolded === undefined ? (row.unfolded ?? null) : fromKept.unfolded;
    return { ...fromKept, unfolded, profile, memory };
  }
  const { recent, avoid, unfolded } = row;
  ctx.chatContexts.keep(chatId, {
    premium,
    revision,
    recent,
    avoid,
    unfolded: unfolded ?? null,
    coveredSeq,
  });
  return { recent, avoid, profile, memory, unfolded };
}

/** The store's values (see {@link storeStatement}). */
interface StoreValues extends Record<string, unknown> {
  userId: string;
  day: string;
  chatId: string;
  content: string;
  at: string;
  title: string;
}

/** The store of {@link storeUserMessage}, taking a free message (`charged`) or not, compiled once. */
function storeStatement(charged: boolean) {
  return preparedStatement<StoreValues, AppDb>((value, db) => {
    const quota = charged
      ? sql`quota as (${consumeFreeMessageQuery(db, value("userId"), value("day")).getSQL()}),`
      : sql`quota as (select null::integer as count where false),`;
    return sql`with ${quota}
        msg as (
          insert into ${messages} (chat_id, role, content, created_at)
          select ${value("chatId")}, 'user', ${value("content")}, ${value("at")}::timestamptz
           where not ${charged}::boolean or exists (select 1 from quota)
          returning id, seq),
        touched as (
          update ${chats} set title = coalesce(${chats.title}, ${value("title")}), last_message_at = ${value("at")}::timestamptz
           where ${chats.id} = ${value("chatId")} and exists (select 1 from msg)
          returning 1)
        select msg.id, msg.seq,
               coalesce((select count from quota),
                        (${freeMessagesUsedQuery(db, value("userId"), value("day")).getSQL()}),
                        0) as used
          from (select 1) as one left join msg on true`;
  });
}

const storeStatements = { free: storeStatement(false), charged: storeStatement(true) };

/** The reply stored and the chat's activity time moved, compiled once (see {@link storeReply}). */
const replyStatement = preparedStatement<
  { chatId: string; text: string; at: string; versions: string },
  AppDb
>(
  (value) => sql`with reply as (
          insert into ${messages} (chat_id, role, content, created_at, versions)
          values (${value("chatId")}, 'character', ${value("text")}, ${value("at")}::timestamptz, ${value("versions")}::jsonb)
          returning id, seq),
        touched as (
          update ${chats} set last_message_at = ${value("at")}::timestamptz where ${chats.id} = ${value("chatId")} returning 1)
        select id, seq from reply`,
);

/**
 * Takes a free message from today's allowance when `charged` (402 `quota_exhausted` when none is left), stores
 * the user's message and moves the chat's title and activity time, in one statement (atomic by itself); gives the
 * stored message and today's free-message count.
 */
async function storeUserMessage(
  ctx: AppContext,
  send: { user: UserRow; chat: SendChat; content: string; charged: boolean; now: Date },
): Promise<{ message: MessageView; used: number; seq: number }> {
  const { user, chat, content, charged, now } = send;
  const [row] = await storeStatements[charged ? "charged" : "free"].rows<{
    id: string | null;
    seq: number | null;
    used: number;
  }>(ctx.db, {
    userId: user.id,
    day: utcDay(now),
    chatId: chat.id,
    content,
    at: now.toISOString(),
    title: titleFromMessage(content),
  });
  if (!row?.id) throw subscriptionRequired("quota_exhausted");
  ctx.chatPages.forget(chat.id);
  const message: MessageView = {
    id: row.id,
    chatId: chat.id,
    role: "user",
    content,
    createdAt: now.toISOString(),
    editedAt: null,
    versionIndex: 0,
    versionCount: 1,
  };
  return { message, used: Number(row.used), seq: Number(row.seq) };
}

/**
 * Runs every check on a message and stores it. In order: the chat must be the user's (404), the send rate (429),
 * moderation (400 content_policy; self-harm skips every paywall and gets the support reply), age confirmed (403),
 * trial not expired (402), premium character only for premium users (402), and then, in one statement, a free
 * message taken from today's allowance (402 when none is left) and the message stored with the chat's title
 * and activity time. The first statement also reads the reply's context, so the reply engine is started before
 * the second one (unless the claim saw no free message left), and stopped if that statement refuses the message.
 * Two round trips in all (with a premium chat's moved memory summary stored beside the second).
 *
 * @example
 * const accepted = await acceptMessage(ctx, user, chatId, "Hello, my lord");
 */
export async function acceptMessage(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  content: string,
): Promise<AcceptedMessage> {
  const now = ctx.clock.now();
  const claimed = await claimSend(ctx, user, chatId, now);
  const { chat } = claimed;
  const verdict = await ctx.moderator.check(content);
  if (verdict.action === "block") throw contentPolicyViolation();
  const support = verdict.action === "support";

  const character = await findCharacter(ctx, chat.characterId);
  if (!character) throw notFound("Character not found");
  const premium = isPremium(user);
  if (!support) {
    if (!user.ageVerified) throw forbidden("age_not_verified");
    if (subscriptionStatusAt(user, now) === "expired") throw subscriptionRequired("trial_expired");
    if (character.premium && !premium) throw subscriptionRequired("premium_character");
  }
  const charged = !support && !premium;
  const target = { user, chatId: chat.id, character, premium, message: content };
  const prepared = support ? null : await replyRequestFrom(ctx, target, claimed.context);
  const started =
    prepared && (!charged || claimed.usedToday < FREE_MESSAGES_PER_DAY)
      ? startReply(ctx.replyEngine, prepared.request)
      : null;
  // PGlite opened in-process (without `pgliteThread`) runs the store below on this thread, in one go: a turn of the
  // event loop first lets a model server's request leave now rather than after it (measured: 1.3 ms sooner to a
  // model's first token; nothing to gain on PostgreSQL or with PGlite on its thread, and nothing lost).
  if (started) await new Promise<void>((resolve) => setImmediate(resolve));
  let stored: Awaited<ReturnType<typeof storeUserMessage>>;
  const storing = ctx.chatContexts.storingMessage(chat.id);
  try {
    [stored] = await Promise.all([
      storeUserMessage(ctx, { user, chat, content, charged, now }),
      prepared?.memoryUpdate && saveMemory(ctx.db, chat.id, prepared.memoryUpdate, now),
    ]);
  } catch (error) {
    storing(null);
    started?.cancel(error);
    throw error;
  }
  storing({ seq: stored.seq, role: "user", content });
  return {
    user,
    chat,
    character,
    userMessage: stored.message,
    freeMessagesUsed: stored.used,
    chargedDay: charged ? utcDay(now) : null,
    replyRequest: prepared?.request ?? null,
    started,
  };
}

/**
 * The reply as chunks: the one the engine started while the message was stored, a new one from the engine, or
 * the crisis-support text in one chunk.
 *
 * @example
 * for await (const chunk of replyChunks(ctx, accepted, signal)) stream.send("chunk", { text: chunk });
 */
export function replyChunks(
  ctx: AppContext,
  accepted: Pick<AcceptedMessage, "replyRequest" | "started">,
  signal: AbortSignal,
): AsyncIterable<string> {
  if (accepted.started) return accepted.started.chunks(signal);
  if (accepted.replyRequest) return ctx.replyEngine.reply(accepted.replyRequest, signal);
  return (async function* () {
    yield CRISIS_SUPPORT_REPLY;
  })();
}

/**
 * Stores the character's reply and moves the chat's activity time.
 *
 * @example
 * const result = await storeReply(ctx, accepted, text);
 */
export async function storeReply(
  ctx: AppContext,
  accepted: AcceptedMessage,
  text: string,
): Promise<SendResult> {
  const now = ctx.clock.now();
  const versions = JSON.stringify([{ content: text, createdAt: now.toISOString() }]);
  const storing = ctx.chatContexts.storingMessage(accepted.chat.id);
  let row: { id: string; seq: number } | undefined;
  try {
    [row] = await replyStatement.rows<{ id: string; seq: number }>(ctx.db, {
      chatId: accepted.chat.id,
      text,
      at: now.toISOString(),
      versions,
    });
  } finally {
    storing(row ? { seq: Number(row.seq), role: "character", content: text } : null);
  }
  if (!row) throw new Error("insert returned no row");
  ctx.chatPages.forget(accepted.chat.id);
  const reply: MessageView = {
    id: row.id,
    chatId: accepted.chat.id,
    role: "character",
    content: text,
    createdAt: now.toISOString(),
    editedAt: null,
    versionIndex: 0,
    versionCount: 1,
  };
  return { userMessage: accepted.userMessage, reply, freeMessagesUsed: accepted.freeMessagesUsed };
}

/**
 * When no reply could be produced, gives the free message back: the allowance pays for answers, not attempts.
 *
 * @example
 * await refundUnanswered(ctx, accepted);
 */
export async function refundUnanswered(ctx: AppContext, accepted: AcceptedMessage): Promise<void> {
  if (accepted.chargedDay) await refundFreeMessage(ctx.db, accepted.user.id, accepted.chargedDay);
}
