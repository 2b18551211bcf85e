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

/** A clock that can be moved: the wall clock plus an offset. */
export interface AdjustableClock extends Clock {
  /** Moves "now" to `to`; time then runs on from there. */
  set(to: Date): void;
}

/**
 * The wall clock with a movable offset, for the end-to-end suite (NODE_ENV=test only): it moves the server to a
 * trial's end without waiting 7 days.
 *
 * @example
 * const clock = new OffsetClock();
 * clock.set(new Date(Date.now() + 8 * 86_400_000));
 */
export class OffsetClock implements AdjustableClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(to: Date): void {
    this.offsetMs = to.getTime() - Date.now();
  }
}

/** Whether `clock` can be moved. */
export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).set === "function";
}
