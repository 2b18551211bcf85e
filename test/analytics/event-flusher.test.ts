import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EventFlusher } from "../../src/analytics/event-flusher";
import { FLUSH_MAX_DELAY_MS, MAX_BATCH_BYTES, MAX_QUEUED_EVENTS } from "../../src/analytics/flush-policy";
import { defaultEnvironment, type PurchasesEnvironment } from "../../src/environment";
import type { WireEvent, WireEventsRequest } from "../../src/http/wire";
import { LogLevel, setLogHandler, setLogLevel } from "../../src/logger";
import { testBackend } from "../support/backend";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

const event = (n: number, blob = ""): WireEvent => ({
  id: `event-${n}`,
  timestamp_ms: n,
  type: "web_billing",
  event_name: "checkout_payment_form_impression",
  app_user_id: "user",
  context: {},
  properties: blob ? { blob } : {},
  trace_id: "trace",
});

interface Received {
  ids: string[];
  bytes: number;
  keepalive: boolean;
  at: number;
}

/** The events endpoint: answers `status` (or a network error when null) and records every request. */
function eventsEndpoint(initialStatus: number | null = 201) {
  const endpoint = { status: initialStatus, received: [] as Received[] };
  server.use(
    http.post(`${TEST_BASE_URL}/v1/events`, async ({ request }) => {
      const text = await request.text();
      endpoint.received.push({
        ids: (JSON.parse(text) as WireEventsRequest).events.map((e) => e.id),
        bytes: new TextEncoder().encode(text).length,
        keepalive: request.keepalive,
        at: Date.now(),
      });
      return endpoint.status === null
        ? HttpResponse.error()
        : HttpResponse.json({}, { status: endpoint.status });
    }),
  );
  return endpoint;
}

// The backend keeps its own environment so that the flusher's timers can be observed on their own.
const backend = testBackend({ apiKey: "web_key", isSandbox: false });

let flusher: EventFlusher;
let env: PurchasesEnvironment & { setTimeout: ReturnType<typeof vi.fn> };

function newFlusher(overrides: Partial<PurchasesEnvironment> = {}) {
  const base = { ...defaultEnvironment(), random: () => 0.5, window: null, ...overrides };
  env = { ...base, setTimeout: vi.fn(base.setTimeout) };
  flusher = new EventFlusher({ backend, env });
  return flusher;
}

/** The delays of the retries the flusher scheduled, in order. */
const retryDelays = () => env.setTimeout.mock.calls.map((call) => call[1] as number);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  flusher.dispose();
  vi.useRealTimers();
  setLogHandler(null);
  setLogLevel(LogLevel.Warn);
});

describe("EventFlusher sending", () => {
  it("sends each event as it comes and counts 201 as success", async () => {
    const endpoint = eventsEndpoint(201);
    newFlusher().enqueue(event(1));
    await flusher.flush();
    flusher.enqueue(event(2));
    await flusher.flush();
    expect(endpoint.received.map((r) => r.ids)).toEqual([["event-1"], ["event-2"]]);
    expect(retryDelays()).toEqual([]);
  });

  it("keeps one request in flight and sends what queued meanwhile in the next one", async () => {
    const endpoint = eventsEndpoint(200);
    newFlusher();
    [1, 2, 3].forEach((n) => flusher.enqueue(event(n)));
    await flusher.flush();
    expect(endpoint.received.map((r) => r.ids)).toEqual([["event-1"], ["event-2", "event-3"]]);
  });

  it("splits a long queue into sequential POSTs of at most 50 KiB", async () => {
    const endpoint = eventsEndpoint(500);
    newFlusher().enqueue(event(0, "x".repeat(10_100)));
    await flusher.flush();
    for (let n = 1; n < 12; n++) flusher.enqueue(event(n, "x".repeat(10_100)));
    endpoint.status = 201;
    endpoint.received.length = 0;
    await vi.advanceTimersByTimeAsync(2000);
    await flusher.flush();
    expect(endpoint.received.map((r) => r.ids.length)).toEqual([4, 4, 4]);
    expect(endpoint.received.flatMap((r) => r.ids)).toEqual(
      Array.from({ length: 12 }, (_, n) => `event-${n}`),
    );
    for (const r of endpoint.received) expect(r.bytes).toBeLessThanOrEqual(MAX_BATCH_BYTES);
  });

  it("drops an event too large for any batch instead of blocking the queue", async () => {
    const endpoint = eventsEndpoint(201);
    newFlusher().enqueue(event(1, "x".repeat(MAX_BATCH_BYTES)));
    flusher.enqueue(event(2));
    await flusher.flush();
    expect(endpoint.received.map((r) => r.ids)).toEqual([["event-2"]]);
  });

  it("drops the oldest event when the queue is full and logs it at debug level", async () => {
    const endpoint = eventsEndpoint(500);
    const logs: string[] = [];
    setLogLevel(LogLevel.Debug);
    setLogHandler((_, message) => logs.push(message));
    newFlusher().enqueue(event(0));
    await flusher.flush();
    for (let n = 1; n <= MAX_QUEUED_EVENTS; n++) flusher.enqueue(event(n));
    expect(logs.filter((m) => m.includes("queue full"))).toHaveLength(1);

    endpoint.status = 201;
    endpoint.received.length = 0;
    await vi.advanceTimersByTimeAsync(2000);
    await flusher.flush();
    const sent = endpoint.received.flatMap((r) => r.ids);
    expect(sent).toHaveLength(MAX_QUEUED_EVENTS);
    expect(sent[0]).toBe("event-1");
    expect(sent.at(-1)).toBe(`event-${MAX_QUEUED_EVENTS}`);
  });
});

describe("EventFlusher backoff", () => {
  it("keeps the events after a 500 and retries after 2000 ms, then 4000 ms", async () => {
    const endpoint = eventsEndpoint(500);
    const start = Date.now();
    newFlusher().enqueue(event(1));
    await flusher.flush();
    flusher.enqueue(event(2)); // backing off: waits for the retry
    expect(endpoint.received).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1999);
    expect(endpoint.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flusher.flush();
    await vi.advanceTimersByTimeAsync(3999);
    expect(endpoint.received).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await flusher.flush();

    expect(endpoint.received.map((r) => [r.at - start, r.ids])).toEqual([
      [0, ["event-1"]],
      [2000, ["event-1", "event-2"]],
      [6000, ["event-1", "event-2"]],
    ]);
    expect(retryDelays()).toEqual([2000, 4000, 8000]);
  });

  it("retries after a network error too, without rejecting anywhere", async () => {
    const endpoint = eventsEndpoint(null);
    newFlusher().enqueue(event(1));
    await flusher.flush();
    endpoint.status = 200;
    await vi.advanceTimersByTimeAsync(2000);
    await flusher.flush();
    expect(endpoint.received.map((r) => r.ids)).toEqual([["event-1"], ["event-1"]]);
  });

  it("counts a 2xx other than 200 and 201 as failure", async () => {
    const endpoint = eventsEndpoint(202);
    newFlusher().enqueue(event(1));
    await flusher.flush();
    expect(retryDelays()).toEqual([2000]);
    expect(endpoint.received).toHaveLength(1);
  });

  it("caps the delay at 5 minutes", async () => {
    eventsEndpoint(500);
    newFlusher().enqueue(event(1));
    await flusher.flush();
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(retryDelays().at(-1) ?? 0);
      await flusher.flush();
    }
    expect(retryDelays()).toEqual([
      2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 300000, 300000, 300000,
    ]);
  });

  it("resets the delay after a success", async () => {
    const endpoint = eventsEndpoint(500);
    newFlusher().enqueue(event(1));
    await flusher.flush();
    await vi.advanceTimersByTimeAsync(2000);
    await flusher.flush();
    endpoint.status = 201;
    await vi.advanceTimersByTimeAsync(4000);
    await flusher.flush();
    expect(retryDelays()).toEqual([2000, 4000]);

    endpoint.status = 500;
    flusher.enqueue(event(2)); // no longer backing off: sent at once
    await flusher.flush();
    expect(endpoint.received.at(-1)?.ids).toEqual(["event-2"]);
    expect(retryDelays()).toEqual([2000, 4000, 2000]);
  });

  it("applies the jitter drawn from env.random", async () => {
    const endpoint = eventsEndpoint(500);
    newFlusher({ random: () => 0 }).enqueue(event(1));
    await flusher.flush();
    await vi.advanceTimersByTimeAsync(1799);
    expect(endpoint.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(endpoint.received).toHaveLength(2);
  });
});

describe("EventFlusher lifecycle", () => {
  function fakeWindow() {
    const target = new EventTarget();
    vi.spyOn(target, "addEventListener");
    vi.spyOn(target, "removeEventListener");
    return target as EventTarget & Window;
  }

  it("sends the whole queue with keepalive on pagehide, even while backing off", async () => {
    vi.useRealTimers();
    const endpoint = eventsEndpoint(500);
    const window = fakeWindow();
    newFlusher({ window }).enqueue(event(1));
    await flusher.flush();
    flusher.enqueue(event(2));
    endpoint.status = 201;

    window.dispatchEvent(new Event("pagehide"));
    await vi.waitFor(() => expect(endpoint.received).toHaveLength(2));
    expect(endpoint.received[1]).toMatchObject({ ids: ["event-1", "event-2"], keepalive: true });
    expect(endpoint.received[0]?.keepalive).toBe(false);
  });

  it("leaves no timer and no listener after dispose", async () => {
    const endpoint = eventsEndpoint(500);
    const window = fakeWindow();
    newFlusher({ window }).enqueue(event(1));
    await flusher.flush();
    expect(vi.getTimerCount()).toBe(1); // the pending retry

    flusher.dispose();
    expect(vi.getTimerCount()).toBe(0);
    const listener = vi.mocked(window.addEventListener).mock.calls[0]?.[1];
    expect(window.removeEventListener).toHaveBeenCalledWith("pagehide", listener);

    flusher.enqueue(event(2));
    await vi.advanceTimersByTimeAsync(FLUSH_MAX_DELAY_MS);
    window.dispatchEvent(new Event("pagehide"));
    expect(endpoint.received).toHaveLength(1);
  });

  it("schedules no retry when disposed while a request is in flight", async () => {
    eventsEndpoint(500);
    newFlusher().enqueue(event(1));
    const inFlight = flusher.flush();
    flusher.dispose();
    await inFlight;
    expect(retryDelays()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
