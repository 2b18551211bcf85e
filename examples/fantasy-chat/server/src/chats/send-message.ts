import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter, type CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { queryRows } from "../db/raw-query.js";
import { chats, dailyMessageUsage, messages, rateLimits } from "../db/schema.js";
import { ApiError, forbidden, notFound, subscriptionRequired } from "../http/api-error.js";
import { isUuid, requiredString } from "../http/validate.js";
import { CRISIS_SUPPORT_REPLY } from "../moderation/crisis-support.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import { consumeFreeMessageQuery, refundFreeMessage, utcDay } from "../users/free-allowance.js";
import { isPremium, subscriptionStatusAt } from "../users/subscription-status.js";
import type { MessageView } from "./chat-store.js";
import { titleFromMessage } from "./chat-title.js";
import { contextColumns, replyRequestFrom, windowLengthFor, type ReplyContextRow } from "./reply-context.js";

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

/**
 * The user's chat and one hit on the send limit, in one statement (the hit is only counted for a chat of the
 * user's): 404 when the chat is missing or someone else's, 429 when the send limit is passed.
 */
async function claimSend(ctx: AppContext, user: UserRow, chatId: string): Promise<SendChat> {
  if (!isUuid(chatId)) throw notFound("Chat not found");
  const counter = ctx.limiter.counter(ctx.limits.send, user.id);
  const hit = counter.row;
  const [row] = await queryRows<{ id: string; characterId: string; hits: number }>(
    ctx.db,
    sql`with chat as (
          select ${chats.id} as id, ${chats.characterId} as character_id from ${chats}
           where ${chats.id} = ${chatId} and ${chats.userId} = ${user.id}),
        hit as (
          insert into ${rateLimits} (key, window_start, count, expires_at)
          select ${hit.key}, ${hit.windowStart.toISOString()}::timestamptz, 1, ${hit.expiresAt.toISOString()}::timestamptz
           where exists (select 1 from chat)
          on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
          returning count)
        select chat.id, chat.character_id as "characterId", (select count from hit) as hits from chat`,
  );
  if (!row) throw notFound("Chat not found");
  counter.check(Number(row.hits));
  return { id: row.id, characterId: row.characterId };
}

/**
 * Takes a free message from today's allowance when `charged` (402 `quota_exhausted` when none is left), stores
 * the user's message and moves the chat's title and activity time, in one statement (atomic by itself); gives the
 * stored message, today's free-message count and the reply's context when `context` names its columns (read in
 * the same statement, so it sees the chat just before the new message).
 */
async function storeUserMessage(
  ctx: AppContext,
  send: { user: UserRow; chat: SendChat; content: string; charged: boolean; now: Date; context: SQL },
): Promise<{ message: MessageView; used: number; context: ReplyContextRow | null }> {
  const { user, chat, content, charged, now } = send;
  const day = utcDay(now);
  const quota = charged
    ? sql`quota as (${consumeFreeMessageQuery(ctx.db, user.id, now).getSQL()}),`
    : sql`quota as (select null::integer as count where false),`;
  const [row] = await queryRows<{ id: string | null; used: number } & Partial<ReplyContextRow>>(
    ctx.db,
    sql`with ${quota}
        msg as (
          insert into ${messages} (chat_id, role, content, created_at)
          select ${chat.id}, 'user', ${content}, ${now.toISOString()}::timestamptz
           where not ${charged}::boolean or exists (select 1 from quota)
          returning id),
        touched as (
          update ${chats} set title = coalesce(${chats.title}, ${titleFromMessage(content)}), last_message_at = ${now.toISOString()}::timestamptz
           where ${chats.id} = ${chat.id} and exists (select 1 from msg)
          returning 1)
        select msg.id, ${send.context}
               coalesce((select count from quota),
                        (select ${dailyMessageUsage.count} from ${dailyMessageUsage}
                          where ${dailyMessageUsage.userId} = ${user.id} and ${dailyMessageUsage.day} = ${day}),
                        0) as used
          from (select 1) as one left join msg on true`,
  );
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
  const { recent, avoid, profile, memory } = row;
  const context =
    recent && avoid ? { recent, avoid, profile: profile ?? null, memory: memory ?? null } : null;
  return { message, used: Number(row.used), context };
}

/**
 * Runs every check on a message and stores it. In order: the chat must be the user's (404), the send rate (429),
 * moderation (400 content_policy; self-harm skips every paywall and gets the support reply), age confirmed (403),
 * trial not expired (402), premium character only for premium users (402), and then, in one statement, a free
 * message taken from today's allowance (402 when none is left) and the message stored with the chat's title
 * and activity time, the reply's context read in the same statement. Two round trips in all (three when a premium
 * chat's memory has older messages to fold in).
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
  const chat = await claimSend(ctx, user, chatId);
  const verdict = await ctx.moderator.check(content);
  if (verdict.action === "block") throw contentPolicyViolation();
  const support = verdict.action === "support";

  const now = ctx.clock.now();
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
  const context = support
    ? sql``
    : sql`${contextColumns({ chatId: chat.id, userId: user.id, beforeSeq: null }, windowLengthFor(premium))},`;
  const stored = await storeUserMessage(ctx, { user, chat, content, charged, now, context });
  const replyRequest = stored.context ? await replyRequestFrom(ctx, target, stored.context) : null;
  return {
    user,
    chat,
    character,
    userMessage: stored.message,
    freeMessagesUsed: stored.used,
    chargedDay: charged ? utcDay(now) : null,
    replyRequest,
  };
}

/**
 * The reply as chunks: from the reply engine, or the crisis-support text in one chunk.
 *
 * @example
 * for await (const chunk of replyChunks(ctx, accepted.replyRequest, signal)) stream.send("chunk", { text: chunk });
 */
export function replyChunks(
  ctx: AppContext,
  replyRequest: ReplyRequest | null,
  signal: AbortSignal,
): AsyncIterable<string> {
  if (replyRequest) return ctx.replyEngine.reply(replyRequest, signal);
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
  const [row] = await queryRows<{ id: string }>(
    ctx.db,
    sql`with reply as (
          insert into ${messages} (chat_id, role, content, created_at, versions)
          values (${accepted.chat.id}, 'character', ${text}, ${now.toISOString()}::timestamptz, ${versions}::jsonb)
          returning id),
        touched as (
          update ${chats} set last_message_at = ${now.toISOString()}::timestamptz where ${chats.id} = ${accepted.chat.id} returning 1)
        select id from reply`,
  );
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
