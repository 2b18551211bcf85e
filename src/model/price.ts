import { periodInDays } from "./period";
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
 * Formats an amount given in micros as a currency in `locale` ("R 99,00", "$9.99"). Never throws: an
 * invalid locale falls back to "en-US", and a currency Intl rejects is shown as "CODE amount". "US$" is shown
 * as "$", and zero is shown without fraction digits ("$0").
 *
 * @example
 * formatPrice(9_990_000, "USD", "en-CA"); // "$9.99"
 */
export function formatPrice(amountMicros: number, currency: string, locale: string): string {
  const value = amountMicros / 1_000_000;
  const options: Intl.NumberFormatOptions = { style: "currency", currency };
  if (value === 0) options.minimumFractionDigits = options.maximumFractionDigits = 0;
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

/**
 * Builds a {@link Price} from micros. `amount` is in minor units: micros / 10,000 (cents), or micros /
 * 1,000,000 for {@link ZERO_DECIMAL_CURRENCIES}, rounded to a whole unit.
 *
 * @example
 * toPrice(99_000_000, "ZAR", "en-ZA"); // { amount: 9900, amountMicros: 99000000, currency: "ZAR", formattedPrice: "R 99,00" }
 * toPrice(1_500_000_000, "JPY", "ja-JP").amount; // 1500
 */
export function toPrice(amountMicros: number, currency: string, locale: string): Price {
  const divisor = ZERO_DECIMAL_CURRENCIES.includes(currency.toUpperCase()) ? 1_000_000 : 10_000;
  return {
    amount: Math.round(amountMicros / divisor),
    amountMicros,
    currency,
    formattedPrice: formatPrice(amountMicros, currency, locale),
  };
}

/**
 * What `price`, charged every `period`, comes to over one `unit`, using the nominal day counts of
 * {@link periodInDays} (price per month = price × 30 / period days). Micros are rounded to a whole micro.
 *
 * @example
 * pricePerUnit(toPrice(29_000_000, "ZAR", "en-ZA"), { number: 1, unit: PeriodUnit.Week }, PeriodUnit.Month, "en-ZA")
 *   .amountMicros; // 124285714
 */
export function pricePerUnit(price: Price, period: Period, unit: PeriodUnit, locale: string): Price {
  const days = periodInDays({ number: 1, unit });
  return toPrice(Math.round((price.amountMicros * days) / periodInDays(period)), price.currency, locale);
}
