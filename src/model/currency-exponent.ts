/**
 * The ISO 4217 exponent of `currency` (in any letter case): the number of decimals of its minor unit, 0 for the
 * currencies without one (JPY), 3 for those counted in thousandths (KWD) and 2 for every other. A copy of
 * fixtures/protocol/currency-exponents.json, as the billing server holds one: the bundle cannot read the fixture,
 * and test/config/protocol-parity.test.ts fails when this copy differs from it. Regular expressions, as the
 * smallest code for the core's size budget.
 *
 * @example
 * currencyExponent("JPY"); // 0
 * currencyExponent("kwd"); // 3
 * currencyExponent("ZAR"); // 2
 */
export function currencyExponent(currency: string): number {
  return /^(BIF|CLP|DJF|GNF|JPY|KMF|KRW|MGA|PYG|RWF|UGX|VND|VUV|XAF|XOF|XPF)$/i.test(currency)
    ? 0
    : /^(BHD|JOD|KWD|OMR|TND)$/i.test(currency)
      ? 3
      : 2;
}
