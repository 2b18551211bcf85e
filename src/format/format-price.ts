import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { formatPrice as formatMicros } from "../model/price";
import type { Price } from "../model/types";
import { defaultLocale } from "./default-locale";

/**
 * Formats a price for display with Intl, as the SDK formats `formattedPrice`: a {@link Price} (from a product,
 * pricing phase or customer info) or an amount in micros with its ISO 4217 currency, in `locale` (a BCP-47 tag;
 * the browser's language when omitted). "en-ZA" shows ZAR as "R 99,00" (with a no-break space after the "R").
 * An invalid locale falls back to "en-US"; a zero amount has no fraction digits ("R 0").
 * @throws PurchasesError (ConfigurationError) when the amount is not a finite number or the currency not a string.
 *
 * @example
 * formatPrice(99_000_000, "ZAR", "en-ZA"); // "R 99,00"
 * formatPrice(product.currentPrice, "en-ZA"); // the same for a Price
 * `${formatPrice(price, "en-ZA")} / ${formatPeriod("P1M", "en-ZA", { omitOne: true })}`; // "R 99,00 / month"
 */
export function formatPrice(price: Price, locale?: string): string;
export function formatPrice(amountMicros: number, currency: string, locale?: string): string;
export function formatPrice(
  priceOrMicros: Price | number,
  currencyOrLocale?: string,
  locale?: string,
): string {
  const micros = typeof priceOrMicros === "number";
  const price = micros ? { amountMicros: priceOrMicros, currency: currencyOrLocale } : priceOrMicros;
  if (!Number.isFinite(price?.amountMicros) || typeof price.currency !== "string") {
    throw new PurchasesError(
      ErrorCode.ConfigurationError,
      "formatPrice needs a Price, or micros and a currency.",
    );
  }
  return formatMicros(
    price.amountMicros,
    price.currency,
    (micros ? locale : currencyOrLocale) ?? defaultLocale(),
  );
}
