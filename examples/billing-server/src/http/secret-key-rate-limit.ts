/** Requests a secret key may make per minute when the host does not say (RevenueCat's customer-information rate). */
export const DEFAULT_SECRET_KEY_REQUESTS_PER_MINUTE = 480;

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window of requests per secret key, in this process's memory: it sheds a runaway script, and a
 * server of several processes allows each its own share (a limit, not a rule any answer depends on). `take` answers
 * null while the key may go on, else the seconds until its window ends (for `Retry-After`).
 *
 * @example
 * const limit = secretKeyRateLimit(480);
 * const retryAfterS = limit.take("key_0a1b", Date.now()); // null
 */
export function secretKeyRateLimit(perMinute: number): { take(keyId: string, nowMs: number): number | null } {
  if (!Number.isInteger(perMinute) || perMinute < 1) {
    throw new Error(`merchantApi.requestsPerMinute must be a whole number ≥ 1; got ${String(perMinute)}`);
  }
  const windows = new Map<string, { startMs: number; count: number }>();
  return {
    take(keyId, nowMs) {
      let window = windows.get(keyId);
      if (!window || nowMs - window.startMs >= WINDOW_MS || nowMs < window.startMs) {
        // Forget windows that ended, so the map holds only keys seen this minute.
        if (windows.size > 10_000) {
          for (const [id, w] of windows) if (nowMs - w.startMs >= WINDOW_MS) windows.delete(id);
        }
        window = { startMs: nowMs, count: 0 };
        windows.set(keyId, window);
      }
      if (window.count >= perMinute)
        return Math.max(1, Math.ceil((window.startMs + WINDOW_MS - nowMs) / 1000));
      window.count += 1;
      return null;
    },
  };
}
