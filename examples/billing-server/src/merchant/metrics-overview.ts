// The numbers of the merchant API's metrics overview (issue #48, RevenueCat v2's `get-overview-metrics`), as a pure
// function of the project's purchase periods, its customers' first-seen dates and the moment asked about. The route
// only loads rows; every rule of what counts is here, so that the README's definitions and the answer are one text.
import type { purchases } from "../db/schema.js";
import { currencyExponent } from "../domain/currency-exponent.js";
import { addIsoDuration } from "../domain/iso-duration.js";
import { renewalChainPosition } from "../lifecycle/next-renewal-period.js";

type PurchaseRow = typeof purchases.$inferSelect;

/** The columns of a purchase period the metrics read. */
export type MetricsPurchase = Pick<
  PurchaseRow,
  | "storeTransactionId"
  | "isSandbox"
  | "periodType"
  | "purchaseDate"
  | "expiresDate"
  | "refundedAt"
  | "billingIssuesDetectedAt"
  | "gracePeriodExpiresDate"
  | "priceMicros"
  | "currency"
>;

/** Which purchases the metrics are about: real money (`production`, the default) or test money (`sandbox`). */
export type MetricsEnvironment = "production" | "sandbox";

/** Whether an environment's purchases are the ones whose money is not real (a purchase's `isSandbox`). */
const IS_SANDBOX: Readonly<Record<MetricsEnvironment, boolean>> = { production: false, sandbox: true };

/** What the overview is computed from. */
export interface MetricsOverviewInput {
  /** The project's purchase periods (both environments; those of the other environment are left out). */
  purchases: readonly MetricsPurchase[];
  /** When each of the project's customers was first seen (at least those of the window, {@link metricsWindowStart}). */
  firstSeen: readonly Date[];
  now: Date;
  /** The currency money metrics are in: only purchases in it are summed (amounts are never converted). */
  currency: string;
  environment: MetricsEnvironment;
}

/** The overview's numbers; money in `currency`'s major units (99.99), rates in percent (0–100). */
export interface OverviewNumbers {
  active_trials: number;
  active_subscriptions: number;
  mrr: number;
  revenue: number;
  new_customers: number;
  trial_conversion: number;
  churn: number;
}

export type OverviewMetricId = keyof OverviewNumbers;

/** The window of the windowed metrics (revenue, new customers, trial conversion, churn): 28 days, as RevenueCat's. */
export const METRICS_WINDOW_DAYS = 28;
const DAY_MS = 86_400_000;

/**
 * Where the metrics window starts: `now` less {@link METRICS_WINDOW_DAYS} days. The window is (start, now]: a moment
 * exactly 28 days ago is outside it, one at `now` inside.
 *
 * @example
 * metricsWindowStart(new Date("2026-11-29T00:00:00Z")); // 2026-11-01T00:00:00Z
 */
export function metricsWindowStart(now: Date): Date {
  return new Date(now.getTime() - METRICS_WINDOW_DAYS * DAY_MS);
}

/** How each metric is told: its name, what it counts, its unit (`#`, `%`, or `currency`) and its period. */
export const OVERVIEW_METRICS: Record<
  OverviewMetricId,
  { name: string; description: string; unit: "#" | "%" | "currency"; period: "P0D" | "P28D" }
> = {
  active_trials: {
    name: "Active Trials",
    description:
      "Free trials giving access now, cancelled ones and those in a billing grace period included.",
    unit: "#",
    period: "P0D",
  },
  active_subscriptions: {
    name: "Active Subscriptions",
    description:
      "Paid subscriptions giving access now, cancelled ones (until they expire) and those in a billing grace period included.",
    unit: "#",
    period: "P0D",
  },
  mrr: {
    name: "MRR",
    description:
      "Monthly recurring revenue: the last price paid by each active subscription in this currency, per month.",
    unit: "currency",
    period: "P0D",
  },
  revenue: {
    name: "Revenue",
    description:
      "What purchases made in the last 28 days were paid in this currency (subscriptions and one-time purchases), less those refunded. Before taxes and fees.",
    unit: "currency",
    period: "P28D",
  },
  new_customers: {
    name: "New Customers",
    description: "Customers (App User IDs) first seen in the last 28 days.",
    unit: "#",
    period: "P28D",
  },
  trial_conversion: {
    name: "Trial Conversion",
    description:
      "Of the free trials that ended in the last 28 days, the percentage that became a paid subscription.",
    unit: "%",
    period: "P28D",
  },
  churn: {
    name: "Churn",
    description:
      "Of the paid subscriptions giving access 28 days ago, the percentage that give no access now.",
    unit: "%",
    period: "P28D",
  },
};

/**
 * Whether a subscription period gave access at `at`: it had started, was not refunded yet, and `at` is before its
 * expiry or inside the grace period of a billing issue. The grace period counts from the first declined renewal
 * (`billing_issues_detected_at`), not from the expiry: before a worker tried the renewal, nobody had access, even
 * though `grace_period_expires_date` (set later) now lies beyond `at`. At the present this is `accessEnd`'s rule.
 *
 * @example
 * hadAccessAt(period, new Date("2026-11-01T00:00:00Z")); // true
 */
export function hadAccessAt(p: MetricsPurchase, at: Date): boolean {
  if (p.expiresDate === null || p.purchaseDate > at) return false;
  if (p.refundedAt !== null && p.refundedAt <= at) return false;
  if (at < p.expiresDate) return true;
  return (
    p.billingIssuesDetectedAt !== null &&
    p.billingIssuesDetectedAt <= at &&
    p.gracePeriodExpiresDate !== null &&
    at < p.gracePeriodExpiresDate
  );
}

/**
 * A subscription period's price per month, in micros. The billing period is read off the period itself (every
 * period runs a whole ISO duration from its purchase date): n months count 1/n (a year is 12 months), n weeks count
 * 52/(12·n) (a year is 52 weeks), and any other length in days d counts 365/(12·d).
 *
 * @example
 * monthlyMicros(yearlyPeriodAt990); // 82_500_000
 * monthlyMicros(weeklyPeriodAt12); // 52_000_000
 */
export function monthlyMicros(
  p: Pick<MetricsPurchase, "purchaseDate" | "expiresDate" | "priceMicros">,
): number {
  if (p.expiresDate === null) return 0;
  const start = p.purchaseDate;
  const end = p.expiresDate;
  const months =
    (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + (end.getUTCMonth() - start.getUTCMonth());
  if (months >= 1 && addIsoDuration(start, `P${months}M`).getTime() === end.getTime()) {
    return p.priceMicros / months;
  }
  const days = (end.getTime() - start.getTime()) / DAY_MS;
  if (days <= 0) return 0;
  if (Number.isInteger(days / 7)) return (p.priceMicros * 52) / (12 * (days / 7));
  return (p.priceMicros * 365) / (12 * days);
}

const isPaid = (p: MetricsPurchase) => p.periodType !== "trial";

/** Micros as the currency's major units, rounded to its minor unit (R99.00, ¥990, 9.990 KWD). */
function majorUnits(micros: number, currency: string): number {
  const exponent = currencyExponent(currency);
  return Math.round(micros / 10 ** (6 - exponent)) / 10 ** exponent;
}

/** `part` of `whole` in percent, to two decimals; 0 when there is no whole. */
const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

/**
 * The project's overview metrics at `now`. Only purchases of `environment` count (sandbox ones are test money);
 * a subscription is all periods of one original purchase and its renewals, counted once however many periods it has.
 *
 * - `active_trials`: subscriptions whose free-trial period gives access now ({@link hadAccessAt}): cancelled trials
 *   and trials in a billing grace period included, refunded ones not.
 * - `active_subscriptions`: subscriptions whose paid period (normal or introductory price) gives access now:
 *   cancelled-but-running ones and those in a billing grace period included, refunded ones not.
 * - `mrr`: over the active subscriptions whose current period was paid in `currency`, the sum of that period's
 *   price per month ({@link monthlyMicros}: a yearly price / 12, a weekly price × 52 / 12). Trials, refunded
 *   periods, one-time purchases and other currencies add nothing.
 * - `revenue`: the price of every purchase in `currency` (subscription periods, renewals and one-time purchases)
 *   whose purchase date is in the window (`now` less 28 days, `now`] and that is not refunded. A period is dated by
 *   its purchase date, which for a renewal is the start of the period it pays for.
 * - `new_customers`: customers first seen in the window (in either environment: a customer has none).
 * - `trial_conversion`: of the free-trial periods whose expiry is in the window, the share (in percent) whose
 *   subscription has a paid period by `now`. A trial whose renewal is still being retried counts as not converted.
 * - `churn`: of the subscriptions with a paid period giving access at the window's start (28 days ago), the share
 *   (in percent) with no period giving access now.
 *
 * Money is in `currency`'s major units, rounded to its minor unit; rates are percentages to two decimals (0 when
 * nothing is counted).
 *
 * @example
 * metricsOverview({ purchases, firstSeen, now, currency: "ZAR", environment: "production" });
 * // { active_trials: 3, active_subscriptions: 12, mrr: 1188, revenue: 1287, new_customers: 9, trial_conversion: 50, churn: 7.69 }
 */
export function metricsOverview(input: MetricsOverviewInput): OverviewNumbers {
  const { now, currency } = input;
  const since = metricsWindowStart(now);
  const rows = input.purchases.filter((p) => p.isSandbox === IS_SANDBOX[input.environment]);

  const subscriptions = new Map<string, MetricsPurchase[]>();
  for (const p of rows) {
    if (p.expiresDate === null) continue;
    const id = renewalChainPosition(p.storeTransactionId).originalTransactionId;
    subscriptions.set(id, [...(subscriptions.get(id) ?? []), p]);
  }

  let activeTrials = 0;
  let activeSubscriptions = 0;
  let mrrMicros = 0;
  let activeAtStart = 0;
  let churned = 0;
  for (const periods of subscriptions.values()) {
    const current = periods.filter((p) => hadAccessAt(p, now));
    // A paid period wins over a trial, the latest over earlier ones (a renewal paid in its predecessor's grace).
    const paid = current.filter(isPaid).sort((a, b) => b.purchaseDate.getTime() - a.purchaseDate.getTime());
    if (paid[0]) {
      activeSubscriptions += 1;
      if (paid[0].currency === currency) mrrMicros += monthlyMicros(paid[0]);
    } else if (current.length > 0) {
      activeTrials += 1;
    }
    if (periods.some((p) => isPaid(p) && hadAccessAt(p, since))) {
      activeAtStart += 1;
      if (current.length === 0) churned += 1;
    }
  }

  const inWindow = (at: Date) => at > since && at <= now;
  const revenueMicros = rows
    .filter((p) => p.currency === currency && p.refundedAt === null && inWindow(p.purchaseDate))
    .reduce((sum, p) => sum + p.priceMicros, 0);

  const endedTrials = rows.filter(
    (p) => p.periodType === "trial" && p.expiresDate !== null && inWindow(p.expiresDate),
  );
  const converted = endedTrials.filter((trial) => {
    const id = renewalChainPosition(trial.storeTransactionId).originalTransactionId;
    return (subscriptions.get(id) ?? []).some((p) => isPaid(p) && p.purchaseDate <= now);
  });

  return {
    active_trials: activeTrials,
    active_subscriptions: activeSubscriptions,
    mrr: majorUnits(mrrMicros, currency),
    revenue: majorUnits(revenueMicros, currency),
    new_customers: input.firstSeen.filter(inWindow).length,
    trial_conversion: percent(converted.length, endedTrials.length),
    churn: percent(churned, activeAtStart),
  };
}
