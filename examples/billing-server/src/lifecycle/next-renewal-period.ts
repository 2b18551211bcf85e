import { addIsoDuration } from "../domain/iso-duration.js";

interface WirePrice {
  amount_micros: number;
  currency: string;
}

/** The phases of a subscription purchase option, in wire shape (catalogue `purchase_options`). */
export interface SubscriptionPhases {
  base: { period_duration: string; price: WirePrice };
  trial?: { period_duration: string } | null;
  intro_price?: { period_duration: string; price: WirePrice; cycle_count: number } | null;
}

/** The period a successful renewal adds. */
export interface RenewalPeriod {
  /** Deterministic, so that a retried renewal can never be stored twice (the table's unique key). */
  storeTransactionId: string;
  renewalNumber: number;
  periodType: "normal" | "intro";
  purchaseDate: Date;
  expiresDate: Date;
  priceMicros: number;
  currency: string;
}

const RENEWAL_ID = /^(.+)_renewal_(\d+)$/;

/**
 * Where a period sits in its subscription: the original purchase's transaction id, and 0 for the original
 * purchase or n for its n-th renewal.
 *
 * @example
 * renewalChainPosition("test_1_abc_renewal_2"); // { originalTransactionId: "test_1_abc", renewalNumber: 2 }
 */
export function renewalChainPosition(storeTransactionId: string): {
  originalTransactionId: string;
  renewalNumber: number;
} {
  const match = RENEWAL_ID.exec(storeTransactionId);
  return match
    ? { originalTransactionId: match[1] as string, renewalNumber: Number(match[2]) }
    : { originalTransactionId: storeTransactionId, renewalNumber: 0 };
}

/**
 * The period that follows `previous` when it renews. It starts when `previous` expires. The phases run
 * trial (one period), intro price (`cycle_count` periods), then the base price for good; a subscription
 * joins them where its original purchase did (`firstPeriodType`: a customer who started at the base price
 * gets no intro periods later).
 *
 * @example
 * nextRenewalPeriod({ previous: trialPeriod, firstPeriodType: "trial", option });
 * // { storeTransactionId: "test_…_renewal_1", periodType: "normal", expiresDate: trial end + P1M, … }
 */
export function nextRenewalPeriod(input: {
  previous: { storeTransactionId: string; expiresDate: Date };
  firstPeriodType: "trial" | "intro" | "normal";
  option: SubscriptionPhases;
}): RenewalPeriod {
  const { previous, firstPeriodType, option } = input;
  const chain = renewalChainPosition(previous.storeTransactionId);
  const renewalNumber = chain.renewalNumber + 1;
  const trialPeriods = option.trial ? 1 : 0;
  const introPeriods = option.intro_price?.cycle_count ?? 0;
  const firstPosition =
    firstPeriodType === "trial"
      ? 0
      : firstPeriodType === "intro"
        ? trialPeriods
        : trialPeriods + introPeriods;
  const position = firstPosition + renewalNumber;
  const intro =
    option.intro_price && position >= trialPeriods && position < trialPeriods + introPeriods
      ? option.intro_price
      : null;
  const phase = intro ?? option.base;
  return {
    storeTransactionId: `${chain.originalTransactionId}_renewal_${renewalNumber}`,
    renewalNumber,
    periodType: intro ? "intro" : "normal",
    purchaseDate: previous.expiresDate,
    expiresDate: addIsoDuration(previous.expiresDate, phase.period_duration),
    priceMicros: phase.price.amount_micros,
    currency: phase.price.currency,
  };
}
