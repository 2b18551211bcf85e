import { unitsInPeriod } from "./period";
import { PeriodUnit, type Period } from "./types";

/**
 * The monthly equivalent of a price charged every `period`, by the rule of {@link unitsInPeriod}: a year is
 * divided by 12, months by their count, a week counts 365/84 of a month and a day 1/30. Rounded to a whole micro,
 * for comparing packages; the prices shown to customers are {@link PricingPhase.pricePerMonth}, cut to the
 * currency's smallest unit.
 *
 * @example
 * pricePerMonthMicros(948_000_000, { number: 1, unit: PeriodUnit.Year }); // 79000000
 */
export function pricePerMonthMicros(priceMicros: number, period: Period): number {
  return Math.round(priceMicros / unitsInPeriod(period, PeriodUnit.Month));
}
