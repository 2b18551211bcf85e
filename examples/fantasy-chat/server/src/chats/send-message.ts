import { sql } from "drizzle-orm";
import { z } from "zod";
import type { UserRow } from "../auth/session-store.js";
import { findCharacter, type CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import type { AppDb } from "../db/database.js";
import { preparedStatement } from "../db/raw-query.js";
import { chats, messages } from "../db/schema.js";
import { ApiError, forbidden, notFound, subscriptionRequired } from "../http/api-error.js";
import { isUuid, requiredString } from "../http/validate.js";
import type { StoredMemory } from "../memory/chat-memory.js";
import type { CrisisLanguage, SafetyAssessment } from "../safety/assess-text.js";
import { crisisReply } from "../safety/crisis-reply.js";
import type { ReplyRequest } from "../replies/reply-engine.js";
import {
  consumeFreeMessageQuery,
  FREE_MESSAGES_PER_DAY,
  freeMessagesUsedQuery,
  refundFreeMessage,
  utcDay,
} from "../users/free-allowance.js";
import { isPremium, subscriptionStatusAt } from "../users/subscription-status.js";
import { keptContextRows, type ContextMessage, type KeptContext } from "./chat-context-cache.js";
import type { MessageView } from "./chat-store.js";
import { titleFromMessage } from "./chat-title.js";
import { earlyReplyFits, startEarlyReply, type EarlyReply } from "./early-reply.js";
import { replyRequestFrom, type ReplyContextRow } from "./reply-context.js";
import { newMessageId, type ClaimRow } from "./send-groups.js";
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

/** What the claim of a send read, and the user's message when the claim also stored it. */
interface ClaimedSend {
  chat: SendChat;
  /** The chat's revision before the new message, as the claim read it. */
  revision: number;
  /** Whether the chat's character is premium-only. */
  characterPremium: boolean;
  context: ReplyContextRow;
  /** Today's free messages used before the send (after it when the claim stored the message). */
  usedToday: number;
  /** The stored message, when the claim was asked to store it and every condition held; else null. */
  stored: StoredUserMessage | null;
}

/** A user's message as stored, and today's free-message count after it. */
interface StoredUserMessage {
  message: MessageView;
  used: number;
  seq: number;
}

/** What a claim stores with itself: the message, and whether it takes a free message. */
interface ClaimStore {
  content: string;
  charged: boolean;
  /**
   * Whether the message told of a crisis: answered by the crisis reply (it may then go to a premium-only
   * character), stored marked, and never the chat's title.
   */
  crisis: boolean;
}

/**
 * The user's chat and one hit on the send limit, in one statement (the hit is only counted for a chat of the
 * user's), which also gives today's free messages used and the reply's context (the chat as it is before the new
 * message): read from the database unless the context this instance kept is current (the chat's revision is the
 * kept one), when the statement reads none of the messages. With `store`, the same statement also takes the free
 * message and stores the user's message when the send limit and the character allow it (the claims' group
 * statement, in send-groups.ts). 404 when the chat is missing or someone else's, 429 when the send limit is passed.
 */
async function claimSend(
  ctx: AppContext,
  send: { user: UserRow; chatId: string; now: Date; store: ClaimStore | null },
): Promise<ClaimedSend> {
  const { user, chatId, now, store } = send;
  if (!isUuid(chatId)) throw notFound("Chat not found");
  const counter = ctx.limiter.counter(ctx.limits.send, user.id);
  const hit = counter.row;
  const premium = isPremium(user, now);
  // Set when the claim's group is built, after this instance's stores of the chat's earlier messages (see
  // sendClaims): the message's store is registered then, and the kept context read then is current.
  const started: { known: KeptContext | null; storing: ((stored: ContextMessage | null) => void) | null } = {
    known: null,
    storing: null,
  };
  let row: ClaimRow | undefined;
  try {
    row = await ctx.sendClaims[premium ? "premium" : "free"].write({
      chatId,
      userId: user.id,
      hitKey: hit.key,
      windowStart: hit.windowStart.toISOString(),
      expiresAt: hit.expiresAt.toISOString(),
      sendLimit: ctx.limits.send.limit,
      day: utcDay(now),
      starting: () => {
        if (store && !started.storing) started.storing = ctx.chatContexts.storingMessage(chatId);
        return (started.known = ctx.chatContexts.get(chatId, premium));
      },
      messageId: newMessageId(),
      store: store !== null,
      charged: store?.charged ?? false,
      premiumCharacterAllowed: premium || (store?.crisis ?? false),
      content: store?.content ?? "",
      crisis: store?.crisis ?? false,
      at: now.toISOString(),
      title: store && !store.crisis ? titleFromMessage(store.content) : null,
    });
  } catch (error) {
    started.storing?.(null);
    throw error;
  }
  const { storing } = started;
  if (!row) {
    storing?.(null);
    throw notFound("Chat not found");
  }
  const context = contextOfClaim(ctx, chatId, premium, started.known, row);
  const stored =
    store && row.messageId
      ? storedUserMessage(
          ctx,
          { chatId, content: store.content, now },
          {
            id: row.messageId,
            seq: row.messageSeq,
            used: row.usedToday,
          },
        )
      : null;
  storing?.(
    stored && { seq: stored.seq, role: "user", content: stored.message.content, crisis: store?.crisis },
  );
  if (stored) {
    ctx.chatNotices.changed(chatId);
    ctx.chatContexts.noteClaim(chatId, {
      userId: user.id,
      characterId: row.characterId,
      profile: row.profile,
      memory: row.memory,
      freeLeft: premium || stored.used < FREE_MESSAGES_PER_DAY,
      day: utcDay(now),
    });
  }
  counter.check(Number(row.hits));
  return {
    chat: { id: row.id, characterId: row.characterId },
    revision: Number(row.revision),
    characterPremium: row.characterPremium,
    context,
    usedToday: Number(row.usedToday),
    stored,
  };
}

/** A user's message as stored (by the claim or by {@link storeUserMessage}); the chat's cached page forgotten. */
function storedUserMessage(
  ctx: AppContext,
  send: { chatId: string; content: string; now: Date },
  row: { id: string; seq: number | null; used: number },
): StoredUserMessage {
  const { chatId, content, now } = send;
  ctx.chatPages.forget(chatId);
  return {
    message: {
      id: row.id,
      chatId,
      role: "user",
      content,
      createdAt: now.toISOString(),
      editedAt: null,
      versionIndex: 0,
      versionCount: 1,
    },
    used: Number(row.used),
    seq: Number(row.seq),
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
  /** The new message's id, made here (see {@link newMessageId}). */
  messageId: string;
  userId: string;
  day: string;
  chatId: string;
  content: string;
  crisis: boolean;
  at: string;
  /** Null for a crisis message, which never titles a chat. */
  title: string | null;
}

/** The store of {@link storeUserMessage}, taking a free message (`charged`) or not, compiled once. */
function storeStatement(charged: boolean) {
  return preparedStatement<StoreValues, AppDb>((value, db) => {
    const quota = charged
      ? sql`quota as (${consumeFreeMessageQuery(value("userId"), value("day"))}),`
      : sql`quota as (select null::integer as count where false),`;
    return sql`with ${quota}
        msg as (
          insert into ${messages} (id, chat_id, role, content, created_at, crisis)
          select ${value("messageId")}::uuid, ${value("chatId")}::uuid, 'user', ${value("content")}, ${value("at")}::timestamptz,
                 ${value("crisis")}::boolean
           where not ${charged}::boolean or exists (select 1 from quota)
          returning id, seq),
        titled as (
          update ${chats} set title = ${value("title")}::text
           where ${chats.id} = ${value("chatId")} and ${chats.title} is null and ${value("title")}::text is not null
             and exists (select 1 from msg)
          returning 1)
        select msg.id, msg.seq,
               coalesce((select count from quota),
                        (${freeMessagesUsedQuery(db, value("userId"), value("day")).getSQL()}),
                        0) as used
          from (select 1) as one left join msg on true`;
  });
}

const storeStatements = { free: storeStatement(false), charged: storeStatement(true) };

/**
 * Takes a free message from today's allowance when `charged` (402 `quota_exhausted` when none is left), stores
 * the user's message and moves the chat's title and activity time, in one statement (atomic by itself); gives the
 * stored message and today's free-message count. For a send its claim did not store (a remote moderation came
 * between them).
 */
async function storeUserMessage(
  ctx: AppContext,
  send: { user: UserRow; chat: SendChat; content: string; charged: boolean; crisis: boolean; now: Date },
): Promise<StoredUserMessage> {
  const { user, chat, content, charged, crisis, now } = send;
  const [row] = await storeStatements[charged ? "charged" : "free"].rows<{
    id: string | null;
    seq: number | null;
    used: number;
  }>(ctx.db, {
    messageId: newMessageId(),
    userId: user.id,
    day: utcDay(now),
    chatId: chat.id,
    content,
    crisis,
    at: now.toISOString(),
    title: crisis ? null : titleFromMessage(content),
  });
  if (!row?.id) throw subscriptionRequired("quota_exhausted");
  return storedUserMessage(
    ctx,
    { chatId: chat.id, content, now },
    { id: row.id, seq: row.seq, used: row.used },
  );
}

/**
 * The first refusal of a message the checks after the send limit give, in their order: the safety assessment (400
 * content_policy), then, unless the message told of a crisis (answered with the crisis reply whatever else holds),
 * age confirmed (403) and trial not expired (402); null when none refuses.
 */
function refusalOf(user: UserRow, now: Date, assessment: SafetyAssessment): ApiError | null {
  if (assessment.verdict === "refused") return contentPolicyViolation();
  if (assessment.verdict === "crisis") return null;
  if (!user.ageVerified) return forbidden("age_not_verified");
  if (subscriptionStatusAt(user, now) === "expired") return subscriptionRequired("trial_expired");
  return null;
}

/**
 * Runs every check on a message and stores it. In order: the chat must be the user's (404), the send rate (429),
 * the safety assessment (400 content_policy; a crisis message skips every paywall, takes no free message, never
 * titles the chat and gets the crisis reply in its language), age confirmed (403),
 * trial not expired (402), premium character only for premium users (402), a free message taken from today's
 * allowance (402 when none is left), and the message stored with the chat's title and activity time.
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
  const earlyRefusal = early && refusalOf(user, now, early);
  const store =
    early && !earlyRefusal
      ? { content, crisis: early.verdict === "crisis", charged: early.verdict !== "crisis" && !premium }
      : null;
  const begun =
    store && !store.crisis
      ? startEarlyReply(ctx, { user, chatId, message: content, premium, day: utcDay(now) }).catch(() => null)
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
      ctx.chatContexts.dropClaim(chatId);
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
  const claimed = await claimSend(ctx, { user, chatId, now, store });
  const { chat } = claimed;
  const assessment = early ?? (await ctx.safety.check(content));
  const refusal = earlyRefusal ?? (early ? null : refusalOf(user, now, assessment));
  if (refusal) throw refusal;
  const crisis = assessment.verdict === "crisis" ? assessment.language : null;
  if (!crisis && claimed.characterPremium && !premium) throw subscriptionRequired("premium_character");
  const charged = !crisis && !premium;
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
  const stored = await storedWhileReplying(
    ctx,
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
 * Stores a message its claim did not store (a remote moderation came between them) while the reply that was
 * `started` runs; stops that reply if the store fails.
 */
async function storedWhileReplying(
  ctx: AppContext,
  accepted: Pick<AcceptedMessage, "user" | "chat" | "started">,
  send: { content: string; charged: boolean; crisis: boolean; now: Date },
): Promise<StoredUserMessage> {
  const { user, chat, started } = accepted;
  const { content, charged, crisis, now } = send;
  // PGlite opened in-process (without `pgliteThread`) runs the store below on this thread, in one go: a turn of the
  // event loop first lets a model server's request leave now rather than after it (measured: 1.3 ms sooner to a
  // model's first token; nothing to gain on PostgreSQL or with PGlite on its thread, and nothing lost).
  if (started) await new Promise<void>((resolve) => setImmediate(resolve));
  let stored: StoredUserMessage;
  const storing = ctx.chatContexts.storingMessage(chat.id);
  try {
    stored = await storeUserMessage(ctx, { user, chat, content, charged, crisis, now });
  } catch (error) {
    storing(null);
    started?.cancel(error);
    throw error;
  }
  storing({ seq: stored.seq, role: "user", content, crisis });
  return stored;
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
 * Stores the character's reply, with the chat's moved memory summary when there is one, and moves the chat's
 * activity time; replies finishing together share one statement (`replyStores`, in send-groups.ts).
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
  const storing = ctx.chatContexts.storingMessage(accepted.chat.id);
  let row: { id: string; seq: number } | undefined;
  try {
    row = await ctx.replyStores.write({
      messageId: newMessageId(),
      chatId: accepted.chat.id,
      text,
      crisis: accepted.crisis !== null,
      at: now.toISOString(),
      memory: accepted.memoryUpdate ?? null,
    });
  } finally {
    storing(
      row ? { seq: row.seq, role: "character", content: text, crisis: accepted.crisis !== null } : null,
    );
  }
  if (accepted.memoryUpdate) ctx.chatContexts.noteMemory(accepted.chat.id, accepted.memoryUpdate);
  ctx.chatPages.forget(accepted.chat.id);
  ctx.chatNotices.changed(accepted.chat.id);
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
export async function refundUnanswered(
  ctx: AppContext,
  accepted: Pick<AcceptedMessage, "user" | "chargedDay">,
): Promise<void> {
  if (accepted.chargedDay) await refundFreeMessage(ctx.db, accepted.user.id, accepted.chargedDay);
}
