/**
 * The NOTIFY channel a chat's changes are signalled on: by a trigger on `messages` with the chat's id (migrations
 * 0007 and 0009), or, for a send's messages, by the app with the ids of several chats (ChatChangeNotices).
 */
export const CHAT_CHANGED_CHANNEL = "realmheart_chat_changed";

/** The most the cached pages may hold, counted in JSON characters. */
const DEFAULT_MAX_CHARS = 16 * 1024 * 1024;

/** A chat's latest page as served: its owner, its JSON body and the cursor of the page before it. */
export interface CachedPage {
  userId: string;
  json: string;
  olderCursor: string | null;
}

/**
 * The latest page of recently read chats, in memory, so reopening a chat costs no query. Correct across
 * instances: every change to a chat's messages is notified (a send's by the instance that stored it, within
 * ~10 ms; any other write by a trigger on `messages` when it commits), and each instance forgets that chat; this
 * instance's own writes also forget it at once, before their answer is sent. A read that
 * raced a change (the change was notified while the read ran) is served but not kept. While the notifications do
 * not flow (a lost PostgreSQL connection), nothing is kept or served from memory.
 *
 * @example
 * const token = cache.begin();
 * cache.put(token, chatId, { userId, json, olderCursor });
 */
export class ChatPageCache {
  private readonly pages = new Map<string, CachedPage>();
  private chars = 0;
  /** Moves on every change notified; a read begun before a move is not kept. */
  private epoch = 0;
  private listening = false;

  constructor(private readonly maxChars = DEFAULT_MAX_CHARS) {}

  /** Whether notifications flow: until they do, and whenever they stop, the cache is empty and unused. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  /** The user's cached page of the chat, or null (not cached, or someone else's chat: the database decides). */
  get(chatId: string, userId: string): CachedPage | null {
    const page = this.pages.get(chatId);
    if (!page || page.userId !== userId || !this.listening) return null;
    // Most recently used last, so the oldest is the first to go when the cache is full.
    this.pages.delete(chatId);
    this.pages.set(chatId, page);
    return page;
  }

  /**
   * Feeds the cache from the database's `realmheart_chat_changed` notifications (a chat's id, or several,
   * comma-separated: see ChatChangeNotices) and their state.
   */
  listener(): { onNotify(payload: string): void; onState(listening: boolean): void } {
    return {
      onNotify: (payload) => {
        for (const chatId of payload.split(",")) this.forget(chatId);
      },
      onState: (listening) => this.setListening(listening),
    };
  }

  /** A token to give {@link put} with the page read after it. */
  begin(): number {
    return this.epoch;
  }

  /** Keeps a page read since `token`, unless a change was notified meanwhile. */
  put(token: number, chatId: string, page: CachedPage): void {
    if (token !== this.epoch || !this.listening || page.json.length > this.maxChars / 4) return;
    this.remove(chatId);
    this.pages.set(chatId, page);
    this.chars += page.json.length;
    for (const [oldest, cached] of this.pages) {
      if (this.chars <= this.maxChars) break;
      this.pages.delete(oldest);
      this.chars -= cached.json.length;
    }
  }

  /** Forgets a chat whose messages changed. */
  forget(chatId: string): void {
    this.epoch++;
    this.remove(chatId);
  }

  /** Forgets every chat. */
  clear(): void {
    this.epoch++;
    this.pages.clear();
    this.chars = 0;
  }

  private remove(chatId: string): void {
    const page = this.pages.get(chatId);
    if (!page) return;
    this.pages.delete(chatId);
    this.chars -= page.json.length;
  }
}
