// The subscription state machine on its own: a table of (state, event, now) → transition or refusal, with no database.
import { describe, expect, it } from "vitest";
import {
  GRACE_PERIOD_DAYS,
  subscriptionPhase,
  transition,
  type SubscriptionEvent,
  type SubscriptionState,
} from "../src/lifecycle/subscription-machine.js";

const DAY = 86_400_000;
const EXPIRES = new Date("2026-12-21T12:00:00Z");
const at = (days: number) => new Date(EXPIRES.getTime() + days * DAY);
const AUTH = { paymentIntentId: "pi_1", clientSecret: "pi_1_secret_x", paymentMethodId: "pm_1" };

/** A monthly period in its various states. */
const running: SubscriptionState = {
  expiresDate: EXPIRES,
  unsubscribeDetectedAt: null,
  billingIssuesDetectedAt: null,
  gracePeriodExpiresDate: null,
  renewalRetryAt: null,
  renewalAttempts: 0,
  renewalAuthentication: null,
  refundedAt: null,
  lifecycleHandledAt: null,
  lifecycleLeaseUntil: null,
};
const cancelled = { ...running, unsubscribeDetectedAt: at(-3) };
/** Declined once at its end, retry due on day 1. */
const inGrace = {
  ...running,
  billingIssuesDetectedAt: EXPIRES,
  gracePeriodExpiresDate: at(GRACE_PERIOD_DAYS),
  renewalRetryAt: at(1),
  renewalAttempts: 1,
};
const awaitingCustomer = { ...inGrace, renewalRetryAt: at(GRACE_PERIOD_DAYS), renewalAuthentication: AUTH };
const expiredUnpaid = { ...inGrace, lifecycleHandledAt: at(GRACE_PERIOD_DAYS) };
const expiredAwaitingCustomer = { ...awaitingCustomer, lifecycleHandledAt: at(GRACE_PERIOD_DAYS) };
const due = (replaced = false, renewable = true): SubscriptionEvent => ({ type: "due", replaced, renewable });
const webhooks = (...events: string[]) => events.map((event) => ({ type: "webhook", event }));

describe("the subscription machine", () => {
  const table: [string, SubscriptionState, SubscriptionEvent, Date, string, object?][] = [
    ["a period at its end is charged", running, due(), at(0), "charge_renewal"],
    ["a due retry is charged again", inGrace, due(), at(1), "retry_renewal"],
    ["a cancelled period expires at its end", cancelled, due(), at(0), "expired_cancelled"],
    [
      "a period whose plan left the catalogue expires",
      running,
      due(false, false),
      at(0),
      "expired_unrenewable",
    ],
    ["a grace period that ended unpaid expires", inGrace, due(), at(6), "expired_unpaid"],
    ["a replaced period settles with nothing sent", running, due(true), at(0), "settled_silently"],
    [
      "a refunded period settles with nothing sent",
      { ...running, refundedAt: at(-1) },
      due(),
      at(0),
      "settled_silently",
    ],
    ["a paid renewal renews", running, { type: "renewal_paid" }, at(0), "renewed"],
    ["a retry paid in grace renews without a gap", inGrace, { type: "renewal_paid" }, at(1), "renewed"],
    [
      "the first decline opens the billing issue",
      running,
      { type: "renewal_declined" },
      at(0),
      "billing_issue_opened",
    ],
    [
      "a declined retry continues it",
      inGrace,
      { type: "renewal_declined" },
      at(1),
      "billing_issue_continued",
    ],
    [
      "SCA waits for the customer",
      running,
      { type: "authentication_required", authentication: AUTH },
      at(0),
      "authentication_requested",
    ],
    [
      "a confirmed payment in grace renews",
      awaitingCustomer,
      { type: "authentication_paid", paymentIntentId: "pi_1", renewable: true },
      at(2),
      "renewed_by_customer",
    ],
    [
      "a payment confirmed after the expiry renews from then",
      expiredAwaitingCustomer,
      { type: "authentication_paid", paymentIntentId: "pi_1", renewable: true },
      at(9),
      "renewed_late",
    ],
    ["cancelling a running period turns renewal off", running, { type: "cancel" }, at(-1), "cancelled"],
    ["cancelling twice changes nothing", cancelled, { type: "cancel" }, at(-1), "already_cancelled"],
    [
      "cancelling in grace ends the subscription at once",
      inGrace,
      { type: "cancel" },
      at(2),
      "cancelled_and_ended",
    ],
    [
      "cancelling an ended period still waiting for its charge ends it",
      running,
      { type: "cancel" },
      at(1),
      "cancelled_and_ended",
    ],
    [
      "cancelling a grace period over that no worker has expired yet ends it",
      inGrace,
      { type: "cancel" },
      at(7),
      "cancelled_and_ended",
    ],
    [
      "resuming a cancelled running period turns renewal on",
      cancelled,
      { type: "resume" },
      at(-1),
      "resumed",
    ],
    ["resuming a renewing period changes nothing", running, { type: "resume" }, at(-1), "already_renewing"],
    ["resuming in grace changes nothing", inGrace, { type: "resume" }, at(2), "already_renewing"],
  ];
  it.each(table)("%s", (_name, state, event, now, name) => {
    const result = transition(state, event, now);
    expect(result).toMatchObject({ ok: true, name });
  });

  const refusals: [string, SubscriptionState, SubscriptionEvent, Date, string, number][] = [
    [
      "a one-time purchase has no lifecycle",
      { ...running, expiresDate: null },
      { type: "cancel" },
      at(0),
      "not_a_subscription",
      400,
    ],
    ["a running period is not due", running, due(), at(-1), "not_due", 409],
    ["a retry before its time is not due", inGrace, due(), at(0.5), "not_due", 409],
    ["a settled period is not settled twice", expiredUnpaid, due(), at(7), "already_settled", 409],
    [
      "a charge outcome for a settled period is stale",
      expiredUnpaid,
      { type: "renewal_paid" },
      at(7),
      "already_settled",
      409,
    ],
    [
      "another payment intent renews nothing",
      awaitingCustomer,
      { type: "authentication_paid", paymentIntentId: "pi_2", renewable: true },
      at(2),
      "unknown_payment",
      409,
    ],
    [
      "a plan gone from the catalogue cannot renew",
      awaitingCustomer,
      { type: "authentication_paid", paymentIntentId: "pi_1", renewable: false },
      at(2),
      "unrenewable",
      409,
    ],
    [
      "an expired subscription cannot be cancelled",
      expiredUnpaid,
      { type: "cancel" },
      at(7),
      "no_running_subscription",
      404,
    ],
    [
      "a refunded period cannot be cancelled",
      { ...running, refundedAt: at(-2) },
      { type: "cancel" },
      at(-1),
      "no_running_subscription",
      404,
    ],
    [
      "a renewal being charged cannot be cancelled",
      { ...inGrace, lifecycleLeaseUntil: at(2.001) },
      { type: "cancel" },
      at(2),
      "renewal_in_progress",
      409,
    ],
    [
      "a subscription cancelled in grace cannot be resumed",
      { ...inGrace, unsubscribeDetectedAt: at(2), lifecycleHandledAt: at(2), gracePeriodExpiresDate: at(2) },
      { type: "resume" },
      at(3),
      "no_running_subscription",
      404,
    ],
    [
      "a cancelled period past its end cannot be resumed",
      cancelled,
      { type: "resume" },
      at(0.5),
      "no_running_subscription",
      404,
    ],
  ];
  it.each(refusals)("refuses: %s", (_name, state, event, now, reason, status) => {
    expect(transition(state, event, now)).toMatchObject({ ok: false, reason, status });
  });

  it("opens a billing issue with a 6-day grace period and the first retry on day 1", () => {
    const result = transition(running, { type: "renewal_declined" }, at(0.25));
    expect(result).toMatchObject({
      ok: true,
      changes: {
        billingIssuesDetectedAt: at(0.25),
        gracePeriodExpiresDate: at(6.25),
        renewalRetryAt: at(1.25),
        renewalAttempts: 1,
        lifecycleLeaseUntil: null,
      },
      effects: webhooks("BILLING_ISSUE"),
    });
  });

  it("retries on days 1, 3 and 5, then looks again only when the grace period ends", () => {
    let state: SubscriptionState = running;
    const retries: Date[] = [];
    for (const day of [0, 1, 3, 5]) {
      const result = transition(state, { type: "renewal_declined" }, at(day));
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      retries.push(state.renewalRetryAt!);
    }
    expect(retries).toEqual([at(1), at(3), at(5), at(6)]);
    expect(state.gracePeriodExpiresDate).toEqual(at(6));
  });

  it("asks for an SCA payment to be mailed, and retries it no sooner than the grace period's end", () => {
    const result = transition(running, { type: "authentication_required", authentication: AUTH }, at(0));
    expect(result).toMatchObject({
      ok: true,
      changes: { renewalRetryAt: at(6), renewalAuthentication: AUTH },
      effects: [...webhooks("BILLING_ISSUE"), { type: "mail_authentication", authentication: AUTH }],
    });
  });

  it("renews from the old expiry, and a late payment from the moment it was made", () => {
    // The billing issue is over: its grace period ends, and the next period gives access.
    expect(transition(inGrace, { type: "renewal_paid" }, at(3))).toMatchObject({
      changes: { lifecycleHandledAt: at(3), gracePeriodExpiresDate: at(3) },
      effects: [
        { type: "store_renewal", startsAt: EXPIRES, unsubscribeDetectedAt: null },
        ...webhooks("RENEWAL"),
      ],
    });
    const late = transition(
      expiredAwaitingCustomer,
      { type: "authentication_paid", paymentIntentId: "pi_1", renewable: true },
      at(9),
    );
    expect(late).toMatchObject({
      changes: {},
      effects: [
        { type: "store_renewal", startsAt: at(9), unsubscribeDetectedAt: null },
        ...webhooks("RENEWAL"),
      ],
    });
  });

  it("ends a subscription cancelled in grace now: grace cut, settled, CANCELLATION then EXPIRATION", () => {
    const result = transition(inGrace, { type: "cancel" }, at(2));
    expect(result).toMatchObject({
      ok: true,
      changes: {
        unsubscribeDetectedAt: at(2),
        lifecycleHandledAt: at(2),
        gracePeriodExpiresDate: at(2),
      },
      effects: webhooks("CANCELLATION", "EXPIRATION"),
    });
    if (!result.ok) return;
    expect(subscriptionPhase(result.state, at(2))).toBe("settled");
    // The customer paying the held renewal afterwards still gets the period paid for, without renewal.
    const paid = transition(
      { ...result.state, renewalAuthentication: AUTH },
      { type: "authentication_paid", paymentIntentId: "pi_1", renewable: true },
      at(3),
    );
    expect(paid).toMatchObject({
      name: "renewed_late",
      effects: [
        { type: "store_renewal", startsAt: at(3), unsubscribeDetectedAt: at(2) },
        ...webhooks("RENEWAL"),
      ],
    });
  });

  it("ends the grace period of a subscription a later purchase replaced, with nothing sent", () => {
    expect(transition(inGrace, due(true), at(1))).toMatchObject({
      name: "settled_silently",
      changes: { lifecycleHandledAt: at(1), gracePeriodExpiresDate: at(1) },
      effects: [],
    });
  });

  it("cuts the grace period of a subscription whose plan left the catalogue at its expiry", () => {
    expect(transition(inGrace, due(false, false), at(3))).toMatchObject({
      name: "expired_unrenewable",
      changes: { lifecycleHandledAt: at(3), gracePeriodExpiresDate: at(3) },
      effects: webhooks("EXPIRATION"),
    });
  });

  it("refunds a period in any phase: access ends now, one CANCELLATION for customer support, nothing renews", () => {
    const refund = { type: "refund" } as const;
    for (const [state, now] of [
      [running, at(-10)],
      [cancelled, at(-1)],
      [inGrace, at(2)],
      [expiredUnpaid, at(30)],
    ] as const) {
      const result = transition(state, refund, now);
      expect(result).toMatchObject({
        ok: true,
        name: "refunded",
        changes: { refundedAt: now },
        effects: [{ type: "webhook", event: "CANCELLATION", cancelReason: "CUSTOMER_SUPPORT" }],
      });
      if (!result.ok) continue;
      // Refunding again changes nothing and sends nothing; the worker settles it with no charge.
      expect(transition(result.state, refund, now)).toMatchObject({
        name: "already_refunded",
        changes: {},
        effects: [],
      });
      if (subscriptionPhase(result.state, now) !== "settled") {
        expect(transition(result.state, due(), at(7))).toMatchObject({
          name: "settled_silently",
          effects: [],
        });
      }
    }
  });

  it("refuses a refund while a worker charges the period's renewal, and leaves a one-time purchase to the refund path", () => {
    expect(
      transition({ ...inGrace, lifecycleLeaseUntil: at(1.001) }, { type: "refund" }, at(1)),
    ).toMatchObject({
      ok: false,
      reason: "renewal_in_progress",
      status: 409,
    });
    expect(transition({ ...running, expiresDate: null }, { type: "refund" }, at(0))).toMatchObject({
      ok: false,
      reason: "not_a_subscription",
    });
  });

  it("names each phase", () => {
    expect(
      [
        [{ ...running, expiresDate: null }, at(0)],
        [expiredUnpaid, at(7)],
        [{ ...running, refundedAt: at(-1) }, at(-0.5)],
        [running, at(-1)],
        [running, at(0)],
        [inGrace, at(2)],
        [inGrace, at(6)],
      ].map(([state, now]) => subscriptionPhase(state as SubscriptionState, now as Date)),
    ).toEqual(["one_time", "settled", "refunded", "running", "renewal_due", "grace", "grace_over"]);
  });
});
