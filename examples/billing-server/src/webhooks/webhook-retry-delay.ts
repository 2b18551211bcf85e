/** Delay after the first failed delivery. */
export const WEBHOOK_FIRST_RETRY_MS = 10_000;
/** The longest wait between two deliveries of one event: retries go on hourly until acknowledged. */
export const WEBHOOK_MAX_RETRY_MS = 3_600_000;

/**
 * How long to wait before the next delivery of an event that has failed `attempts` times: 10 s, doubling
 * (20 s, 40 s, …) up to 1 h, each shortened by up to 20 % of jitter so that events that failed together
 * (a receiver outage) do not all come back in the same second. Never longer than the nominal delay, so a
 * caller that waits the nominal delay always finds the event due.
 *
 * @example
 * webhookRetryDelayMs(1, () => 1); // 10_000
 * webhookRetryDelayMs(3, () => 0); // 32_000 (40 s less 20 %)
 */
export function webhookRetryDelayMs(attempts: number, random: () => number): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  const nominal = Math.min(WEBHOOK_FIRST_RETRY_MS * 2 ** exponent, WEBHOOK_MAX_RETRY_MS);
  return Math.round(nominal * (0.8 + 0.2 * random()));
}
