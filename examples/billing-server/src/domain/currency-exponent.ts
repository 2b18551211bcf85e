// A copy of fixtures/protocol/currency-exponents.json, as the SDK holds one: the published package cannot reach
// outside itself, and test/protocol-parity.test.ts fails when this copy differs from the fixture.
const ZERO_DECIMAL: ReadonlySet<string> = new Set(
  "BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" "),
);
const THREE_DECIMAL: ReadonlySet<string> = new Set("BHD JOD KWD OMR TND".split(" "));

/**
 * The ISO 4217 exponent of `currency` (in any letter case): the number of decimals of its minor unit, 0 for the
 * currencies without one (JPY), 3 for those counted in thousandths (KWD) and 2 for every other.
 *
 * @example
 * currencyExponent("JPY"); // 0
 * currencyExponent("kwd"); // 3
 * currencyExponent("ZAR"); // 2
 */
export function currencyExponent(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}
