import { describe, expect, it } from "vitest";
import {
  FLUSH_MAX_DELAY_MS,
  MAX_BATCH_BYTES,
  jsonBytes,
  retryDelay,
  takeBatch,
} from "../../src/analytics/flush-policy";
import type { WireEvent } from "../../src/http/wire";

const event = (n: number, blob = ""): WireEvent => ({
  id: `event-${n}`,
  timestamp_ms: n,
  type: "web_billing",
  event_name: "sdk_initialized",
  app_user_id: "user",
  context: {},
  properties: { blob },
  trace_id: "trace",
});

describe("retryDelay", () => {
  it("starts at 2000 ms and doubles with each failure", () => {
    expect([0, 1, 2, 3].map((failures) => retryDelay(failures, 0.5))).toEqual([2000, 4000, 8000, 16000]);
  });

  it("never exceeds 5 minutes, however many failures", () => {
    expect(retryDelay(7, 0.5)).toBe(256_000);
    expect(retryDelay(8, 0.5)).toBe(FLUSH_MAX_DELAY_MS);
    expect(retryDelay(1000, 0.9999)).toBe(FLUSH_MAX_DELAY_MS);
  });

  it("keeps jitter within ±10% of the delay", () => {
    expect(retryDelay(0, 0)).toBe(1800);
    expect(retryDelay(0, 0.999_999)).toBe(2200);
    for (let r = 0; r < 1; r += 0.01) {
      const delay = retryDelay(2, r);
      expect(delay).toBeGreaterThanOrEqual(7200);
      expect(delay).toBeLessThanOrEqual(8800);
    }
  });

  it("jitters below the cap instead of pinning every page to it", () => {
    expect(retryDelay(20, 0)).toBe(270_000);
  });
});

describe("takeBatch", () => {
  it("takes the oldest events whose body fits in 50 KiB", () => {
    const events = Array.from({ length: 12 }, (_, n) => event(n, "x".repeat(10_100)));
    const batch = takeBatch(events);
    expect(batch.map((e) => e.id)).toEqual(["event-0", "event-1", "event-2", "event-3"]);
    expect(jsonBytes({ events: batch })).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(jsonBytes({ events: events.slice(0, 5) })).toBeGreaterThan(MAX_BATCH_BYTES);
  });

  it("counts the body exactly, so a body of exactly the limit fits", () => {
    const events = [event(0), event(1)];
    const exact = jsonBytes({ events });
    expect(takeBatch(events, exact)).toHaveLength(2);
    expect(takeBatch(events, exact - 1)).toHaveLength(1);
  });

  it("counts UTF-8 bytes, not characters", () => {
    expect(jsonBytes("é")).toBe(4);
  });

  it("returns nothing for an empty queue and one event even when it alone is too big", () => {
    expect(takeBatch([])).toEqual([]);
    expect(takeBatch([event(0, "x".repeat(100)), event(1)], 10)).toHaveLength(1);
  });
});
