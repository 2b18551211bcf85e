import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter, type CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { chats, messages } from "../db/schema.js";
import { ApiError, forbidden, notFound, subscriptionRequired } from "../http/api-error.js";
import { requiredString } from "../http/validate.js";
import { CRISIS_SUPPORT_REPLY } from "../moderation/crisis-support.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import { consumeFreeMessage, freeMessagesUsed, refundFreeMessage, utcDay } from "../users/free-allowance.js";
import { isPremium, subscriptionStatusAt } from "../users/subscription-status.js";
import { findOwnedChat, toMessageView, type ChatRow, type MessageView } from "./chat-store.js";
import { titleFromMessage } from "./chat-title.js";
import { buildReplyRequest } from "./reply-context.js";

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
  chat: ChatRow;
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

/**
 * Runs every check on a message and stores it. In order: the chat must be the user's (404), the send rate (429),
 * moderation (400 content_policy; self-harm skips every paywall and gets the support reply), age confirmed (403),
 * trial not expired (402), premium character only for premium users (402), and then, in one transaction, a free
 * message taken from today's allowance (402 when none is left) and the message stored with the chat's title
 * and activity time.
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
  const chat = await findOwnedChat(ctx.db, user.id, chatId);
  await ctx.limiter.hit(ctx.limits.send, user.id);
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

  const { stored, used } = await ctx.db.transaction(async (tx) => {
    const count = charged ? await consumeFreeMessage(tx, user.id, now) : null;
    if (charged && count === null) throw subscriptionRequired("quota_exhausted");
    const [row] = await tx
      .insert(messages)
      .values({ chatId: chat.id, role: "user", content, createdAt: now })
      .returning();
    await tx
      .update(chats)
      .set({ title: sql`coalesce(${chats.title}, ${titleFromMessage(content)})`, lastMessageAt: now })
      .where(eq(chats.id, chat.id));
    return { stored: row, used: count };
  });
  if (!stored) throw new Error("insert returned no row");

  const replyRequest = support
    ? null
    : await buildReplyRequest(ctx, {
        user,
        chatId: chat.id,
        character,
        premium,
        message: content,
        beforeSeq: stored.seq,
      });
  return {
    user,
    chat,
    character,
    userMessage: toMessageView(stored),
    freeMessagesUsed: used ?? (await freeMessagesUsed(ctx.db, user.id, now)),
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
  const reply = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        chatId: accepted.chat.id,
        role: "character",
        content: text,
        createdAt: now,
        versions: [{ content: text, createdAt: now.toISOString() }],
      })
      .returning();
    await tx.update(chats).set({ lastMessageAt: now }).where(eq(chats.id, accepted.chat.id));
    return row;
  });
  if (!reply) throw new Error("insert returned no row");
  return {
    userMessage: accepted.userMessage,
    reply: toMessageView(reply),
    freeMessagesUsed: accepted.freeMessagesUsed,
  };
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
