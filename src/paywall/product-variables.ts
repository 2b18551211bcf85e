import type { Translator } from "../i18n/translator";
import { formatPrice, numberFormat } from "../model/price";
import { PeriodUnit, ProductType, type Package, type Period, type PricingPhase } from "../model/types";
import { frequency, periodCount } from "../ui/product-texts";

// The `{{ product.* }}` variables of a paywall text (docs/checkout.md), with the values purchases-js shows for the
// same product, so that a paywall document reads the same in both SDKs.

/** How many of each unit one period of the row's unit makes, as purchases-js counts them (a month is 30 days). */
const PER_UNIT: Readonly<Record<PeriodUnit, readonly [number, number, number, number]>> = {
  [PeriodUnit.Day]: [1, 7, 30, 365],
  [PeriodUnit.Week]: [1 / 7, 1, 365 / 7 / 12, 365 / 7],
  [PeriodUnit.Month]: [1 / 30, (12 * 7) / 365, 1, 12],
  [PeriodUnit.Year]: [1 / 365, 7 / 365, 1 / 12, 1],
};

/** Every `product.*` variable, empty until it applies to the product (an empty text, never "N/A"). */
const EMPTY: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ...["price_per_period", "price_per_period_abbreviated", "periodly"],
    ...["period", "period_abbreviated", "period_with_unit"],
    ...["offer_price", "offer_period", "offer_period_abbreviated", "offer_period_with_unit"],
    ...["day", "week", "month", "year"].flatMap((u) => [`price_per_${u}`, `offer_price_per_${u}`]),
    ...["days", "weeks", "months", "years"].flatMap((u) => [`period_in_${u}`, `offer_period_in_${u}`]),
    ...["offer_end_date", "secondary_offer_price", "secondary_offer_period"],
    ...["secondary_offer_period_abbreviated", "relative_discount"],
  ].map((name) => [`product.${name}`, ""]),
);

/**
 * A price as paywall texts show it: with the currency's narrow symbol ("R99.00", where a product's
 * `formattedPrice` reads "ZAR 99.00"), as purchases-js shows them, and zero without fraction digits ("R0").
 * An invalid locale falls back to "en-US"; a currency Intl rejects is shown as Product prices show it.
 *
 * @example
 * paywallPrice(99_000_000, "ZAR", "en-US"); // "R99.00"
 */
export function paywallPrice(amountMicros: number, currency: string, locale: string): string {
  const value = amountMicros / 1_000_000;
  const options: Intl.NumberFormatOptions = { style: "currency", currency, currencyDisplay: "narrowSymbol" };
  if (value === 0) options.minimumFractionDigits = options.maximumFractionDigits = 0;
  return numberFormat(locale, options)?.format(value) ?? formatPrice(amountMicros, currency, locale);
}

/** Rounds micros down to the currency's smallest coin, so that a per-unit price never overstates. */
function floorToMinorUnit(micros: number, currency: string): number {
  const format = numberFormat("en", { style: "currency", currency });
  const digits = format?.resolvedOptions().maximumFractionDigits ?? 2;
  const step = 10 ** (6 - digits);
  return Math.floor(Math.round((micros / step) * 1e9) / 1e9) * step;
}

/** The price per day, week, month and year of `amountMicros` charged every `period`. */
function perUnitPrices(amountMicros: number, currency: string, period: Period, locale: string) {
  const factors = PER_UNIT[period.unit];
  const per = (i: number) =>
    paywallPrice(
      floorToMinorUnit((amountMicros * factors[i]!) / Math.max(1, period.number), currency),
      currency,
      locale,
    );
  return { day: per(0), week: per(1), month: per(2), year: per(3) };
}

const DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;
const WEEKS = { day: 0, week: 1, month: 4.33, year: 52 } as const;

/** A period's names and lengths: "month", "mo", "1 month", and its length in days, weeks, months and years. */
function periodTexts(t: Translator, period: Period) {
  const { number, unit } = period;
  return {
    period: t.t(`period.${unit}`),
    period_abbreviated: t.t(`period.${unit}.short`),
    period_with_unit: periodCount(t, period),
    period_in_days: String(number * DAYS[unit]),
    period_in_weeks: String(Math.floor(number * WEEKS[unit])),
    period_in_months: String(unit === PeriodUnit.Year ? number * 12 : unit === PeriodUnit.Month ? number : 0),
    period_in_years: String(unit === PeriodUnit.Year ? number : 0),
  };
}

/** `price/unit` for one unit, else `price/3 months` (`short`: `price/mo`, `price/3 mo`). */
function pricePerPeriod(t: Translator, price: string, period: Period, short: boolean): string {
  const unit = t.t(`period.${period.unit}${short ? ".short" : ""}`);
  if (period.number === 1) return `${price}/${unit}`;
  return `${price}/${short ? `${period.number} ${unit}` : periodCount(t, period)}`;
}

/** Sets the `product.offer_*` variables of the option's first offer and `secondary_offer_*` of a second one. */
function offerVariables(
  out: Record<string, string>,
  offers: readonly PricingPhase[],
  t: Translator,
  locale: string,
  now: Date,
) {
  const [offer, secondary] = offers;
  if (offer?.price) {
    const { amountMicros, currency } = offer.price;
    out["product.offer_price"] = paywallPrice(amountMicros, currency, locale);
    if (offer.period) {
      const per = perUnitPrices(amountMicros, currency, offer.period, locale);
      out["product.offer_price_per_day"] = per.day;
      out["product.offer_price_per_week"] = per.week;
      out["product.offer_price_per_month"] = per.month;
      out["product.offer_price_per_year"] = per.year;
    }
  }
  if (offer?.period) {
    const length = { ...offer.period, number: offer.period.number * Math.max(1, offer.cycleCount) };
    for (const [name, value] of Object.entries(periodTexts(t, length))) out[`product.offer_${name}`] = value;
    const end = new Date(now);
    if (length.unit === PeriodUnit.Year) end.setFullYear(end.getFullYear() + length.number);
    else if (length.unit === PeriodUnit.Month) end.setMonth(end.getMonth() + length.number);
    else end.setDate(end.getDate() + length.number * (length.unit === PeriodUnit.Week ? 7 : 1));
    out["product.offer_end_date"] = new Intl.DateTimeFormat(t.lang, { dateStyle: "long" }).format(end);
  }
  if (secondary?.price) {
    const { amountMicros, currency } = secondary.price;
    out["product.secondary_offer_price"] = paywallPrice(amountMicros, currency, locale);
  }
  if (secondary?.period) {
    out["product.secondary_offer_period"] = t.t(`period.${secondary.period.unit}`);
    out["product.secondary_offer_period_abbreviated"] = t.t(`period.${secondary.period.unit}.short`);
  }
}

/**
 * The `product.*` variables of one package: its name, price, price per period and per day/week/month/year, its
 * period in words and counts, its first offer (free trial or intro price) and second one, and `relative_discount`
 * against `mostExpensivePerMonthMicros` (the priciest subscription's monthly equivalent). A variable that does not
 * apply is empty; a product that does not renew shows its price and "lifetime".
 *
 * @example
 * productVariables(pkg, t, "en-US", null, new Date())["product.price_per_period"]; // "$9.99/month"
 */
export function productVariables(
  pkg: Package,
  t: Translator,
  locale: string,
  mostExpensivePerMonthMicros: number | null,
  now: Date,
): Readonly<Record<string, string>> {
  const product = pkg.webBillingProduct;
  const { amountMicros, currency } = product.currentPrice;
  const price = paywallPrice(amountMicros, currency, locale);
  const symbol = paywallPrice(0, currency, locale)
    .replace(/[\d\s.,\u00a0]+/g, " ")
    .trim();
  const out: Record<string, string> = {
    ...EMPTY,
    "product.store_product_name": product.title,
    "product.price": price,
    "product.currency_code": currency,
    "product.currency_symbol": symbol,
  };
  const option = product.defaultSubscriptionOption;
  const period = product.period ?? option?.base.period ?? null;
  if (product.productType !== ProductType.Subscription || !option) {
    const lifetime = t.t("period.lifetime");
    return {
      ...out,
      "product.price_per_period": price,
      "product.price_per_period_abbreviated": price,
      "product.price_per_month": price,
      "product.period_with_unit": lifetime,
      "product.period_in_months": lifetime,
      "product.periodly": lifetime,
    };
  }
  if (period) {
    out["product.price_per_period"] = pricePerPeriod(t, price, period, false);
    out["product.price_per_period_abbreviated"] = pricePerPeriod(t, price, period, true);
    const per = perUnitPrices(amountMicros, currency, period, locale);
    Object.assign(out, {
      "product.price_per_day": per.day,
      "product.price_per_week": per.week,
      "product.price_per_month": per.month,
      "product.price_per_year": per.year,
      "product.periodly": frequency(t, period),
    });
    for (const [name, value] of Object.entries(periodTexts(t, period))) out[`product.${name}`] = value;
    if (mostExpensivePerMonthMicros) {
      const percent =
        ((mostExpensivePerMonthMicros - monthlyMicros(pkg)) * 100) / mostExpensivePerMonthMicros;
      if (percent >= 1) out["product.relative_discount"] = `${percent.toFixed(0)}%`;
    }
  }
  const offers = [option.trial, option.introPrice].filter((p): p is PricingPhase => p !== null);
  offerVariables(out, offers, t, locale, now);
  return out;
}

/**
 * The monthly equivalent in micros of a package's price (its own price when it does not renew), as
 * `relative_discount` compares them.
 *
 * @example
 * monthlyMicros(annualPackage); // 82500000 for R990 a year
 */
export function monthlyMicros(pkg: Package): number {
  const product = pkg.webBillingProduct;
  const period = product.period ?? product.defaultSubscriptionOption?.base.period ?? null;
  const micros = product.currentPrice.amountMicros;
  return period ? (micros * PER_UNIT[period.unit][2]!) / Math.max(1, period.number) : micros;
}
