import { z } from "zod";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter, type CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { notFound, subscriptionRequired, type ApiError } from "../http/api-error.js";
import { requiredString } from "../http/validate.js";
import type { StoredMemory } from "../memory/chat-memory.js";
import type { CrisisLanguage, SafetyAssessment } from "../safety/assess-text.js";
import { crisisReply } from "../safety/crisis-reply.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import { FREE_MESSAGES_PER_DAY, refundFreeMessage, utcDay } from "../users/free-allowance.js";
import { isPremium } from "../users/subscription-status.js";
import type { MessageView } from "./chat-store.js";
import { earlyReplyFits, startEarlyReply, type EarlyReply } from "./early-reply.js";
import { judgeReply, premiumCharacterAllowed, userFacts, type ReplyVerdict } from "./judge-reply.js";
import { replyRequestFrom } from "./reply-context.js";
import type { ClaimedSend, ClaimStore, SendChat } from "./send-store.js";
import { startReply, type StartedReply } from "./started-reply.js";

export type { SendResult } from "./send-store.js";

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
  /** The UTC day a free message was taken from, or null when none was (premium, or a crisis message). */
  chargedDay: string | null;
  /** The language of the crisis reply that replaces role-play (the message told of a crisis), else null. */
  crisis: CrisisLanguage | null;
  /** What the reply engine needs; null for a crisis message. */
  replyRequest: ReplyRequest | null;
  /** The reply the engine began while the message was being stored (null: start it when it is read). */
  started?: StartedReply | null;
  /** A premium chat's moved long-term memory summary, stored with the reply (null when it did not move). */
  memoryUpdate?: StoredMemory | null;
}

/** What a send's verdict stores with the claim: nothing when it is refused. */
function claimStoreOf(content: string, verdict: ReplyVerdict, premium: boolean): ClaimStore | null {
  if (verdict.verdict === "refused") return null;
  return {
    content,
    crisis: verdict.verdict === "crisis",
    charged: verdict.verdict === "reply" && verdict.charged,
    premiumCharacterAllowed: premiumCharacterAllowed(verdict, premium),
  };
}

/**
 * Runs every check on a message and stores it. In order: the chat must be the user's (404), the send rate (429),
 * then the judge's rules (`judge-reply.ts`: the safety assessment, 400 content_policy — a crisis message skips
 * every paywall, takes no free message, never titles the chat and gets the crisis reply in its language —, age
 * confirmed 403, trial not expired 402, premium character only for premium users 402, a free message taken from
 * today's allowance, 402 when none is left), and the message stored with the chat's title and activity time (the
 * send's store, `send-store.ts`).
 *
 * With the in-process assessment (the built-in rules) the message is assessed first and the claim does all of
 * it, the reply's context read included, in one statement; the reply engine starts once it is stored. With a
 * remote one the claim comes first (no moderation call for a chat that is not the user's or a send over the
 * limit), then the moderation, then a second statement stores the message while the reply engine starts (unless
 * the claim saw no free message left; stopped if that statement refuses the message). Either way a premium
 * chat's moved memory summary is stored beside the message.
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
  const premium = isPremium(user, now);
  const early = ctx.safety.local ? await ctx.safety.check(content) : null;
  // The judge's verdict before the claim (the character and the free messages left are the claim's to check).
  const earlyVerdict = early && judgeReply({ assessment: early, ...userFacts(user, now) });
  const earlyRefusal = earlyVerdict?.verdict === "refused" ? earlyVerdict.error : null;
  const store = earlyVerdict ? claimStoreOf(content, earlyVerdict, premium) : null;
  const begun =
    store && !store.crisis
      ? startEarlyReply(ctx, { user, chatId, message: content, now }).catch(() => null)
      : null;
  try {
    return await acceptClaimed(
      ctx,
      { user, chatId, content, now, premium, early, earlyRefusal, store },
      begun,
    );
  } catch (error) {
    const reply = await begun;
    if (reply) {
      reply.started.cancel(error);
      // A refused send's early reply was wasted: the chat's next send waits for its claim, until one is accepted.
      ctx.sends.dropClaim(chatId);
    }
    throw error;
  }
}

/** The rest of {@link acceptMessage} once the local assessment (if any) has spoken and an early reply may run. */
async function acceptClaimed(
  ctx: AppContext,
  send: {
    user: UserRow;
    chatId: string;
    content: string;
    now: Date;
    premium: boolean;
    early: SafetyAssessment | null;
    earlyRefusal: ApiError | null;
    store: ClaimStore | null;
  },
  begun: Promise<EarlyReply | null> | null,
): Promise<AcceptedMessage> {
  const { user, chatId, content, now, premium, early, earlyRefusal, store } = send;
  const counter = ctx.limiter.counter(ctx.limits.send, user.id);
  const claimed = await ctx.sends.claim({
    user,
    chatId,
    now,
    store,
    counter,
    sendLimit: ctx.limits.send.limit,
  });
  const { chat } = claimed;
  if (earlyRefusal) throw earlyRefusal;
  const assessment = early ?? (await ctx.safety.check(content));
  const verdict = judgeReply({
    assessment,
    ...userFacts(user, now),
    characterPremium: claimed.characterPremium,
  });
  if (verdict.verdict === "refused") throw verdict.error;
  const crisis = verdict.verdict === "crisis" ? verdict.language : null;
  const charged = verdict.verdict === "reply" && verdict.charged;
  if (store && !claimed.stored) throw subscriptionRequired("quota_exhausted");

  const character = await findCharacter(ctx, chat.characterId);
  if (!character) throw notFound("Character not found");
  const target = { user, chatId: chat.id, character, premium, message: content };
  const fitting = await fittingEarlyReply(begun, claimed);
  const prepared = crisis
    ? null
    : (fitting?.prepared ?? (await replyRequestFrom(ctx, target, claimed.context)));
  const accepted = { user, chat, character, crisis, chargedDay: charged ? utcDay(now) : null };
  const replyRequest = prepared?.request ?? null;
  const memoryUpdate = prepared?.memoryUpdate ?? null;
  if (claimed.stored) {
    const started = fitting?.started ?? (prepared ? startReply(ctx.replyEngine, prepared.request) : null);
    const { message, used } = claimed.stored;
    return { ...accepted, userMessage: message, freeMessagesUsed: used, replyRequest, started, memoryUpdate };
  }
  const started =
    prepared && (!charged || claimed.usedToday < FREE_MESSAGES_PER_DAY)
      ? startReply(ctx.replyEngine, prepared.request)
      : null;
  const stored = await ctx.sends.storeWhileReplying(
    { ...accepted, started },
    { content, charged, crisis: crisis !== null, now },
  );
  return {
    ...accepted,
    userMessage: stored.message,
    freeMessagesUsed: stored.used,
    replyRequest,
    started,
    memoryUpdate,
  };
}

/** The early reply, when one was begun and the claim read the context it assumed; else null (it is cancelled). */
async function fittingEarlyReply(
  begun: Promise<EarlyReply | null> | null,
  claimed: ClaimedSend,
): Promise<EarlyReply | null> {
  const reply = await begun;
  if (!reply) return null;
  const { revision, chat, context } = claimed;
  if (earlyReplyFits(reply, { revision, characterId: chat.characterId, context })) return reply;
  reply.started.cancel(new Error("the chat changed before the send's claim"));
  return null;
}

/**
 * The reply as chunks: the one the engine started while the message was stored, a new one from the engine, or
 * the crisis reply in the message's language, in one chunk.
 *
 * @example
 * for await (const chunk of replyChunks(ctx, accepted, signal)) stream.send("chunk", { text: chunk });
 */
export function replyChunks(
  ctx: AppContext,
  accepted: Pick<AcceptedMessage, "replyRequest" | "started" | "crisis">,
  signal: AbortSignal,
): AsyncIterable<string> {
  if (accepted.started) return accepted.started.chunks(signal);
  if (accepted.replyRequest) return ctx.replyEngine.reply(accepted.replyRequest, signal);
  const text = crisisReply(accepted.crisis ?? "en");
  return (async function* () {
    yield text;
  })();
}

/**
 * When no reply could be produced, gives the free message back: the allowance pays for answers, not attempts.
 *
 * @example
 * await refundUnanswered(ctx, accepted);
 */
export async function refundUnanswered(
  ctx: AppContext,
  accepted: Pick<AcceptedMessage, "user" | "chargedDay">,
): Promise<void> {
  if (accepted.chargedDay) await refundFreeMessage(ctx.db, accepted.user.id, accepted.chargedDay);
}
