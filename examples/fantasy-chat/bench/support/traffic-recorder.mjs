// Everything a soak's virtual users saw: every answer's status and latency by route, whether the traffic model
// expected it, socket errors, and every message the server accepted (for the check against the database).
import { call } from "./app-client.mjs";
import { percentile } from "../../../../bench/support/report.mjs";

/** Answers slower than this count as failures (the client gives up, as a browser eventually would). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Failures kept with their details; beyond this only counted. */
const FAILURES_KEPT = 50;

const round = (n) => Math.round(n * 10) / 10;

/**
 * Records a run's traffic. `request()` makes one call through {@link call}, times it and files its status under
 * the route's name (a template such as `POST /api/chats/:id/messages`); `accept()` files a message the server
 * accepted.
 *
 * @example
 * const recorder = new TrafficRecorder(app.url);
 * const res = await recorder.request("GET /api/characters", "GET", "/api/characters", { cookie, expect: [200] });
 * recorder.summary(durationS); // { requests, reqPerSec, statuses, routes: [{ route, p50, p95, p99, … }], … }
 */
export class TrafficRecorder {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.startedAt = performance.now();
    this.routes = new Map();
    this.statuses = new Map();
    this.serverErrors = 0;
    this.unexpected = 0;
    this.errors = 0;
    this.mismatches = 0;
    this.refusals = new Map();
    this.failures = [];
    this.accepted = [];
  }

  /** One request; resolves with the response, or null after a socket error or timeout (recorded as failures). */
  async request(route, method, path, { expect, ...options }) {
    const entry = this.#route(route);
    const started = performance.now();
    let response;
    try {
      response = await call(this.baseUrl, method, path, { ...options, timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (error) {
      this.errors++;
      entry.errors++;
      this.#fail({ route, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
    const latency = performance.now() - started;
    entry.latencies.push(latency);
    if (latency > entry.slowest) {
      entry.slowest = latency;
      entry.slowestAtS = (started - this.startedAt) / 1000;
    }
    const status = response.status;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500) this.serverErrors++;
    if (status >= 400 && status < 500) {
      const refusal = `${route} → ${status} ${response.json?.code ?? ""}`.trim();
      this.refusals.set(refusal, (this.refusals.get(refusal) ?? 0) + 1);
    }
    if (!expect.includes(status)) {
      this.unexpected++;
      entry.unexpected++;
    }
    if (status >= 500 || !expect.includes(status)) {
      this.#fail({ route, status, expected: expect, body: response.text.slice(0, 300) });
    }
    return response;
  }

  /** Files an answer whose status was expected but whose content was not (a 402 for the wrong reason, …). */
  mismatch(route, detail) {
    this.mismatches++;
    this.#fail({ route, mismatch: detail });
  }

  /** Files a message the server answered 2xx for: `{ userId, chatId, id, content, replyId, free }`. */
  accept(message) {
    this.accepted.push(message);
  }

  /** Counts and latency percentiles (ms) over the run; `durationS` turns the count into a rate. */
  summary(durationS) {
    const requests = [...this.statuses.values()].reduce((sum, n) => sum + n, 0) + this.errors;
    return {
      requests,
      reqPerSec: round(requests / durationS),
      statuses: Object.fromEntries([...this.statuses].sort(([a], [b]) => a - b)),
      serverErrors: this.serverErrors,
      unexpected: this.unexpected,
      errors: this.errors,
      mismatches: this.mismatches,
      refusals: Object.fromEntries(this.refusals),
      routes: [...this.routes]
        .map(([route, entry]) => ({
          route,
          requests: entry.latencies.length + entry.errors,
          statuses: Object.fromEntries([...entry.statuses].sort(([a], [b]) => a - b)),
          unexpected: entry.unexpected,
          errors: entry.errors,
          p50: round(percentile(entry.latencies, 50)),
          p95: round(percentile(entry.latencies, 95)),
          p99: round(percentile(entry.latencies, 99)),
          max: entry.latencies.length > 0 ? round(entry.slowest) : NaN,
          // When the slowest answer was asked for, in seconds from the start: in the ramp, or in steady traffic?
          maxAtS: Math.round(entry.slowestAtS),
        }))
        .sort((a, b) => b.requests - a.requests),
      failures: this.failures,
    };
  }

  #route(route) {
    let entry = this.routes.get(route);
    if (!entry) {
      entry = { latencies: [], statuses: new Map(), unexpected: 0, errors: 0, slowest: 0, slowestAtS: NaN };
      this.routes.set(route, entry);
    }
    return entry;
  }

  #fail(failure) {
    if (this.failures.length < FAILURES_KEPT)
      this.failures.push({ at: new Date().toISOString(), ...failure });
  }
}
