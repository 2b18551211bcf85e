// Money on the wire is in micros (1 unit = 1,000,000 micros); the gateway and Stripe Elements count in the
// currency's minor unit, whose size is the currency's exponent (./currency-exponent.ts).
import { currencyExponent } from "./currency-exponent.js";

/** Micros in one minor unit of `currency`: 10,000 (a cent), 1,000,000 (no minor unit) or 1,000 (a thousandth). */
function microsPerMinorUnit(currency: string): number {
  return 10 ** (6 - currencyExponent(currency));
}

/**
 * Micros in the smallest step a card is charged in: one minor unit, but ten in a three-decimal currency, since
 * Stripe takes such an amount only when its last digit is 0 (5.124 KWD is charged as 5120).
 */
function microsPerChargeStep(currency: string): number {
  return Math.max(microsPerMinorUnit(currency), 10_000);
}

/**
 * An amount in micros as the gateway's integer minor units, rounded to what a card can be charged (the SDK gives
 * Stripe Elements the same amount: fixtures/protocol/currency-exponents.json holds the cases of both).
 *
 * @example
 * toMinorUnits(99_000_000, "ZAR"); // 9900
 * toMinorUnits(1_200_000_000, "JPY"); // 1200
 * toMinorUnits(12_345_000, "KWD"); // 12350
 */
export function toMinorUnits(micros: number, currency: string): number {
  return roundToMinorUnit(micros, currency) / microsPerMinorUnit(currency);
}

/**
 * Rounds micros to an amount a card can be charged (a whole minor unit, or ten thousandths of a three-decimal
 * currency), so that an amount shown to the customer is exactly what is charged.
 *
 * @example
 * roundToMinorUnit(14_851_234, "ZAR"); // 14_850_000
 * roundToMinorUnit(1_851_750, "KWD"); // 1_850_000
 */
export function roundToMinorUnit(micros: number, currency: string): number {
  const step = microsPerChargeStep(currency);
  return Math.round(micros / step) * step;
}
