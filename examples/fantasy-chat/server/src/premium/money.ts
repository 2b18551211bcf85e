/** An amount in minor units (cents) and its ISO 4217 currency. */
export interface Money {
  amount: number;
  currency: string;
}

/** Premium Realm: R99 a month (docs/product.md). */
export const PREMIUM_PRICE: Money = { amount: 9900, currency: "ZAR" };

/**
 * The card check that saves a reusable authorization at trial setup: R1.00, refunded as soon as the card is saved
 * (a card gateway creates a reusable authorization only from a successful charge; the spec says nothing is charged
 * until the trial ends, so the check is given back).
 */
export const TRIAL_CARD_CHECK: Money = { amount: 100, currency: "ZAR" };

/** Length of the free trial (docs/product.md). */
export const TRIAL_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a paid month whose renewal was declined keeps its access (the grace period, counted from the month's
 * end) while the card is retried; then the subscription expires.
 */
export const BILLING_GRACE_MS = 3 * DAY_MS;

/** How often a declined renewal is tried again during the grace period. */
export const RENEWAL_RETRY_INTERVAL_MS = DAY_MS;

/** When the grace period of a paid month ending at `periodEnd` ends. */
export function graceEnd(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() + BILLING_GRACE_MS);
}

/**
 * Formats rand cents for people.
 *
 * @example
 * formatRand(9900); // "R99.00"
 */
export function formatRand(cents: number): string {
  return `R${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * `months` calendar months after `date` (UTC), clamped to the end of a shorter month (docs/product.md).
 *
 * @example
 * addMonths(new Date("2026-01-31T09:00:00Z"), 1); // 2026-02-28T09:00:00Z
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * When a trial that starts at `now` ends.
 *
 * @example
 * trialEndFrom(new Date("2026-11-21T12:00:00Z")); // 2026-11-28T12:00:00Z
 */
export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * The end of the month a payment buys: the month after `paidUntil` (a renewal pays for the month after the period
 * or trial it renews; a purchase while a paid month is still running adds to it), or a month from now when that
 * would already be over (a renewal charged more than a month late, after downtime, does not bill for months
 * nobody could use).
 *
 * @example
 * nextPeriodEnd(null, now); // addMonths(now, 1)
 * nextPeriodEnd(trialEnd, now); // addMonths(trialEnd, 1) when the renewal runs on time
 */
export function nextPeriodEnd(paidUntil: Date | null, now: Date): Date {
  const fromPaid = paidUntil ? addMonths(paidUntil, 1) : null;
  if (fromPaid && fromPaid.getTime() > now.getTime()) return fromPaid;
  return addMonths(now, 1);
}
