// Money on the wire is in micros (1 unit = 1,000,000 micros); the gateway and Stripe Elements count in the
// currency's minor unit. docs/protocol.md names the currencies that have no minor unit.

const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

/** Micros in one minor unit of `currency`: 10,000 (cents) or 1,000,000 for zero-decimal currencies. */
export function microsPerMinorUnit(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 1_000_000 : 10_000;
}

/**
 * An amount in micros as the gateway's integer minor units.
 *
 * @example
 * toMinorUnits(99_000_000, "ZAR"); // 9900
 * toMinorUnits(1_200_000_000, "JPY"); // 1200
 */
export function toMinorUnits(micros: number, currency: string): number {
  return Math.round(micros / microsPerMinorUnit(currency));
}

/**
 * Rounds micros to a whole minor unit, so that an amount shown to the customer is exactly what is charged.
 *
 * @example
 * roundToMinorUnit(14_851_234, "ZAR"); // 14_850_000
 */
export function roundToMinorUnit(micros: number, currency: string): number {
  const unit = microsPerMinorUnit(currency);
  return Math.round(micros / unit) * unit;
}
