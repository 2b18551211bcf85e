import type { PaywallVariables } from "./paywall-variables";

const UNITS = [
  ["days", 86_400_000],
  ["hours", 3_600_000],
  ["minutes", 60_000],
  ["seconds", 1000],
] as const;

/**
 * The variables of a countdown's texts at `now`: the whole days, hours, minutes and seconds left until `end`, each
 * `count_<unit>_with_zero` (two digits at least) and `count_<unit>_without_zero`. All are zero once `end` has
 * passed or when it is not a date.
 *
 * @example
 * countdownVariables(Date.parse("2026-01-03T01:00:00Z"), Date.parse("2026-01-01T00:00:00Z")).count_days_with_zero; // "02"
 */
export function countdownVariables(end: number, now: number): PaywallVariables {
  let left = Number.isFinite(end) ? Math.max(0, end - now) : 0;
  const out: Record<string, string> = {};
  for (const [unit, ms] of UNITS) {
    const count = Math.floor(left / ms);
    left -= count * ms;
    out[`count_${unit}_without_zero`] = String(count);
    out[`count_${unit}_with_zero`] = String(count).padStart(2, "0");
  }
  return out;
}
