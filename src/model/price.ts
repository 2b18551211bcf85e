import { unitsInPeriod } from "./period";
import type { Period, PeriodUnit, Price } from "./types";

/** ISO 4217 currencies without minor units (docs/checkout.md): their micros are divided by 1,000,000. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = [
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
];

/**
 * Formats an amount given in micros as a currency in `locale` ("R 99,00", "$9.99"). Never throws: an invalid
 * locale falls back to "en-US", and a currency Intl rejects is shown as "CODE amount". "US$" is shown as "$".
 * Zero is shown without fraction digits ("$0"), as paywalls and checkout display it, unless `keepZeroDigits`
 * ("$0.00", as purchases-js formats the prices in customer info).
 *
 * @example
 * formatPrice(9_990_000, "USD", "en-CA"); // "$9.99"
 * formatPrice(0, "USD", "en-US", true); // "$0.00"
 */
export function formatPrice(
  amountMicros: number,
  currency: string,
  locale: string,
  keepZeroDigits?: boolean,
): string {
  const value = amountMicros / 1_000_000;
  const options: Intl.NumberFormatOptions = { style: "currency", currency };
  if (value === 0 && !keepZeroDigits) options.minimumFractionDigits = options.maximumFractionDigits = 0;
  // Locales often arrive in the "pt_BR" form, which Intl rejects.
  for (const tag of [locale.replace(/_/g, "-"), "en-US"]) {
    try {
      return new Intl.NumberFormat(tag, options).format(value).replace("US$", "$");
    } catch {
      // An invalid locale (or currency) throws a RangeError; try the next tag.
    }
  }
  return `${currency} ${value}`;
}

/** Micros in one minor unit of `currency`: 10,000 (a cent), or 1,000,000 for {@link ZERO_DECIMAL_CURRENCIES}. */
function microsPerMinorUnit(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.includes(currency.toUpperCase()) ? 1_000_000 : 10_000;
}

/**
 * Builds a {@link Price} from micros. `amount` is in minor units: micros / 10,000 (cents), or micros /
 * 1,000,000 for {@link ZERO_DECIMAL_CURRENCIES}, rounded to a whole unit. Its `formattedPrice` is
 * {@link formatPrice}'s, `keepZeroDigits` included.
 *
 * @example
 * toPrice(99_000_000, "ZAR", "en-ZA"); // { amount: 9900, amountMicros: 99000000, currency: "ZAR", formattedPrice: "R 99,00" }
 * toPrice(1_500_000_000, "JPY", "ja-JP").amount; // 1500
 */
export function toPrice(
  amountMicros: number,
  currency: string,
  locale: string,
  keepZeroDigits?: boolean,
): Price {
  return {
    amount: Math.round(amountMicros / microsPerMinorUnit(currency)),
    amountMicros,
    currency,
    formattedPrice: formatPrice(amountMicros, currency, locale, keepZeroDigits),
  };
}

/**
 * What `price`, charged every `period`, comes to over one `unit` (the rule of {@link unitsInPeriod}: a yearly
 * price / 12 is its monthly price), cut down to a whole minor unit (cent, or yen) as purchases-js does: $119.99 a
 * year is $9.99 a month, never a rounded-up $10.00.
 *
 * @example
 * pricePerUnit(toPrice(119_990_000, "USD", "en-US"), { number: 1, unit: PeriodUnit.Year }, PeriodUnit.Month, "en-US")
 *   .formattedPrice; // "$9.99"
 */
export function pricePerUnit(price: Price, period: Period, unit: PeriodUnit, locale: string): Price {
  const step = microsPerMinorUnit(price.currency);
  // Rounding to a millionth of a step first absorbs float error: $120 a year stays $10.00 a month, not $9.99.
  const steps = Math.floor(Math.round((price.amountMicros / unitsInPeriod(period, unit) / step) * 1e6) / 1e6);
  return toPrice(steps * step, price.currency, locale);
}
