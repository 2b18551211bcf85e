import type { StoredMemory } from "../memory/chat-memory.js";
import type { ProfileView } from "../profile/profile-store.js";
import { windowLengthFor, type ReplyContextRow } from "./reply-context.js";

/** One message of a kept context, as the context read gives it. */
export type ContextMessage = ReplyContextRow["recent"][number];

/** How many chats' contexts an instance keeps (the most recently used). */
const DEFAULT_MAX_CHATS = 500;
/** Messages kept beyond the window, so that a premium chat's next fold finds the ones leaving it. */
const CARRY = 10;
/** How many of the chat's last character replies a reply must differ from (as the context read takes). */
const AVOID_LENGTH = 20;

/**
 * What a send keeps of a chat's reply context, valid while the chat's `messages_revision` is `revision`: the
 * newest messages (newest first; every message with `seq > tailFrom` is among them), and the last character
 * replies. The profile and the long-term memory are not kept: the claim reads them every time.
 */
export interface KeptContext {
  premium: boolean;
  revision: number;
  messages: ContextMessage[];
  avoid: string[];
  /** Every message after this `seq` is in `messages` (0: the whole chat is). */
  tailFrom: number;
  /** What the chat's last accepted send on this instance read besides its messages (see {@link LastClaim}). */
  lastClaim?: LastClaim | null;
}

/**
 * What a chat's last accepted send on this instance read besides the messages, as a guess of what the next one's
 * claim will read, so that its reply can begin before the claim returns (see startEarlyReply): a guess only, which
 * the claim's own read confirms or not. The memory is the one stored with the send's reply, once it is.
 */
export interface LastClaim {
  userId: string;
  characterId: string;
  profile: ProfileView | null;
  memory: StoredMemory | null;
  /** Whether the user had a free message left on `day` after the send (true for a premium user). */
  freeLeft: boolean;
  day: string;
}

/** The context columns a claim read, with what it needs to keep them. */
export interface ReadContext {
  premium: boolean;
  revision: number;
  recent: ContextMessage[];
  avoid: string[];
  unfolded: ContextMessage[] | null;
  /** The premium memory's last folded message (0 without a memory): every message after it was read. */
  coveredSeq: number;
}

/**
 * Each chat's reply context as the last send on this instance left it, so that the next send's claim reads the
 * chat's revision instead of its messages. Exact across instances: any statement that changes a chat's
 * messages, wherever it runs, moves the revision (a trigger), and the claim reads the context again whenever the
 * revision is not the kept one. Sends of one chat that overlap on this instance keep it while their messages are
 * stored in order (see {@link append}).
 *
 * @example
 * const kept = cache.get(chatId, premium);
 * // … the claim reads the context only when the chat's revision is not kept?.revision …
 */
export class ChatContextCache {
  private readonly chats = new Map<string, KeptContext>();
  /** Per chat, how many of its messages this instance is storing, and what resolves when that is none. */
  private readonly storing = new Map<string, { count: number; done: Promise<void>; resolve(): void }>();

  constructor(private readonly maxChats = DEFAULT_MAX_CHATS) {}

  /** The kept context of a chat for a reply of this kind (a premium window or a free one), or null. */
  get(chatId: string, premium: boolean): KeptContext | null {
    const kept = this.chats.get(chatId);
    if (!kept || kept.premium !== premium) return null;
    // Most recently used last, so the oldest is the first to go when full.
    this.chats.delete(chatId);
    this.chats.set(chatId, kept);
    return kept;
  }

  /** Keeps the context a claim read (the chat at `revision`), replacing whatever was kept. */
  keep(chatId: string, read: ReadContext): KeptContext {
    const older = [...(read.unfolded ?? [])].reverse();
    const messages = [...read.recent, ...older];
    const complete = read.recent.length < windowLengthFor(read.premium);
    const kept = trimmed({
      premium: read.premium,
      revision: read.revision,
      messages,
      avoid: read.avoid.slice(0, AVOID_LENGTH),
      // A premium read has every message after the memory's last (the window and the unfolded ones); a free one
      // only the window, and a free chat never needs more.
      tailFrom: complete ? 0 : read.premium ? read.coveredSeq : Infinity,
    });
    this.put(chatId, kept);
    return kept;
  }

  /**
   * Adds a message this instance stored by one statement, which moved the chat's revision by one. Sends of one
   * chat may overlap: a message a claim's read already has (that read's revision counts its statement) is not
   * added again, and one older than the newest kept (stored out of order, or not the newest when read) drops the
   * chat's context, which the next claim then reads. So the kept revision is the chat's exactly when every
   * statement since the read is a message kept here.
   */
  append(chatId: string, message: ContextMessage): KeptContext | null {
    const kept = this.chats.get(chatId);
    if (!kept) return null;
    if (kept.messages.some((m) => m.seq === message.seq)) return kept;
    if (message.seq < (kept.messages[0]?.seq ?? 0)) {
      this.forget(chatId);
      return null;
    }
    const next = trimmed({
      ...kept,
      revision: kept.revision + 1,
      messages: [message, ...kept.messages],
      // The crisis reply is not role-play: a reply need not differ from it (the context read leaves it out too).
      avoid:
        message.role === "character" && !message.crisis
          ? [message.content, ...kept.avoid].slice(0, AVOID_LENGTH)
          : kept.avoid,
    });
    this.put(chatId, next);
    return next;
  }

  /**
   * Marks one of the chat's messages as being stored; the returned function ends that, adding the stored message
   * (as {@link append}) or nothing when the store failed. Call it exactly once.
   */
  storingMessage(chatId: string): (stored: ContextMessage | null) => void {
    let entry = this.storing.get(chatId);
    if (!entry) {
      let resolve!: () => void;
      const done = new Promise<void>((settle) => (resolve = settle));
      entry = { count: 0, done, resolve };
      this.storing.set(chatId, entry);
    }
    entry.count += 1;
    const current = entry;
    let ended = false;
    return (stored) => {
      if (ended) return;
      ended = true;
      if (stored) this.append(chatId, stored);
      current.count -= 1;
      if (current.count === 0) {
        this.storing.delete(chatId);
        current.resolve();
      }
    };
  }

  /**
   * Null when this instance is storing none of the chat's messages, else what resolves once it stores none. A
   * claim waits for it before reading the kept context: a store it did not wait for would run before the claim
   * and move the chat's revision past the kept one (the claim would then read the whole context again).
   */
  storesInFlight(chatId: string): Promise<void> | null {
    return this.storing.get(chatId)?.done ?? null;
  }

  /** Notes what an accepted send's claim read besides the messages (see {@link LastClaim}). */
  noteClaim(chatId: string, claim: LastClaim): void {
    const kept = this.chats.get(chatId);
    if (kept) this.chats.set(chatId, { ...kept, lastClaim: claim });
  }

  /** Notes the memory summary stored with a reply: the chat's next claim reads that one. */
  noteMemory(chatId: string, memory: StoredMemory): void {
    const kept = this.chats.get(chatId);
    if (kept?.lastClaim) this.chats.set(chatId, { ...kept, lastClaim: { ...kept.lastClaim, memory } });
  }

  /** Forgets the last claim of a chat (a send was refused): the next send waits for its claim. */
  dropClaim(chatId: string): void {
    const kept = this.chats.get(chatId);
    if (kept?.lastClaim) this.chats.set(chatId, { ...kept, lastClaim: null });
  }

  /** Drops a chat's kept context. */
  forget(chatId: string): void {
    this.chats.delete(chatId);
  }

  private put(chatId: string, kept: KeptContext): void {
    this.chats.delete(chatId);
    this.chats.set(chatId, kept);
    while (this.chats.size > this.maxChats) {
      const oldest = this.chats.keys().next().value as string;
      this.chats.delete(oldest);
    }
  }
}

/** `kept` with at most the window and {@link CARRY} messages; `tailFrom` moves past the ones let go. */
function trimmed(kept: KeptContext): KeptContext {
  const limit = windowLengthFor(kept.premium) + CARRY;
  if (kept.messages.length <= limit) return kept;
  const dropped = kept.messages[limit];
  return {
    ...kept,
    messages: kept.messages.slice(0, limit),
    tailFrom: Math.max(kept.tailFrom, dropped?.seq ?? 0),
  };
}

/**
 * The context a claim would have read, from a kept one: the window (newest first), the replies to differ from,
 * and for a premium chat the messages between its memory's `coveredSeq` and the window (oldest first, null when
 * none or when the window is not full), or undefined when they are not all kept (the claim then reads them).
 */
export function keptContextRows(
  kept: KeptContext,
  coveredSeq: number,
): Pick<ReplyContextRow, "recent" | "avoid"> & { unfolded: ContextMessage[] | null | undefined } {
  const windowLength = windowLengthFor(kept.premium);
  const recent = kept.messages.slice(0, windowLength);
  if (!kept.premium) return { recent, avoid: kept.avoid, unfolded: null };
  if (recent.length < windowLength) return { recent, avoid: kept.avoid, unfolded: null };
  if (coveredSeq < kept.tailFrom) return { recent, avoid: kept.avoid, unfolded: undefined };
  const windowStart = recent[recent.length - 1]?.seq ?? 0;
  const between = kept.messages.filter((m) => m.seq > coveredSeq && m.seq < windowStart).reverse();
  return { recent, avoid: kept.avoid, unfolded: between.length > 0 ? between : null };
}
