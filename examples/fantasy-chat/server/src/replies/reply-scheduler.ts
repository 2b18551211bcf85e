import type { ReplyEngine } from "./reply-engine.js";

interface Waiter {
  start: () => void;
}

/**
 * Bounds how many replies an engine produces at once. When every slot is taken, premium requests wait in their
 * own queue, which is served first ("priority AI responses"); each queue is first come, first served. A request
 * whose client goes away while waiting leaves the queue.
 *
 * @example
 * const scheduler = new ReplyScheduler(4);
 * const release = await scheduler.acquire(true, signal);
 * try { ... } finally { release(); }
 */
export class ReplyScheduler {
  private running = 0;
  private readonly premium: Waiter[] = [];
  private readonly free: Waiter[] = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError("concurrency must be ≥ 1");
  }

  /** Replies being produced now. */
  get active(): number {
    return this.running;
  }

  /** Requests waiting for a slot. */
  get waiting(): number {
    return this.premium.length + this.free.length;
  }

  /** Waits for a slot; the returned function gives it back (call it exactly once). */
  async acquire(premium: boolean, signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.running < this.concurrency) {
      this.running += 1;
      return this.releaser();
    }
    const queue = premium ? this.premium : this.free;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      queue.push(waiter);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = this.premium.shift() ?? this.free.shift();
      if (next) next.start();
      else this.running -= 1;
    };
  }
}

/**
 * Wraps an engine so its replies go through the scheduler: a reply holds a slot from its first chunk request
 * until it ends, fails or is abandoned.
 *
 * @example
 * const engine = scheduledEngine(createOpenAiEngine(options), new ReplyScheduler(config.llmConcurrency));
 */
export function scheduledEngine(engine: ReplyEngine, scheduler: ReplyScheduler): ReplyEngine {
  return {
    startsEarly: engine.startsEarly ?? false,
    async *reply(request, signal) {
      const release = await scheduler.acquire(request.premium, signal);
      try {
        yield* engine.reply(request, signal);
      } finally {
        release();
      }
    },
  };
}
