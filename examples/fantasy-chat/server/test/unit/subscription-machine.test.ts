import { describe, expect, it } from "vitest";
import {
  renewalDueFor,
  statusAt,
  transition,
  type SubscriptionEvent,
  type SubscriptionState,
} from "../../src/premium/subscription-machine.js";

const DAY = 24 * 60 * 60_000;
const now = new Date("2026-11-21T12:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const later = (days: number) => new Date(now.getTime() + days * DAY);

const fresh: SubscriptionState = {
  subscriptionStatus: "trial",
  trialEndDate: null,
  paymentMethodSetup: false,
  subscriptionPeriodEnd: null,
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  billingIssueAt: null,
  storeEntitlementExpiresAt: null,
  storeProductId: null,
  storePeriodType: null,
  storeCancelledAt: null,
  storeRenewalChangedAt: null,
  storeBillingIssueAt: null,
  storeTrialEndsAt: null,
  storeTrialConvertedAt: null,
};
const trial: SubscriptionState = { ...fresh, paymentMethodSetup: true, trialEndDate: later(3) };
const paid = (periodEnd: Date, extra: Partial<SubscriptionState> = {}): SubscriptionState => ({
  ...fresh,
  subscriptionStatus: "active",
  paymentMethodSetup: true,
  trialEndDate: ago(40),
  subscriptionPeriodEnd: periodEnd,
  ...extra,
});
const over = { subscriptionPeriodEnd: null, cancelAtPeriodEnd: false, billingIssueAt: null };
const clock = (facts: Partial<Extract<SubscriptionEvent, { type: "clock" }>> = {}): SubscriptionEvent => ({
  type: "clock",
  hasCard: true,
  renewalInFlight: false,
  retryHeld: false,
  ...facts,
});

describe("the subscription machine", () => {
  it.each<[string, SubscriptionState, SubscriptionEvent, string, Partial<SubscriptionState>]>([
    [
      "a trial setup starts the one trial",
      fresh,
      { type: "card_checked", trialSetup: true },
      "trial_started",
      { trialEndDate: later(7), paymentMethodSetup: true },
    ],
    [
      "a second trial setup saves the card only",
      trial,
      { type: "card_checked", trialSetup: true },
      "card_saved",
      { trialEndDate: later(3) },
    ],
    [
      "a purchase starts a month from now",
      fresh,
      { type: "month_paid", purchase: true, paysFor: null, cardSaved: true },
      "subscribed",
      {
        subscriptionStatus: "active",
        subscriptionPeriodEnd: new Date("2026-12-21T12:00:00Z"),
        paymentMethodSetup: true,
      },
    ],
    [
      "a purchase during a running month adds a month after it",
      paid(later(10)),
      { type: "month_paid", purchase: true, paysFor: null, cardSaved: true },
      "extended",
      { subscriptionPeriodEnd: new Date("2027-01-01T12:00:00Z") },
    ],
    [
      "a renewal on time pays the month after the period",
      paid(ago(1), { billingIssueAt: ago(1) }),
      { type: "month_paid", purchase: false, paysFor: ago(1), cardSaved: false },
      "renewed",
      { subscriptionPeriodEnd: new Date("2026-12-20T12:00:00Z"), billingIssueAt: null },
    ],
    [
      "a renewal charged after the grace period buys a month from now",
      paid(ago(5)),
      { type: "month_paid", purchase: false, paysFor: ago(5), cardSaved: false },
      "renewed_late",
      { subscriptionPeriodEnd: new Date("2026-12-21T12:00:00Z") },
    ],
    [
      "a declined month enters its grace period",
      paid(ago(1)),
      { type: "renewal_failed" },
      "billing_issue",
      { billingIssueAt: now },
    ],
    [
      "a declined trial ends",
      { ...trial, trialEndDate: ago(0.1) },
      { type: "renewal_failed" },
      "trial_declined",
      { ...over, subscriptionStatus: "expired" },
    ],
    [
      "a month declined past its grace period ends",
      paid(ago(4)),
      { type: "renewal_failed" },
      "ended_unpaid",
      { ...over, subscriptionStatus: "expired" },
    ],
    [
      "a cancel turns renewal off",
      paid(later(5)),
      { type: "cancel", renewalInFlight: false },
      "cancelled",
      { cancelAtPeriodEnd: true, cancelledAt: now },
    ],
    [
      "a resume turns it back on",
      paid(later(5), { cancelAtPeriodEnd: true, cancelledAt: ago(1) }),
      { type: "resume" },
      "resumed",
      { cancelAtPeriodEnd: false, cancelledAt: null },
    ],
    ["an ended month is due for renewal", paid(ago(0.5)), clock(), "renewal_due", {}],
    [
      "a cancelled month ends at its end",
      paid(ago(0.5), { cancelAtPeriodEnd: true }),
      clock(),
      "ended_cancelled",
      { ...over, subscriptionStatus: "expired" },
    ],
    [
      "a month with no card to charge ends at its end",
      paid(ago(0.5)),
      clock({ hasCard: false }),
      "ended_no_card",
      { ...over, subscriptionStatus: "expired" },
    ],
    [
      "a declined month ends with its grace period",
      paid(ago(3.5), { billingIssueAt: ago(3.5) }),
      clock(),
      "ended_after_grace",
      { ...over, subscriptionStatus: "expired" },
    ],
    [
      "a month being charged is not ended",
      paid(ago(3.5), { billingIssueAt: ago(3.5) }),
      clock({ renewalInFlight: true, retryHeld: true }),
      "unchanged",
      {},
    ],
    [
      "a store entitlement keeps an ended card month active",
      paid(ago(0.5), { cancelAtPeriodEnd: true, storeEntitlementExpiresAt: later(9) }),
      clock(),
      "ended_cancelled",
      { ...over, subscriptionStatus: "active" },
    ],
  ])("%s", (_, state, event, name, changes) => {
    const next = transition(state, event, now);
    expect(next.ok && next.transition).toBe(name);
    if (next.ok) expect(next.state).toEqual({ ...state, ...changes });
  });

  it("asks for the card check's refund, and for a charge of exactly the period due", () => {
    const checked = transition(fresh, { type: "card_checked", trialSetup: true }, now);
    expect(checked.ok && checked.effects).toEqual([{ type: "refund_card_check" }]);
    const due = transition({ ...trial, trialEndDate: ago(2) }, clock(), now);
    expect(due.ok && due.effects).toEqual([{ type: "charge_renewal", renewalFor: ago(2) }]);
    expect(transition({ ...trial, trialEndDate: ago(2) }, clock({ retryHeld: true }), now)).toMatchObject({
      transition: "unchanged",
      effects: [],
    });
  });

  it.each<[string, SubscriptionState, SubscriptionEvent, string]>([
    ["cancel with nothing to cancel", fresh, { type: "cancel", renewalInFlight: false }, "no_subscription"],
    ["resume with nothing to resume", fresh, { type: "resume" }, "no_subscription"],
    [
      "cancel while the renewal is being charged",
      paid(ago(0.1)),
      { type: "cancel", renewalInFlight: true },
      "renewal_in_progress",
    ],
    [
      "resume after the period ended",
      paid(ago(0.1), { cancelAtPeriodEnd: true }),
      { type: "resume" },
      "subscription_ended",
    ],
    [
      "cancel a store subscription",
      { ...fresh, subscriptionStatus: "active", storeEntitlementExpiresAt: later(20) },
      { type: "cancel", renewalInFlight: false },
      "store_managed",
    ],
  ])("refuses to %s", (_, state, event, refusal) => {
    expect(transition(state, event, now)).toEqual({ ok: false, refusal });
  });

  it("gives access to a month's end, then only through its grace period while it is to be renewed", () => {
    expect(statusAt(paid(later(1)), now)).toBe("active");
    expect(statusAt(paid(ago(2)), now)).toBe("active");
    expect(statusAt(paid(ago(2), { cancelAtPeriodEnd: true }), now)).toBe("expired");
    expect(statusAt(paid(ago(3)), now)).toBe("expired");
    expect(statusAt({ ...trial, trialEndDate: ago(0.001) }, now)).toBe("expired");
  });

  it("is due for renewal whatever the lag until a decline, then only within the grace period", () => {
    expect(renewalDueFor(paid(ago(20)), now)).toEqual(ago(20));
    expect(renewalDueFor(paid(ago(2), { billingIssueAt: ago(2) }), now)).toEqual(ago(2));
    expect(renewalDueFor(paid(ago(4), { billingIssueAt: ago(4) }), now)).toBeNull();
    expect(renewalDueFor(paid(ago(1), { cancelAtPeriodEnd: true }), now)).toBeNull();
    expect(renewalDueFor(paid(later(1)), now)).toBeNull();
  });
});
