// The send's store: its claim (the chat, the send limit, the free message and the user's message in one grouped
// statement), the store of a message its claim could not store, and the store of the reply — with the caches
// behind them (the chats' kept contexts and pages, the change notices), all behind one object the app holds.
// `send-message.ts` tells the story of a send and calls it.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { UserRow } from "../auth/session-store.js";
import type { AppDb } from "../db/database.js";
import { preparedStatement } from "../db/raw-query.js";
import { chats, messages } from "../db/schema.js";
import { notFound, subscriptionRequired } from "../http/api-error.js";
import type { RateLimitCounter } from "../http/rate-limiter.js";
import { isUuid } from "../http/validate.js";
import type { StoredMemory } from "../memory/chat-memory.js";
import type { CrisisLanguage } from "../safety/assess-text.js";
import {
  consumeFreeMessageQuery,
  FREE_MESSAGES_PER_DAY,
  freeMessagesUsedQuery,
  utcDay,
} from "../users/free-allowance.js";
import { isPremium } from "../users/subscription-status.js";
import { ChatChangeNotices } from "./chat-change-notices.js";
import {
  ChatContextCache,
  keptContextRows,
  type ContextMessage,
  type KeptContext,
} from "./chat-context-cache.js";
import { ChatPageCache, type CachedPage } from "./chat-page-cache.js";
import type { MessageView } from "./chat-store.js";
import { titleFromMessage } from "./chat-title.js";
import type { ReplyContextRow } from "./reply-context.js";
import {
  newMessageId,
  replyStores,
  sendClaims,
  type ClaimRow,
  type ReplyStores,
  type SendClaims,
} from "./send-groups.js";
import type { StartedReply } from "./started-reply.js";

/** The answer to a send: both stored messages and today's free-message count. */
export interface SendResult {
  userMessage: MessageView;
  reply: MessageView;
  freeMessagesUsed: number;
}

/** What storing a send's reply needs of the accepted send. */
export interface AnsweredSend {
  chat: SendChat;
  userMessage: MessageView;
  freeMessagesUsed: number;
  /** The crisis reply's language when the message told of a crisis (the reply is stored marked), else null. */
  crisis: CrisisLanguage | null;
  /** A premium chat's moved long-term memory summary, stored with the reply (null when it did not move). */
  memoryUpdate?: StoredMemory | null;
}

/** The chat a send goes to, as the send needs it. */
export interface SendChat {
  id: string;
  characterId: string;
}

/** What the claim of a send read, and the user's message when the claim also stored it. */
export interface ClaimedSend {
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
export interface StoredUserMessage {
  message: MessageView;
  used: number;
  seq: number;
}

/** What a claim stores with itself: the message, and whether it takes a free message. */
export interface ClaimStore {
  content: string;
  charged: boolean;
  /** Whether the message told of a crisis: answered by the crisis reply, stored marked, and never the chat's title. */
  crisis: boolean;
  /** Whether the chat's character may be premium-only (the judge's rule, which the claim checks in SQL). */
  premiumCharacterAllowed: boolean;
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

/** What {@link SendStore} is built from. */
export interface SendStoreOptions {
  db: AppDb;
  /**
   * Publishes a batch of changed chats to the other instances (`pg_notify` on PostgreSQL); null where no other
   * instance can share the database (PGlite).
   */
  publish: ((payload: string) => Promise<unknown>) | null;
  log: Pick<FastifyBaseLogger, "warn">;
  /** How long a changed chat waits for others to share its notification (tests lengthen it). */
  noticeDelayMs?: number;
  /** The kept reply contexts (tests pass one to watch it); a new one by default. */
  contexts?: ChatContextCache;
}

/** A chat's latest page as {@link SendStore.latestPage} serves it. */
export type LatestPage = Omit<CachedPage, "userId">;

/**
 * Everything a send writes and the memory behind it, in one place: the claims (grouped per statement), the stores of
 * user messages and replies (replies grouped too), the chats' kept reply contexts, their cached latest pages, and
 * the change notices other instances hear. Routes ask it for a claim, a store or a page; none reaches the caches.
 *
 * @example
 * const sends = new SendStore({ db, publish: null, log: app.log });
 * const claimed = await sends.claim({ user, chatId, now, store: null, counter, sendLimit: 20 });
 */
export class SendStore {
  private readonly db: AppDb;
  private readonly pages = new ChatPageCache();
  private readonly notices: ChatChangeNotices;
  private readonly contexts: ChatContextCache;
  private readonly claims: SendClaims;
  private readonly replies: ReplyStores;

  constructor(options: SendStoreOptions) {
    this.db = options.db;
    this.contexts = options.contexts ?? new ChatContextCache();
    this.notices = new ChatChangeNotices(options.publish, options.log, options.noticeDelayMs);
    this.claims = sendClaims(options.db, this.contexts);
    this.replies = replyStores(options.db);
  }

  /**
   * The user's chat and one hit on the send limit, in one statement (the hit is only counted for a chat of the
   * user's), which also gives today's free messages used and the reply's context (the chat as it is before the new
   * message): read from the database unless the context this instance kept is current (the chat's revision is the
   * kept one), when the statement reads none of the messages. With `store`, the same statement also takes the free
   * message and stores the user's message when the send limit and the character allow it (the claims' group
   * statement, in send-groups.ts). 404 when the chat is missing or someone else's, 429 when the send limit
   * (`counter`, `sendLimit` hits) is passed.
   */
  async claim(send: {
    user: UserRow;
    chatId: string;
    now: Date;
    store: ClaimStore | null;
    counter: RateLimitCounter;
    sendLimit: number;
  }): Promise<ClaimedSend> {
    const { user, chatId, now, store, counter } = send;
    if (!isUuid(chatId)) throw notFound("Chat not found");
    const hit = counter.row;
    const premium = isPremium(user, now);
    // Set when the claim's group is built, after this instance's stores of the chat's earlier messages (see
    // sendClaims): the message's store is registered then, and the kept context read then is current.
    const started: { known: KeptContext | null; storing: ((stored: ContextMessage | null) => void) | null } =
      {
        known: null,
        storing: null,
      };
    let row: ClaimRow | undefined;
    try {
      row = await this.claims[premium ? "premium" : "free"].write({
        chatId,
        userId: user.id,
        hitKey: hit.key,
        windowStart: hit.windowStart.toISOString(),
        expiresAt: hit.expiresAt.toISOString(),
        sendLimit: send.sendLimit,
        day: utcDay(now),
        starting: () => {
          if (store && !started.storing) started.storing = this.contexts.storingMessage(chatId);
          return (started.known = this.contexts.get(chatId, premium));
        },
        messageId: newMessageId(),
        store: store !== null,
        charged: store?.charged ?? false,
        premiumCharacterAllowed: store?.premiumCharacterAllowed ?? premium,
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
    const context = this.contextOfClaim(chatId, premium, started.known, row);
    const stored =
      store && row.messageId
        ? this.storedUserMessage(
            { chatId, content: store.content, now },
            { id: row.messageId, seq: row.messageSeq, used: row.usedToday },
          )
        : null;
    storing?.(
      stored && { seq: stored.seq, role: "user", content: stored.message.content, crisis: store?.crisis },
    );
    if (stored) {
      this.notices.changed(chatId);
      this.contexts.noteClaim(chatId, {
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

  /**
   * Stores a message its claim did not store (a remote moderation came between them) while the reply that was
   * `started` runs; stops that reply if the store fails.
   */
  async storeWhileReplying(
    accepted: { user: UserRow; chat: SendChat; started?: StartedReply | null },
    send: { content: string; charged: boolean; crisis: boolean; now: Date },
  ): Promise<StoredUserMessage> {
    const { user, chat, started } = accepted;
    const { content, charged, crisis, now } = send;
    // PGlite opened in-process (without `pgliteThread`) runs the store below on this thread, in one go: a turn of the
    // event loop first lets a model server's request leave now rather than after it (measured: 1.3 ms sooner to a
    // model's first token; nothing to gain on PostgreSQL or with PGlite on its thread, and nothing lost).
    if (started) await new Promise<void>((resolve) => setImmediate(resolve));
    let stored: StoredUserMessage;
    const storing = this.contexts.storingMessage(chat.id);
    try {
      stored = await this.storeUserMessage({ user, chat, content, charged, crisis, now });
    } catch (error) {
      storing(null);
      started?.cancel(error);
      throw error;
    }
    storing({ seq: stored.seq, role: "user", content, crisis });
    return stored;
  }

  /**
   * Stores the character's reply (made at `now`), with the chat's moved memory summary when there is one, and
   * moves the chat's activity time; replies finishing together share one statement (`replyStores`, in
   * send-groups.ts).
   *
   * @example
   * const result = await ctx.sends.storeReply(accepted, text, ctx.clock.now());
   */
  async storeReply(accepted: AnsweredSend, text: string, now: Date): Promise<SendResult> {
    const storing = this.contexts.storingMessage(accepted.chat.id);
    let row: { id: string; seq: number } | undefined;
    try {
      row = await this.replies.write({
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
    if (accepted.memoryUpdate) this.contexts.noteMemory(accepted.chat.id, accepted.memoryUpdate);
    this.pages.forget(accepted.chat.id);
    this.notices.changed(accepted.chat.id);
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
   * The chat's context as this instance's last send kept it, for a reply begun before the claim; null while a
   * store of the chat's messages is in flight (what is kept may be about to change) or when nothing is kept.
   */
  keptContext(chatId: string, premium: boolean): KeptContext | null {
    return this.contexts.storesInFlight(chatId) ? null : this.contexts.get(chatId, premium);
  }

  /** Forgets the chat's last claim after a refused send wasted an early reply: its next send waits for its claim. */
  dropClaim(chatId: string): void {
    this.contexts.dropClaim(chatId);
  }

  /**
   * The chat's latest page for `userId`: from memory when kept, else `read` (kept afterwards unless the chat
   * changed while it was read).
   */
  async latestPage(chatId: string, userId: string, read: () => Promise<LatestPage>): Promise<LatestPage> {
    const cached = this.pages.get(chatId, userId);
    if (cached) return cached;
    const token = this.pages.begin();
    const page = await read();
    this.pages.put(token, chatId, { userId, ...page });
    return page;
  }

  /** Forgets the chat's cached page after a change made outside a send (an edit, a deletion, a regeneration). */
  forgetPage(chatId: string): void {
    this.pages.forget(chatId);
  }

  /** What hears the chats other instances changed (the `CHAT_CHANGED_CHANNEL` listener). */
  changesListener(): ReturnType<ChatPageCache["listener"]> {
    return this.pages.listener();
  }

  /** Publishes the change notices still pending (the server closing). */
  async flush(): Promise<void> {
    await this.notices.flush();
  }

  /** A user's message as stored (by the claim or by {@link storeUserMessage}); the chat's cached page forgotten. */
  private storedUserMessage(
    send: { chatId: string; content: string; now: Date },
    row: { id: string; seq: number | null; used: number },
  ): StoredUserMessage {
    const { chatId, content, now } = send;
    this.pages.forget(chatId);
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
  private contextOfClaim(
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
    this.contexts.keep(chatId, {
      premium,
      revision,
      recent,
      avoid,
      unfolded: unfolded ?? null,
      coveredSeq,
    });
    return { recent, avoid, profile, memory, unfolded };
  }

  /**
   * Takes a free message from today's allowance when `charged` (402 `quota_exhausted` when none is left), stores
   * the user's message and moves the chat's title and activity time, in one statement (atomic by itself); gives the
   * stored message and today's free-message count. For a send its claim did not store (a remote moderation came
   * between them).
   */
  private async storeUserMessage(send: {
    user: UserRow;
    chat: SendChat;
    content: string;
    charged: boolean;
    crisis: boolean;
    now: Date;
  }): Promise<StoredUserMessage> {
    const { user, chat, content, charged, crisis, now } = send;
    const [row] = await storeStatements[charged ? "charged" : "free"].rows<{
      id: string | null;
      seq: number | null;
      used: number;
    }>(this.db, {
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
    return this.storedUserMessage(
      { chatId: chat.id, content, now },
      { id: row.id, seq: row.seq, used: row.used },
    );
  }
}
