/**
 * The source of "now". Injected everywhere time matters (quotas, trials, sessions, rate limits) so tests can
 * move time instead of waiting.
 *
 * @example
 * const clock: Clock = { now: () => new Date("2026-11-21T12:00:00Z") };
 */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
