import { PeriodUnit, type Period } from "./types";

/**
 * The monthly equivalent of a price charged every `period`, as the paywall shows it (docs/checkout.md): a year
 * is divided by 12, months by their count, weeks count as 4 a month and days as 30. Rounded to a whole micro.
 *
 * @example
 * pricePerMonthMicros(948_000_000, { number: 1, unit: PeriodUnit.Year }); // 79000000
 */
export function pricePerMonthMicros(priceMicros: number, period: Period): number {
  const { number, unit } = period;
  const perMonth =
    unit === PeriodUnit.Year
      ? priceMicros / (12 * number)
      : unit === PeriodUnit.Month
        ? priceMicros / number
        : (priceMicros * (unit === PeriodUnit.Week ? 4 : 30)) / number;
  return Math.round(perMonth);
}
