import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { parseISODuration } from "../model/period";
import { PeriodUnit, type Period } from "../model/types";
import { defaultLocale } from "./default-locale";

/** Options of {@link formatPeriod}. */
export interface FormatPeriodOptions {
  /** How long the unit's name is: "1 month" (`"long"`, the default), "1 mth" (`"short"`), "1m" (`"narrow"`). */
  unitDisplay?: "long" | "short" | "narrow";
  /**
   * A period of one unit is named without its number ("month", not "1 month"), for texts such as
   * "R 99,00 / month"; longer periods keep it ("3 months").
   */
  omitOne?: boolean;
}

/**
 * Names a billing period in `locale` with Intl (the browser's language when omitted; an invalid locale falls back
 * to "en-US"): an ISO-8601 duration as products carry it (`normalPeriodDuration`, "P1M") or a {@link Period}.
 * @throws PurchasesError (ConfigurationError) for anything else (a combined duration such as "P1Y2M", zero).
 *
 * @example
 * formatPeriod("P1M", "en"); // "1 month"
 * formatPeriod("P3M", "de"); // "3 Monate"
 * formatPeriod({ number: 1, unit: PeriodUnit.Year }, "fr", { omitOne: true }); // "année"
 * `${product.currentPrice.formattedPrice} / ${formatPeriod(product.normalPeriodDuration!, "en-ZA", { omitOne: true })}`; // "R 99,00 / month"
 */
export function formatPeriod(
  period: string | Period,
  locale: string = defaultLocale(),
  { unitDisplay = "long", omitOne }: FormatPeriodOptions = {},
): string {
  const parsed = typeof period === "string" ? parseISODuration(period) : period;
  const { number, unit } = parsed ?? {};
  if (!(Number.isInteger(number) && number! > 0 && Object.values(PeriodUnit).includes(unit!))) {
    throw new PurchasesError(ErrorCode.ConfigurationError, `Invalid period: ${JSON.stringify(period)}.`);
  }
  const format = (tag: string) =>
    omitOne && number === 1
      ? // Intl names the week's date field "weekOfYear"; the other units are named as PeriodUnit's values.
        new Intl.DisplayNames(tag, { type: "dateTimeField", style: unitDisplay }).of(
          unit === PeriodUnit.Week ? "weekOfYear" : unit!,
        )!
      : new Intl.NumberFormat(tag, { style: "unit", unit, unitDisplay }).format(number!);
  try {
    // Locales often arrive in the "pt_BR" form, which Intl rejects.
    return format(locale.replace(/_/g, "-"));
  } catch {
    return format("en-US");
  }
}
