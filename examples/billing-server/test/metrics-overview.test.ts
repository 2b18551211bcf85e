// The metrics overview's rules (issue #48) as a pure function: each metric's edge cases on hand-made periods.
import { describe, expect, it } from "vitest";
import { addIsoDuration } from "../src/domain/iso-duration.js";
import {
  metricsOverview,
  monthlyMicros,
  type MetricsOverviewInput,
  type MetricsPurchase,
} from "../src/merchant/metrics-overview.js";

const DAY = 86_400_000;
const NOW = new Date("2026-11-21T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
let serial = 0;

/** A paid monthly period of R99 (production) bought `startDaysAgo` days ago, unless `changes` say otherwise. */
function period(
  startDaysAgo: number,
  changes: Partial<MetricsPurchase> & { duration?: string | null } = {},
): MetricsPurchase {
  const { duration = "P1M", ...rest } = changes;
  const purchaseDate = daysAgo(startDaysAgo);
  return {
    storeTransactionId: `txn_${serial++}`,
    isSandbox: false,
    periodType: "normal",
    purchaseDate,
    expiresDate: duration === null ? null : addIsoDuration(purchaseDate, duration),
    refundedAt: null,
    billingIssuesDetectedAt: null,
    gracePeriodExpiresDate: null,
    priceMicros: 99_000_000,
    currency: "ZAR",
    ...rest,
  };
}

/** A subscription: its first period, then renewals named as the server names them, each where the last ended. */
function subscription(first: MetricsPurchase, renewals: Partial<MetricsPurchase>[] = []): MetricsPurchase[] {
  const periods = [first];
  renewals.forEach((changes, i) => {
    const previous = periods[i]!;
    const purchaseDate = previous.expiresDate!;
    periods.push({
      ...first,
      storeTransactionId: `${first.storeTransactionId}_renewal_${i + 1}`,
      periodType: "normal",
      purchaseDate,
      expiresDate: addIsoDuration(purchaseDate, "P1M"),
      priceMicros: 99_000_000,
      ...changes,
    });
  });
  return periods;
}

const overview = (purchases: MetricsPurchase[], input: Partial<MetricsOverviewInput> = {}) =>
  metricsOverview({
    purchases,
    firstSeen: [],
    now: NOW,
    currency: "ZAR",
    environment: "production",
    ...input,
  });

describe("metrics overview", () => {
  it("counts a running paid subscription as active with its monthly price as MRR, and a cancelled one until it expires", () => {
    // A cancel only turns renewal off (unsubscribe_detected_at): the period runs to its expiry.
    const cancelled: MetricsPurchase & { unsubscribeDetectedAt: Date } = {
      ...period(10),
      unsubscribeDetectedAt: daysAgo(2),
    };
    const expired = period(40);
    expect(overview([period(3), cancelled, expired])).toMatchObject({ active_subscriptions: 2, mrr: 198 });
  });

  it("counts a subscription in a billing grace period as active, but not before its first declined renewal nor after the grace period", () => {
    const expired = period(35); // expired 4 days ago, no renewal tried
    const inGrace = {
      ...period(33),
      billingIssuesDetectedAt: daysAgo(1),
      gracePeriodExpiresDate: daysAgo(-5),
    };
    const graceOver = {
      ...period(45),
      billingIssuesDetectedAt: daysAgo(14),
      gracePeriodExpiresDate: daysAgo(8),
    };
    expect(overview([expired, inGrace, graceOver])).toMatchObject({ active_subscriptions: 1, mrr: 99 });
    // Before the first decline a worker outage gave no access, although the grace period's end lies beyond then.
    const outage = overview([inGrace], { now: daysAgo(1.5) });
    expect(outage.active_subscriptions).toBe(0);
  });

  it("counts a refunded period as neither active nor MRR nor revenue", () => {
    const refunded = period(3, { refundedAt: daysAgo(1) });
    expect(overview([refunded])).toMatchObject({ active_subscriptions: 0, mrr: 0, revenue: 0 });
    // Until its refund it gave access: 28 days later, it counts as active then, and churned.
    const boughtEarly = period(20, { duration: "P3M", refundedAt: daysAgo(1) });
    expect(overview([boughtEarly]).churn).toBe(0); // not active 28 days ago: bought 20 days ago
    const longAgo = period(50, { duration: "P3M", refundedAt: daysAgo(1) });
    expect(overview([longAgo]).churn).toBe(100);
  });

  it("counts a free trial as an active trial, not a subscription, with no MRR, also in its grace period", () => {
    const trial = period(2, { periodType: "trial", priceMicros: 0, duration: "P1W" });
    const trialInGrace = {
      ...period(8, { periodType: "trial" as const, priceMicros: 0, duration: "P1W" }),
      billingIssuesDetectedAt: daysAgo(1),
      gracePeriodExpiresDate: daysAgo(-5),
    };
    expect(overview([trial, trialInGrace])).toMatchObject({
      active_trials: 2,
      active_subscriptions: 0,
      mrr: 0,
    });
  });

  it("counts a subscription once however many of its periods there are, paid over trial", () => {
    const trialThenPaid = subscription(period(10, { periodType: "trial", priceMicros: 0, duration: "P1W" }), [
      {},
    ]);
    const renewedTwice = subscription(period(70), [{}, {}]);
    expect(overview([...trialThenPaid, ...renewedTwice])).toMatchObject({
      active_trials: 0,
      active_subscriptions: 2,
      mrr: 198,
    });
  });

  it("counts a subscription once while a renewal paid in its grace period overlaps the grace period", () => {
    const [first, renewal] = subscription(period(32), [{}]);
    // The renewal was paid 1 day after expiry; the grace period that started then was cut at the payment.
    const graced = {
      ...first!,
      billingIssuesDetectedAt: first!.expiresDate,
      gracePeriodExpiresDate: daysAgo(0),
    };
    const past = new Date(first!.expiresDate!.getTime() + DAY / 2);
    expect(overview([graced, renewal!], { now: past }).active_subscriptions).toBe(1);
  });

  it("leaves sandbox purchases out, and counts only them with environment sandbox", () => {
    const real = period(3);
    const test = period(3, { isSandbox: true, priceMicros: 10_000_000 });
    expect(overview([real, test])).toMatchObject({ active_subscriptions: 1, mrr: 99, revenue: 99 });
    expect(overview([real, test], { environment: "sandbox" })).toMatchObject({
      active_subscriptions: 1,
      mrr: 10,
      revenue: 10,
    });
  });

  it("normalises yearly, weekly, quarterly and daily prices to a month", () => {
    expect(monthlyMicros(period(0, { duration: "P1Y", priceMicros: 990_000_000 }))).toBe(82_500_000);
    expect(monthlyMicros(period(0, { duration: "P1W", priceMicros: 12_000_000 }))).toBe(52_000_000);
    expect(monthlyMicros(period(0, { duration: "P3M", priceMicros: 270_000_000 }))).toBe(90_000_000);
    expect(monthlyMicros(period(0, { duration: "P10D", priceMicros: 120_000_000 }))).toBe(365_000_000);
    // A month bought on 31 January renews on 28 February: still one month.
    const january = { purchaseDate: new Date("2027-01-31T00:00:00Z"), priceMicros: 99_000_000 };
    expect(monthlyMicros({ ...january, expiresDate: addIsoDuration(january.purchaseDate, "P1M") })).toBe(
      99_000_000,
    );
    const yearly = period(100, { duration: "P1Y", priceMicros: 990_000_000 });
    const weekly = period(1, { duration: "P1W", priceMicros: 12_000_000 });
    expect(overview([yearly, weekly]).mrr).toBe(134.5);
  });

  it("counts one-time purchases in revenue but not in MRR nor as subscriptions", () => {
    const gems = period(5, { duration: null, priceMicros: 49_990_000 });
    expect(overview([gems, period(1)])).toMatchObject({ revenue: 148.99, mrr: 99, active_subscriptions: 1 });
  });

  it("sums revenue of purchases dated in the last 28 days only, renewals included, less refunds", () => {
    const [, renewal] = subscription(period(40), [{}]); // the renewal started 9–10 days ago
    const atEdge = period(28); // exactly 28 days ago: outside
    const justInside = period(27.99, { duration: null, priceMicros: 1_000_000 });
    const refundedGems = period(2, { duration: null, priceMicros: 49_990_000, refundedAt: daysAgo(1) });
    expect(overview([renewal!, atEdge, justInside, refundedGems]).revenue).toBe(100);
  });

  it("sums money in the asked currency only, rounded to its minor unit, and counts subscriptions in any", () => {
    const rand = period(3, { priceMicros: 99_994_999 });
    const dollars = period(3, { currency: "USD", priceMicros: 9_990_000 });
    expect(overview([rand, dollars])).toMatchObject({ active_subscriptions: 2, mrr: 99.99, revenue: 99.99 });
    expect(overview([rand, dollars], { currency: "USD" })).toMatchObject({ mrr: 9.99, revenue: 9.99 });
    const yen = period(3, { currency: "JPY", priceMicros: 1_234_567_890 });
    expect(overview([yen], { currency: "JPY" }).revenue).toBe(1235);
  });

  it("counts customers first seen in the last 28 days as new", () => {
    const firstSeen = [daysAgo(0), daysAgo(27), daysAgo(28), daysAgo(90)];
    expect(overview([], { firstSeen }).new_customers).toBe(2);
  });

  it("measures trial conversion over the trials that ended in the last 28 days", () => {
    const trial = (startDaysAgo: number) =>
      period(startDaysAgo, { periodType: "trial", priceMicros: 0, duration: "P1W" });
    const converted = subscription(trial(20), [{}]);
    const lapsed = [trial(15)];
    const stillRunning = [trial(3)]; // ends in 4 days: not counted yet
    const endedLongAgo = subscription(trial(60), [{}]); // ended 53 days ago: outside the window
    const retrying = [
      { ...trial(9), billingIssuesDetectedAt: daysAgo(2), gracePeriodExpiresDate: daysAgo(-4) },
    ];
    expect(
      overview([...converted, ...lapsed, ...stillRunning, ...endedLongAgo, ...retrying]).trial_conversion,
    ).toBe(33.33);
    expect(overview([...stillRunning]).trial_conversion).toBe(0);
  });

  it("measures churn as the paid subscriptions active 28 days ago that have no access now", () => {
    const renewed = subscription(period(40), [{}]); // active then (its first period) and now
    const expired = [period(40)]; // active then, expired 9–10 days ago
    const cancelledButRunning = [period(29, { duration: "P2M" })];
    const trialThen = [period(30, { periodType: "trial", priceMicros: 0, duration: "P1M" })]; // a trial: not counted
    const boughtSince = [period(5)];
    expect(
      overview([...renewed, ...expired, ...cancelledButRunning, ...trialThen, ...boughtSince]).churn,
    ).toBe(33.33);
  });
});
