import type { PurchasesEnvironment, TimerHandle } from "../environment";
import type { Backend } from "../http/backend";
import type { WireEvent } from "../http/wire";
import { Logger } from "../logger";
import { MAX_BATCH_BYTES, MAX_QUEUED_EVENTS, jsonBytes, retryDelay, takeBatch } from "./flush-policy";

/** What an {@link EventFlusher} sends through and where. */
export interface EventFlusherOptions {
  backend: Backend;
  env: PurchasesEnvironment;
  /** Base URL of the events endpoint when it differs from the backend's. */
  baseUrl?: string;
}

/**
 * Queues analytics events and POSTs them to `/v1/events` in batches of at most 50 KiB, one request at a
 * time. Flushes on every event unless backing off; a failure keeps the events and retries after
 * {@link retryDelay}; a success resets the delay. On `pagehide` whatever is queued goes out with
 * `keepalive`. Never throws and never leaves a rejected promise unhandled.
 *
 * @example
 * const flusher = new EventFlusher({ backend, env });
 * flusher.enqueue(event);
 * // later, when the SDK instance is discarded:
 * flusher.dispose();
 */
export class EventFlusher {
  private queue: WireEvent[] = [];
  private inFlight: Promise<void> | null = null;
  private retryTimer: TimerHandle | undefined;
  private failures = 0;
  private disposed = false;

  constructor(private readonly options: EventFlusherOptions) {
    options.env.window?.addEventListener("pagehide", this.onPageHide);
  }

  /** Queues an event and flushes. Drops the oldest event when the queue is full. */
  enqueue(event: WireEvent): void {
    if (this.disposed) return;
    // An event that cannot fit a batch alone would be refused forever and block the queue behind it.
    if (jsonBytes({ events: [event] }) > MAX_BATCH_BYTES) {
      Logger.debug(`Dropped analytics event ${event.event_name}: larger than ${MAX_BATCH_BYTES} bytes.`);
      return;
    }
    if (this.queue.push(event) > MAX_QUEUED_EVENTS) {
      Logger.debug(`Analytics queue full: dropped the oldest event (${this.queue.shift()?.event_name}).`);
    }
    void this.flush();
  }

  /**
   * Sends the queue unless a flush is running (then joins it) or a retry is pending (then does nothing).
   * Resolves, never rejects, when the flush ends.
   */
  flush(): Promise<void> {
    if (!this.inFlight && this.retryTimer === undefined && this.queue.length) this.inFlight = this.drain();
    return this.inFlight ?? Promise.resolve();
  }

  /** Drops the queue and removes the retry timer and the pagehide listener. */
  dispose(): void {
    this.disposed = true;
    this.queue = [];
    this.options.env.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.options.env.window?.removeEventListener("pagehide", this.onPageHide);
  }

  // Only called with a non-empty queue, so the first `await` comes before `finally` clears `inFlight`.
  private async drain(): Promise<void> {
    try {
      // Events queued while a batch is in flight are picked up by the next turn of the loop.
      for (let batch = takeBatch(this.queue); batch.length; batch = takeBatch(this.queue)) {
        if (!(await this.send(batch, false))) return this.scheduleRetry();
        this.failures = 0;
      }
    } finally {
      this.inFlight = null;
    }
  }

  private scheduleRetry(): void {
    if (this.disposed) return;
    const { env } = this.options;
    this.retryTimer = env.setTimeout(
      () => {
        this.retryTimer = undefined;
        void this.flush();
      },
      retryDelay(this.failures++, env.random()),
    );
  }

  /** POSTs one batch; on 200 or 201 removes its events from the queue. Resolves to whether it succeeded. */
  private async send(batch: WireEvent[], keepalive: boolean): Promise<boolean> {
    const { backend, baseUrl } = this.options;
    try {
      const status = await backend.postEvents({ events: batch }, { keepalive, baseUrl });
      if (status === 200 || status === 201) {
        // Filtered by identity: the queue may have lost its oldest events or gained new ones meanwhile.
        this.queue = this.queue.filter((event) => !batch.includes(event));
        return true;
      }
      Logger.debug(`Sending analytics events failed with status ${status}.`);
    } catch (error) {
      Logger.debug(`Sending analytics events failed: ${String(error)}`);
    }
    return false;
  }

  // fetch with keepalive rather than navigator.sendBeacon: a beacon cannot carry the Authorization and
  // X-* headers the endpoint requires. This ignores the in-flight flush and the backoff because the page
  // may be going away; an event sent twice keeps its id, so the backend can tell.
  private readonly onPageHide = (): void => {
    for (let rest = this.queue, batch; (batch = takeBatch(rest)).length; rest = rest.slice(batch.length)) {
      void this.send(batch, true);
    }
  };
}
