import { currencyExponent } from "./currency-exponent";
import { unitsInPeriod } from "./period";
import type { Period, PeriodUnit, Price } from "./types";

const numberFormats = new Map<string, Intl.NumberFormat | null>();

/**
 * An `Intl.NumberFormat` with `options` for `locale` (the "pt_BR" form too), or for "en-US" when Intl refuses the
 * locale; null when it refuses both (an unknown currency). Kept for the next call: building one costs about a
 * millisecond on a phone, and an offering's prices need dozens (issue #45's cold path).
 *
 * @example
 * numberFormat("en-ZA", { style: "currency", currency: "ZAR" })?.format(99); // "R 99,00"
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = locale + JSON.stringify(options);
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = null;
    // Locales often arrive in the "pt_BR" form, which Intl rejects.
    for (const tag of [locale.replace(/_/g, "-"), "en-US"]) {
      try {
        format = new Intl.NumberFormat(tag, options);
        break;
      } catch {
        // An invalid locale (or currency) throws a RangeError; try the next tag.
      }
    }
    if (numberFormats.size >= 200) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format;
}

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
  return numberFormat(locale, options)?.format(value).replace("US$", "$") ?? `${currency} ${value}`;
}

/**
 * Micros in the smallest step a card is charged in: a whole unit of a currency without minor units, else a
 * hundredth: a cent, or ten thousandths of a three-decimal currency, whose amounts Stripe takes only with a last
 * digit of 0. The billing server rounds what it charges the same way.
 */
function microsPerChargeStep(currency: string): number {
  return currencyExponent(currency) ? 1e4 : 1e6;
}

/**
 * Builds a {@link Price} from micros. `amount` is the minor units a card is charged, the amount Stripe Elements is
 * given: cents, whole yen, or thousandths rounded to a multiple of 10 (12.345 KWD is charged as 12350). Its
 * `formattedPrice` is {@link formatPrice}'s, `keepZeroDigits` included, with Intl's digits (KWD shows three).
 *
 * @example
 * toPrice(99_000_000, "ZAR", "en-ZA"); // { amount: 9900, amountMicros: 99000000, currency: "ZAR", formattedPrice: "R 99,00" }
 * toPrice(1_500_000_000, "JPY", "ja-JP").amount; // 1500
 * toPrice(12_345_000, "KWD", "en-US"); // { amount: 12350, amountMicros: 12345000, currency: "KWD", formattedPrice: "KWD 12.345" }
 */
export function toPrice(
  amountMicros: number,
  currency: string,
  locale: string,
  keepZeroDigits?: boolean,
): Price {
  return {
    // Ten thousandths are a step of 10 minor units (a thousandth each).
    amount:
      Math.round(amountMicros / microsPerChargeStep(currency)) * (currencyExponent(currency) > 2 ? 10 : 1),
    amountMicros,
    currency,
    formattedPrice: formatPrice(amountMicros, currency, locale, keepZeroDigits),
  };
}

/**
 * What `price`, charged every `period`, comes to over one `unit` (the rule of {@link unitsInPeriod}: a yearly
 * price / 12 is its monthly price), cut down to what a card can be charged (a cent, a yen, ten thousandths
 * of a dinar) as purchases-js does: $119.99 a year is $9.99 a month, never a rounded-up $10.00.
 *
 * @example
 * pricePerUnit(toPrice(119_990_000, "USD", "en-US"), { number: 1, unit: PeriodUnit.Year }, PeriodUnit.Month, "en-US")
 *   .formattedPrice; // "$9.99"
 */
export function pricePerUnit(price: Price, period: Period, unit: PeriodUnit, locale: string): Price {
  const step = microsPerChargeStep(price.currency);
  // Rounding to a millionth of a step first absorbs float error: $120 a year stays $10.00 a month, not $9.99.
  const steps = Math.floor(Math.round((price.amountMicros / unitsInPeriod(period, unit) / step) * 1e6) / 1e6);
  return toPrice(steps * step, price.currency, locale);
}
