import type { Translator } from "../i18n/translator";
import { Logger } from "../logger";
import { pricePerMonthMicros } from "../model/price-per-month";
import { formatPrice, pricePerUnit } from "../model/price";
import { relativeDiscount } from "../model/relative-discount";
import { PeriodUnit, type Package, type Period, type PricingPhase } from "../model/types";
import { frequency, periodCount } from "../ui/product-texts";
import { monthlyMicros, productVariables } from "./product-variables";

/** The values of the text variables of one package (docs/checkout.md), by name. */
export type PaywallVariables = Readonly<Record<string, string>>;

/** Shown for a variable the paywall does not know (docs/checkout.md). */
export const UNKNOWN_VARIABLE = "N/A";

/**
 * A phase's length as text, or its raw ISO duration when that does not parse (logged, docs/checkout.md).
 */
function durationText(
  phase: Pick<PricingPhase, "periodDuration" | "period">,
  text: (period: Period) => string,
): string {
  if (phase.period) return text(phase.period);
  if (phase.periodDuration) {
    Logger.warn(`Invalid ISO 8601 duration "${phase.periodDuration}" in a paywall text; it is shown as is.`);
    return phase.periodDuration;
  }
  return "";
}

const offerDuration = (t: Translator, phase: PricingPhase | null) =>
  phase
    ? durationText(phase, (period) =>
        periodCount(t, { ...period, number: period.number * Math.max(1, phase.cycleCount) }),
      )
    : "";

/**
 * The text variables of every package of an offering, keyed by package identifier: product_name, price,
 * price_per_period(_full), total_price_and_per_month(_full), sub_price_per_month, sub_price_per_week,
 * sub_duration, sub_duration_in_months, sub_period, sub_period_length, sub_period_abbreviated,
 * sub_offer_duration(_2), sub_offer_price(_2) and sub_relative_discount. A variable that does not apply to a
 * package (a one-time product's period, a discount of the most expensive package) is empty. Each package also has
 * the `product.*` variables of {@link productVariables}; `now` dates the end of an offer.
 *
 * @example
 * variablesPerPackage(offering.availablePackages, t, "en-ZA", new Date())["$rc_annual"]!.sub_relative_discount; // "20%"
 */
export function variablesPerPackage(
  packages: readonly Package[],
  t: Translator,
  priceLocale: string,
  now: Date,
): Record<string, PaywallVariables> {
  const perMonth = (pkg: Package) => {
    const { currentPrice, period } = pkg.webBillingProduct;
    return period ? pricePerMonthMicros(currentPrice.amountMicros, period) : null;
  };
  const monthlyPrices = packages.map(perMonth).filter((micros): micros is number => micros !== null);
  const mostExpensive = Math.max(...monthlyPrices);
  const percent = new Intl.NumberFormat(t.lang, { style: "percent" });
  const subscriptions = packages.filter((p) => p.webBillingProduct.defaultSubscriptionOption);
  const priciest = subscriptions.length > 0 ? Math.max(...subscriptions.map(monthlyMicros)) : null;
  const result: Record<string, PaywallVariables> = {};
  for (const pkg of packages) {
    result[pkg.identifier] = {
      ...legacyVariables(pkg, t, priceLocale, perMonth, mostExpensive, percent),
      ...productVariables(pkg, t, priceLocale, priciest, now),
    };
  }
  return result;
}

/** The variables of the first paywall format (`price_per_period`, `sub_*`, …) of one package. */
function legacyVariables(
  pkg: Package,
  t: Translator,
  priceLocale: string,
  perMonth: (pkg: Package) => number | null,
  mostExpensive: number,
  percent: Intl.NumberFormat,
): PaywallVariables {
  const product = pkg.webBillingProduct;
  const price = product.currentPrice;
  const option = product.defaultSubscriptionOption;
  const common = { product_name: product.title, price: price.formattedPrice };
  const base = option?.base;
  if (!option || !base) {
    return {
      ...common,
      price_per_period: price.formattedPrice,
      price_per_period_full: price.formattedPrice,
      total_price_and_per_month: price.formattedPrice,
      total_price_and_per_month_full: price.formattedPrice,
    };
  }
  const period = base.period;
  const short = durationText(base, (p) =>
    p.number === 1 ? t.t(`period.${p.unit}.short`) : `${p.number} ${t.t(`period.${p.unit}.short`)}`,
  );
  const full = durationText(base, (p) => (p.number === 1 ? t.t(`period.${p.unit}`) : periodCount(t, p)));
  const monthMicros = perMonth(pkg);
  const monthPrice = monthMicros === null ? "" : formatPrice(monthMicros, price.currency, priceLocale);
  const isOneMonth = period?.unit === PeriodUnit.Month && period.number === 1;
  const withMonth = (text: string, month: string) =>
    isOneMonth || !monthPrice ? text : `${text} (${monthPrice}/${month})`;
  const offers = [option.trial, option.introPrice].filter((p): p is PricingPhase => p !== null);
  const offerPrice = (phase: PricingPhase | undefined) =>
    phase ? (phase.price?.formattedPrice ?? formatPrice(0, price.currency, priceLocale)) : "";
  const discount = monthMicros === null ? null : relativeDiscount(monthMicros, mostExpensive);
  return {
    ...common,
    price_per_period: `${price.formattedPrice}/${short}`,
    price_per_period_full: `${price.formattedPrice}/${full}`,
    total_price_and_per_month: withMonth(`${price.formattedPrice}/${short}`, t.t("period.month.short")),
    total_price_and_per_month_full: withMonth(`${price.formattedPrice}/${full}`, t.t("period.month")),
    sub_price_per_month: monthPrice,
    sub_price_per_week: period
      ? pricePerUnit(price, period, PeriodUnit.Week, priceLocale).formattedPrice
      : "",
    sub_duration: durationText(base, (p) => periodCount(t, p)),
    sub_duration_in_months: durationText(base, (p) =>
      p.unit === PeriodUnit.Year
        ? periodCount(t, { number: p.number * 12, unit: PeriodUnit.Month })
        : periodCount(t, p),
    ),
    sub_period: durationText(base, (p) => frequency(t, p)),
    sub_period_length: durationText(base, (p) => t.t(`period.${p.unit}`)),
    sub_period_abbreviated: durationText(base, (p) => t.t(`period.${p.unit}.short`)),
    sub_offer_duration: offerDuration(t, offers[0] ?? null),
    sub_offer_duration_2: offerDuration(t, offers[1] ?? null),
    sub_offer_price: offerPrice(offers[0]),
    sub_offer_price_2: offerPrice(offers[1]),
    sub_relative_discount: discount === null ? "" : percent.format(discount / 100),
  };
}

const FILTERS: Readonly<Record<string, (value: string) => string>> = {
  uppercase: (value) => value.toUpperCase(),
  lowercase: (value) => value.toLowerCase(),
  capitalize: (value) => value.replace(/\p{L}+/gu, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()),
};

/**
 * Replaces the `{{ name }}` variables of a text with their values; `{{ name | uppercase }}` (or `lowercase`,
 * `capitalize`) changes the value's case, and `{{ custom.name }}` reads `name` of `custom`. An unknown name
 * becomes "N/A".
 *
 * @example
 * substituteVariables("Only {{ price }}!", { price: "R 99,00" }); // "Only R 99,00!"
 * substituteVariables("Hi {{ custom.player | uppercase }}", {}, { player: "Ada" }); // "Hi ADA"
 */
export function substituteVariables(
  text: string,
  variables: PaywallVariables,
  custom: PaywallVariables = {},
): string {
  return text.replace(/\{\{\s*(\$?[\w.-]+)\s*(?:\|\s*(\w+)\s*)?\}\}/g, (_, name: string, filter?: string) => {
    const customName = /^\$?custom\.(.+)$/.exec(name)?.[1];
    const value = customName
      ? Object.hasOwn(custom, customName)
        ? custom[customName]
        : undefined
      : Object.hasOwn(variables, name)
        ? variables[name]
        : undefined;
    if (value === undefined) return UNKNOWN_VARIABLE;
    const change = filter && Object.hasOwn(FILTERS, filter) ? FILTERS[filter] : undefined;
    return change ? change(value) : value;
  });
}
