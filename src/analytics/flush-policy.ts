import type { WireEvent } from "../http/wire";

/** Delay before the first retry of a failed flush (docs/checkout.md). */
export const FLUSH_INITIAL_DELAY_MS = 2000;
/** Longest delay between flush retries: 5 minutes (docs/checkout.md). */
export const FLUSH_MAX_DELAY_MS = 300_000;
/** Largest request body of one flush, in bytes of JSON. */
export const MAX_BATCH_BYTES = 50 * 1024;
/** Most events kept waiting; beyond it the oldest are dropped. */
export const MAX_QUEUED_EVENTS = 1000;

const JITTER = 0.1;
// The batch body without its events: {"events":[]}
const EMPTY_BODY_BYTES = 13;

/**
 * How long to wait before retrying after `failures` consecutive failed flushes: 2 s doubling per
 * failure, ±10% jitter so that many pages do not retry in step, never more than 5 minutes.
 *
 * @param random a number in [0, 1)
 * @example
 * retryDelay(0, 0.5); // 2000
 * retryDelay(1, 0); // 3600
 */
export function retryDelay(failures: number, random: number): number {
  const base = Math.min(FLUSH_MAX_DELAY_MS, FLUSH_INITIAL_DELAY_MS * 2 ** failures);
  return Math.min(FLUSH_MAX_DELAY_MS, Math.round(base * (1 + JITTER * (2 * random - 1))));
}

/**
 * Size in bytes of a value's UTF-8 JSON.
 *
 * @example
 * jsonBytes({ a: "é" }); // 10
 */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * The oldest events whose `{ events }` body fits in `maxBytes`; at least one event when any are given.
 *
 * @example
 * const batch = takeBatch(queue);
 * await backend.postEvents({ events: batch });
 */
export function takeBatch(events: readonly WireEvent[], maxBytes = MAX_BATCH_BYTES): WireEvent[] {
  const batch: WireEvent[] = [];
  let bytes = EMPTY_BODY_BYTES - 1;
  for (const event of events) {
    // Each event adds its JSON and a separating comma (the first one pays for none: hence the -1 above).
    bytes += jsonBytes(event) + 1;
    if (batch.length && bytes > maxBytes) break;
    batch.push(event);
  }
  return batch;
}
