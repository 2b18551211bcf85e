import { periodInDays } from "./period";
import { PeriodUnit, type Period } from "./types";

const DAY_MS = 86_400_000;

/**
 * Adds `times` periods to a date in UTC, keeping the time of day. Months and years move the calendar month
 * and clamp the day to the end of the target month, so 31 January + 1 month is the last day of February.
 * Adding years to 29 February gives 28 February unless exactly 4 years are added (docs/checkout.md, as written),
 * when it stays 29 February wherever that day exists. Days and weeks are exact
 * multiples of 24 hours. The periods are added in one step from `date`, so repeated periods do not drift:
 * 31 January + 3 × 1 month is 30 April, not 28 April.
 *
 * @example
 * addPeriod(new Date("2025-01-31T10:00:00Z"), { number: 1, unit: PeriodUnit.Month });
 * // 2025-02-28T10:00:00Z
 */
export function addPeriod(date: Date, period: Period, times = 1): Date {
  if (period.unit === PeriodUnit.Day || period.unit === PeriodUnit.Week) {
    return new Date(date.getTime() + periodInDays(period) * times * DAY_MS);
  }
  const months = period.number * times * (period.unit === PeriodUnit.Year ? 12 : 1);
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  // Day 0 of the following month is the last day of the target month.
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  const leapDay = date.getUTCMonth() === 1 && date.getUTCDate() === 29;
  const years = period.unit === PeriodUnit.Year ? period.number * times : 0;
  const day = leapDay && years > 0 && years !== 4 ? 28 : date.getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
