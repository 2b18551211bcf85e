import { and, desc, eq, lt } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { messages, type MessageVersion } from "../db/schema.js";
import { ApiError, notFound, subscriptionRequired } from "../http/api-error.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import type { CrisisLanguage } from "../safety/assess-text.js";
import { consumeFreeMessage, refundFreeMessage, utcDay } from "../users/free-allowance.js";
import {
  findChatMessage,
  findOwnedChat,
  toMessageView,
  type MessageRow,
  type MessageView,
} from "./chat-store.js";
import { buildReplyRequest } from "./reply-context.js";
import { judgeReply, userFacts } from "./judge-reply.js";
import { refundUnanswered } from "./send-message.js";

/** A regenerate request that passed every check; the new version is still to come. */
export interface AcceptedRegenerate {
  user: UserRow;
  target: MessageRow;
  /** What the engine needs; null when the answered message told of a crisis (it gets the crisis reply again). */
  replyRequest: ReplyRequest | null;
  /** The crisis reply's language when the answered message told of a crisis, else null. */
  crisis: CrisisLanguage | null;
  /** The UTC day a free message was taken on for this regeneration (null: premium, or a crisis reply). */
  chargedDay: string | null;
}

/** Versions a reply may have at most: regenerating beyond that is refused. */
export const MAX_REPLY_VERSIONS = 20;

/** Every version of a message, oldest first (a message stored before versions existed has one: itself). */
export function versionsOf(message: MessageRow): MessageVersion[] {
  return (
    message.versions ?? [
      {
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        ...(message.crisis ? { crisis: true } : {}),
      },
    ]
  );
}

const notLatest = () =>
  new ApiError(409, "Only the latest reply in a chat can be regenerated", "not_latest_reply");

const tooManyVersions = () =>
  new ApiError(
    409,
    `This reply already has ${MAX_REPLY_VERSIONS} versions. Choose one, or send a new message`,
    "too_many_versions",
  );

/**
 * Checks a regenerate request, in order: the chat is the user's and the message is in it (404), it is the chat's
 * latest character message (409), the send rate (429), the safety assessment of the answered message (400; a
 * crisis message gets the crisis reply again, never role-play), age confirmed (403), trial not expired (402), premium character only for premium
 * users (402), at most {@link MAX_REPLY_VERSIONS} versions (409; checked again when the version is stored, see
 * {@link storeVersion}). A new reply is a reply like any other: a free user pays one free message for it (402
 * `quota_exhausted` when none is left; given back if no reply comes), so editing a message and regenerating never
 * yields free replies past the allowance. Only the crisis reply is free, and it is given only while the answered
 * message still tells of a crisis.
 *
 * @example
 * const accepted = await acceptRegenerate(ctx, user, chatId, messageId);
 */
export async function acceptRegenerate(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  messageId: string,
): Promise<AcceptedRegenerate> {
  const chat = await findOwnedChat(ctx.db, user.id, chatId);
  const target = await findChatMessage(ctx.db, chat.id, messageId);
  const [latest] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.role, "character")))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (target.role !== "character" || latest?.id !== target.id) throw notLatest();
  if (versionsOf(target).length >= MAX_REPLY_VERSIONS) throw tooManyVersions();
  await ctx.limiter.hit(ctx.limits.send, user.id);

  const [previous] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), lt(messages.seq, target.seq)))
    .orderBy(desc(messages.seq))
    .limit(1);
  const answered = previous?.role === "user" ? previous : null;
  const assessment = answered ? await ctx.safety.check(answered.content) : null;
  const character = await findCharacter(ctx, chat.characterId);
  const now = ctx.clock.now();
  const facts = userFacts(user, now);
  const { premium } = facts;
  // Marked when it was sent (the rules of the day, or a moderation model), or a crisis by today's rules.
  const verdict = judgeReply({
    assessment,
    markedCrisis: answered?.crisis === true,
    ...facts,
    characterPremium: character?.premium,
  });
  if (verdict.verdict === "refused") throw verdict.error;
  if (verdict.verdict === "crisis") {
    return { user, target, replyRequest: null, crisis: verdict.language, chargedDay: null };
  }
  if (!character) throw notFound("Character not found");

  const chargedDay = verdict.charged ? utcDay(now) : null;
  if (chargedDay) {
    const used = await ctx.db.transaction((tx) => consumeFreeMessage(tx, user.id, now));
    if (used === null) throw subscriptionRequired("quota_exhausted");
  }
  try {
    const replyRequest = await buildReplyRequest(ctx, {
      user,
      chatId: chat.id,
      character,
      premium,
      message: answered?.content ?? "",
      beforeSeq: answered?.seq ?? target.seq,
      alsoAvoid: versionsOf(target).map((v) => v.content),
    });
    return { user, target, replyRequest, crisis: null, chargedDay };
  } catch (error) {
    if (chargedDay) await refundFreeMessage(ctx.db, user.id, chargedDay);
    throw error;
  }
}

/**
 * Adds `text` as the message's newest version and selects it, under the message's row lock, so that two
 * regenerations at once each add their own version and the cap holds: regenerations started together all passed
 * {@link acceptRegenerate}'s check, and those that come after the {@link MAX_REPLY_VERSIONS}th version are refused
 * here (409 `too_many_versions`, an `error` event in a stream) and give their free message back. The check adds no
 * lock: it reads the row already locked here, before the update's trigger takes the chat's (the order of every
 * message update). A crisis reply's version is marked, and so is the message while it is selected.
 *
 * @example
 * const { reply } = await storeVersion(ctx, accepted, text);
 */
export async function storeVersion(
  ctx: AppContext,
  accepted: AcceptedRegenerate,
  text: string,
): Promise<{ reply: MessageView }> {
  const now = ctx.clock.now();
  const crisis = accepted.crisis !== null;
  const messageId = accepted.target.id;
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(messages).where(eq(messages.id, messageId)).for("update");
    if (!current) throw notFound("Message not found");
    const earlier = versionsOf(current);
    if (earlier.length >= MAX_REPLY_VERSIONS) return "full";
    const version = { content: text, createdAt: now.toISOString(), ...(crisis ? { crisis } : {}) };
    const versions = [...earlier, version];
    const [updated] = await tx
      .update(messages)
      .set({ versions, versionIndex: versions.length - 1, content: text, crisis })
      .where(eq(messages.id, messageId))
      .returning();
    return updated;
  });
  if (row === "full") {
    await refundUnanswered(ctx, accepted);
    throw tooManyVersions();
  }
  if (!row) throw notFound("Message not found");
  ctx.sends.forgetPage(row.chatId);
  return { reply: toMessageView(row) };
}
