import type { ReplyEngine, ReplyRequest } from "../replies/reply-engine.js";

/** A reply the engine began before its message was stored; read it once through `chunks`, or `cancel` it. */
export interface StartedReply {
  /** The reply's chunks; `signal` (the client gone, the deadline) stops the engine. */
  chunks(signal: AbortSignal): AsyncIterable<string>;
  /** Stops the engine (the message was refused after all); the chunks are never read. */
  cancel(reason: unknown): void;
}

/**
 * Asks the engine for its first chunk now, so that a model server starts thinking while the send's last statement
 * (the free message taken, the message stored) runs; nothing reaches the client before that statement succeeds,
 * since the answer is only opened after it.
 *
 * @example
 * const started = startReply(ctx.replyEngine, request);
 * try { await store(); } catch (error) { started.cancel(error); throw error; }
 */
export function startReply(engine: ReplyEngine, request: ReplyRequest): StartedReply {
  const controller = new AbortController();
  const iterator = engine.reply(request, controller.signal)[Symbol.asyncIterator]();
  const first = iterator.next();
  // A cancelled reply's first chunk is never awaited; its rejection is expected.
  first.catch(() => {});
  return {
    cancel(reason) {
      controller.abort(reason);
      void iterator.return?.().catch(() => {});
    },
    async *chunks(signal) {
      const stop = () => controller.abort(signal.reason);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
      try {
        for (let result = await first; !result.done; result = await iterator.next()) yield result.value;
      } finally {
        signal.removeEventListener("abort", stop);
        await iterator.return?.();
      }
    },
  };
}
