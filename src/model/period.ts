import { PeriodUnit, type Period } from "./types";

const UNIT_BY_LETTER: Readonly<Record<string, PeriodUnit>> = {
  Y: PeriodUnit.Year,
  M: PeriodUnit.Month,
  W: PeriodUnit.Week,
  D: PeriodUnit.Day,
};

// Nominal lengths (docs/protocol.md): good enough to compare prices across periods, not to compute dates.
const DAYS_PER_UNIT: Readonly<Record<PeriodUnit, number>> = {
  [PeriodUnit.Year]: 365,
  [PeriodUnit.Month]: 30,
  [PeriodUnit.Week]: 7,
  [PeriodUnit.Day]: 1,
};

/**
 * Reads a billing period from the backend's ISO-8601 duration: `P` or `PT`, a positive integer and one of
 * `Y`, `M`, `W`, `D`. `PT` is accepted as the backend sends it, so `PT1M` is one month, not one minute.
 *
 * @returns the period, or null for anything else (combined durations, fractions, zero, empty text).
 * @example
 * parseISODuration("P3M"); // { number: 3, unit: PeriodUnit.Month }
 * parseISODuration("P1Y2M"); // null
 */
export function parseISODuration(s: string): Period | null {
  const match = /^PT?([1-9]\d*)([YMWD])$/.exec(s);
  return match ? { number: Number(match[1]), unit: UNIT_BY_LETTER[match[2]!]! } : null;
}

/** How many of each unit a year holds when prices are compared across periods (docs/protocol.md). */
const PER_YEAR: Readonly<Record<PeriodUnit, number>> = {
  [PeriodUnit.Year]: 1,
  [PeriodUnit.Month]: 12,
  [PeriodUnit.Week]: 365 / 7,
  [PeriodUnit.Day]: 365,
};

/**
 * How many `unit`s one `period` lasts when prices are compared across periods: a year is 12 months, 365/7 weeks
 * or 365 days, a month is 365/84 weeks, and a month counts 30 days (so a daily price × 30 is its monthly price).
 * The same rule as purchases-js, so per-period prices match it.
 *
 * @example
 * unitsInPeriod({ number: 1, unit: PeriodUnit.Year }, PeriodUnit.Month); // 12
 * unitsInPeriod({ number: 2, unit: PeriodUnit.Month }, PeriodUnit.Day); // 60
 */
export function unitsInPeriod(period: Period, unit: PeriodUnit): number {
  const { number, unit: from } = period;
  if (from === PeriodUnit.Month && unit === PeriodUnit.Day) return number * 30;
  if (from === PeriodUnit.Day && unit === PeriodUnit.Month) return number / 30;
  return (number * PER_YEAR[unit]) / PER_YEAR[from];
}

/**
 * The nominal length of a period in days, counting a day as 1, a week 7, a month 30 and a year 365.
 *
 * @example
 * periodInDays({ number: 2, unit: PeriodUnit.Week }); // 14
 */
export function periodInDays(period: Period): number {
  return period.number * DAYS_PER_UNIT[period.unit];
}
