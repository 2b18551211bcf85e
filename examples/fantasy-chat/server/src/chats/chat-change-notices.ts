import type { FastifyBaseLogger } from "fastify";

/** How long a changed chat waits for others to share its notification. */
const DEFAULT_DELAY_MS = 10;
/** Chat ids per notification: a NOTIFY payload must stay under 8,000 bytes (a UUID and a comma: 37). */
const IDS_PER_NOTICE = 200;

/**
 * The change notifications of this instance's sends, published in batches. A send's statements set
 * `realmheart.chat_notices` to 'app' (see {@link QUIET_CHAT_NOTICES}), so the insert trigger does not notify
 * each message (measured: each notification cost PostgreSQL and the app ~0.2 ms of CPU, twice a send); the send
 * names its chat here instead, and every {@link DEFAULT_DELAY_MS} ms the chats changed meanwhile go out in one
 * notification, comma-separated, on the channel the trigger uses. Other instances forget those chats' pages a few
 * milliseconds later than they would have; this instance forgets them at once, as before. Every other writer
 * (edits, deletions, scripts, another version of the app) still notifies through the trigger. On PGlite no other
 * instance can share the database, so nothing is published (`publish` null).
 *
 * @example
 * notices.changed(chatId); // after a send's statement committed
 * await notices.flush(); // publishes what is pending (the server closing)
 */
export class ChatChangeNotices {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly publish: ((payload: string) => Promise<unknown>) | null,
    private readonly log: Pick<FastifyBaseLogger, "warn">,
    private readonly delayMs = DEFAULT_DELAY_MS,
  ) {}

  /** Notes a chat whose messages a quiet statement of this instance changed (it committed). */
  changed(chatId: string): void {
    if (!this.publish) return;
    this.pending.add(chatId);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /**
   * Publishes every chat noted so far (the timer, or the server closing). A failure is logged: other instances
   * keep that chat's page until it next changes.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { publish } = this;
    if (!publish) return;
    const ids = [...this.pending];
    this.pending.clear();
    for (let start = 0; start < ids.length; start += IDS_PER_NOTICE) {
      try {
        await publish(ids.slice(start, start + IDS_PER_NOTICE).join(","));
      } catch (error) {
        this.log.warn({ err: error }, "could not notify other instances of changed chats");
      }
    }
  }
}

/**
 * The select-list item that makes a statement's message inserts quiet (migration 0009_messages_inserted): the
 * transaction-local setting is made while the statement runs, before its insert trigger fires at its end.
 */
export const QUIET_CHAT_NOTICES = "set_config('realmheart.chat_notices', 'app', true) as notices";
