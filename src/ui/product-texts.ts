import type { Translator } from "../i18n/translator";
import { addPeriod } from "../model/dates";
import type { Period, PricingPhase, Product, PurchaseOption } from "../model/types";

/**
 * A number of periods: "1 month", "5 месяцев".
 *
 * @example
 * periodCount(t, { number: 7, unit: PeriodUnit.Day }); // "7 days"
 */
export function periodCount(t: Translator, period: Period): string {
  return t.t(`period.${period.unit}.count`, { count: period.number });
}

/**
 * How often a price recurs, after the price: "per month", "every 3 months"; the unknown-frequency text without
 * a period.
 *
 * @example
 * perFrequency(t, { number: 1, unit: PeriodUnit.Year }); // "per year"
 */
export function perFrequency(t: Translator, period: Period | null): string {
  if (!period) return t.t("period.unknown");
  return period.number === 1
    ? t.t(`period.${period.unit}.per`)
    : t.t(`period.${period.unit}.every`, { count: period.number });
}

/**
 * The adjective of a period ("monthly"), or the every-N form for longer ones ("every 3 months").
 *
 * @example
 * frequency(t, { number: 1, unit: PeriodUnit.Week }); // "weekly"
 */
export function frequency(t: Translator, period: Period | null): string {
  if (!period) return t.t("period.unknown");
  return period.number === 1 ? t.t(`period.${period.unit}.frequency`) : perFrequency(t, period);
}

/** The phases of the option being bought, and what they mean for dates and totals. */
export interface PurchasePlan {
  readonly isSubscription: boolean;
  readonly base: { readonly price: PricingPhase["price"]; readonly period: Period | null };
  readonly trial: PricingPhase | null;
  readonly intro: PricingPhase | null;
  /** When a trial ends (and the first charge happens), null without one. */
  readonly trialEnd: Date | null;
  /** When the regular price starts after an intro phase, null without one. */
  readonly introEnd: Date | null;
  /** The first price actually charged, in micros: the intro price, else the base price. */
  readonly chargedPrice: { readonly amountMicros: number; readonly currency: string };
}

const times = (count: number) => Math.max(1, count);

/**
 * The plan of a purchase option at `now`: its phases, the trial and intro end dates, and the price charged first.
 *
 * @example
 * purchasePlan(product, null, Date.now()).trialEnd; // a week from now for a 1-week trial
 */
export function purchasePlan(product: Product, option: PurchaseOption | null, now: number): PurchasePlan {
  const id = (option ?? product.defaultPurchaseOption).id;
  const subscription = product.subscriptionOptions[id] ?? null;
  if (!subscription) {
    const price = product.defaultNonSubscriptionOption?.basePrice ?? product.currentPrice;
    return {
      isSubscription: false,
      base: { price, period: null },
      trial: null,
      intro: null,
      trialEnd: null,
      introEnd: null,
      chargedPrice: price,
    };
  }
  const { base, trial, introPrice: intro } = subscription;
  const trialEnd = trial?.period ? addPeriod(new Date(now), trial.period, times(trial.cycleCount)) : null;
  const introEnd = intro?.period
    ? addPeriod(trialEnd ?? new Date(now), intro.period, times(intro.cycleCount))
    : null;
  const basePrice = base.price ?? product.currentPrice;
  return {
    isSubscription: true,
    base: { price: basePrice, period: base.period },
    trial,
    intro,
    trialEnd,
    introEnd,
    chargedPrice: intro?.price ?? basePrice,
  };
}

/** The product lines of the payment entry page and the footer terms, in the widget's language. */
export interface ProductTexts {
  readonly price: string;
  /** The one-time purchase line of products that do not renew. */
  readonly oneTime: string | null;
  readonly trial: string | null;
  readonly trialThen: string | null;
  readonly intro: string | null;
  readonly introThen: string | null;
  readonly terms: string | null;
}

/**
 * The localised product lines (docs/checkout.md payment entry and footer terms) of a plan.
 *
 * @example
 * productTexts(t, plan, (d) => d.toDateString()).trial; // "1 week free trial"
 */
export function productTexts(
  t: Translator,
  plan: PurchasePlan,
  formatDate: (date: Date) => string,
): ProductTexts {
  const price = plan.base.price?.formattedPrice ?? "";
  if (!plan.isSubscription) {
    const oneTime = t.t("product.one_time");
    return { price, oneTime, trial: null, trialThen: null, intro: null, introThen: null, terms: null };
  }
  const per = perFrequency(t, plan.base.period);
  const { trial, intro, trialEnd, introEnd } = plan;
  const trialDuration = trial?.period ? periodCount(t, trial.period) : "";
  const formattedTrialEndDate = trialEnd ? formatDate(trialEnd) : "";
  let introText: string | null = null;
  if (intro?.price && intro.period) {
    const introPriceDuration = periodCount(t, {
      ...intro.period,
      number: intro.period.number * times(intro.cycleCount),
    });
    introText =
      intro.cycleCount === 1
        ? t.t("product.intro_once", { introPrice: intro.price.formattedPrice, introPriceDuration })
        : t.t("product.intro", {
            introPrice: intro.price.formattedPrice,
            perFrequency: perFrequency(t, intro.period),
            introPriceDuration,
          });
  }
  const values = { price, perFrequency: per, trialDuration, formattedTrialEndDate };
  return {
    price: t.t("product.price", values),
    oneTime: null,
    trial: trialEnd ? t.t("product.trial", values) : null,
    trialThen: trialEnd && !introText ? t.t("product.trial_then", values) : null,
    intro: introText,
    introThen:
      introText && introEnd
        ? t.t("product.intro_then", { ...values, renewalDate: formatDate(introEnd) })
        : null,
    terms: t.t(trialEnd ? "terms.trial" : "terms.subscription", values),
  };
}
