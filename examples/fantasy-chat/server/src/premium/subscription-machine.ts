// A user's subscription as one state machine: what each event does to it, at a given moment, as a pure function.
// The workers (renewals, expiry), the payment settlement, the Subscription screen's actions and the billing
// server's webhooks all change a subscription through `transition`, and every reader asks `statusAt`, so "premium"
// never depends on whether a worker has run yet.
import type { users } from "../db/schema.js";
import { applyBillingEvent, type BillingEvent } from "./billing-event.js";
import { addMonths, graceEnd, trialEndFrom } from "./money.js";

/** The columns of a user that make up their subscription. */
export type SubscriptionState = Pick<
  typeof users.$inferSelect,
  | "subscriptionStatus"
  | "trialEndDate"
  | "paymentMethodSetup"
  | "subscriptionPeriodEnd"
  | "cancelAtPeriodEnd"
  | "cancelledAt"
  | "billingIssueAt"
  | "storeEntitlementExpiresAt"
  | "storeProductId"
  | "storePeriodType"
  | "storeCancelledAt"
  | "storeRenewalChangedAt"
  | "storeBillingIssueAt"
  | "storeTrialEndsAt"
  | "storeTrialConvertedAt"
>;

const COLUMNS = [
  "subscriptionStatus",
  "trialEndDate",
  "paymentMethodSetup",
  "subscriptionPeriodEnd",
  "cancelAtPeriodEnd",
  "cancelledAt",
  "billingIssueAt",
  "storeEntitlementExpiresAt",
  "storeProductId",
  "storePeriodType",
  "storeCancelledAt",
  "storeRenewalChangedAt",
  "storeBillingIssueAt",
  "storeTrialEndsAt",
  "storeTrialConvertedAt",
] as const satisfies readonly (keyof SubscriptionState)[];

/**
 * Only the subscription's columns of a state (a user row read whole carries the rest too), to store them.
 *
 * @example
 * await tx.update(users).set(subscriptionColumns(next.state)).where(eq(users.id, id));
 */
export function subscriptionColumns(state: SubscriptionState): SubscriptionState {
  return Object.fromEntries(COLUMNS.map((key) => [key, state[key]])) as SubscriptionState;
}

/** What the status is at a moment, as clients see it: "active" is premium. */
export type SubscriptionStatus = "trial" | "active" | "expired";

/**
 * What can happen to a subscription. Facts only the database knows (is a renewal being charged, is a card saved)
 * come with the event, read under the user's row lock.
 */
export type SubscriptionEvent =
  /** A card check succeeded: the card is saved; a trial setup's also starts the one free trial. */
  | { type: "card_checked"; trialSetup: boolean }
  /**
   * A month's R99 succeeded: a purchase (`purchase`), or a renewal or past-due card update paying for the period
   * ending at `paysFor`. `cardSaved`: the payment left a reusable card.
   */
  | { type: "month_paid"; purchase: boolean; paysFor: Date | null; cardSaved: boolean }
  /** The charge renewing the running trial or month failed (declined, refused, or never completed). */
  | { type: "renewal_failed" }
  /** The customer cancels (renewal off); `renewalInFlight`: the worker is charging this period now. */
  | { type: "cancel"; renewalInFlight: boolean }
  /** The customer undoes a cancellation. */
  | { type: "resume" }
  /**
   * A worker looks at the subscription: is anything due or over? `hasCard`: a card this gateway can charge is
   * saved; `renewalInFlight`: the worker's charge of the period is pending; `retryHeld`: the period has a live
   * payment (pending or paid, a card update the customer has open included) or was tried in the last day.
   */
  | { type: "clock"; hasCard: boolean; renewalInFlight: boolean; retryHeld: boolean }
  /** An entitlement event from the billing server (its checkout's subscriptions). */
  | { type: "store_event"; event: BillingEvent };

/** Every change a subscription can go through, by name. */
export type TransitionName =
  | "trial_started"
  | "card_saved"
  | "subscribed"
  | "extended"
  | "renewed"
  | "renewed_late"
  | "billing_issue"
  | "trial_declined"
  | "ended_unpaid"
  | "cancelled"
  | "resumed"
  | "renewal_due"
  | "ended_cancelled"
  | "ended_no_card"
  | "ended_after_grace"
  | "store_changed"
  | "unchanged";

/** What the caller must do besides storing the new state. */
export type SubscriptionEffect =
  /** Refund the R1.00 card check that saved the card. */
  | { type: "refund_card_check" }
  /** Charge the saved card R99 for the period ending at `renewalFor` (the trial's end or the month's). */
  | { type: "charge_renewal"; renewalFor: Date };

/** Why the customer's action is refused (the API's error codes). */
export type SubscriptionRefusal =
  "no_subscription" | "store_managed" | "renewal_in_progress" | "subscription_ended";

/** The outcome of an event: the next state, the transition's name and its effects, or a refusal. */
export type SubscriptionStep =
  | { ok: true; transition: TransitionName; state: SubscriptionState; effects: SubscriptionEffect[] }
  | { ok: false; refusal: SubscriptionRefusal };

const step = (
  transition: TransitionName,
  state: SubscriptionState,
  effects: SubscriptionEffect[] = [],
): SubscriptionStep => ({ ok: true, transition, state, effects });
const refuse = (refusal: SubscriptionRefusal): SubscriptionStep => ({ ok: false, refusal });

/**
 * Applies one event at `now` (see {@link SubscriptionEvent}); pure. The rules (docs/product.md, "Money rules"):
 * a trial with a card is charged at its end, a paid month at its end; a declined month keeps access through its
 * 3-day grace period while retried daily, a declined trial ends; a month charged after its grace period (the
 * workers were down) buys a month from the charge; a cancellation ends access at the period's end; every success
 * adds exactly one month after the latest paid or overdue period.
 *
 * @example
 * const next = transition(user, { type: "renewal_failed" }, now);
 * if (next.ok) await store(next.state); // { transition: "billing_issue", … }
 */
export function transition(state: SubscriptionState, event: SubscriptionEvent, now: Date): SubscriptionStep {
  switch (event.type) {
    case "card_checked":
      return cardChecked(state, event.trialSetup, now);
    case "month_paid":
      return monthPaid(state, event, now);
    case "renewal_failed":
      return renewalFailed(state, now);
    case "cancel":
      return cancel(state, event.renewalInFlight, now);
    case "resume":
      return resume(state, now);
    case "clock":
      return clock(state, event, now);
    case "store_event": {
      const next = applyBillingEvent(state, event.event, now);
      return next === state ? step("unchanged", state) : step("store_changed", { ...state, ...next });
    }
  }
}

function cardChecked(state: SubscriptionState, trialSetup: boolean, now: Date): SubscriptionStep {
  const effects: SubscriptionEffect[] = [{ type: "refund_card_check" }];
  // One trial per account: it starts with the first trial setup, never again.
  const startsTrial = trialSetup && state.trialEndDate === null && state.subscriptionStatus === "trial";
  if (startsTrial) {
    return step(
      "trial_started",
      { ...state, paymentMethodSetup: true, trialEndDate: trialEndFrom(now) },
      effects,
    );
  }
  return step("card_saved", { ...state, paymentMethodSetup: true }, effects);
}

/**
 * The latest period a payment can pay after: the running (or overdue, within its grace) paid month, else the
 * period a renewal names while its grace runs; null when nothing is owed (a new month starts now).
 */
function anchorOf(state: SubscriptionState, paysFor: Date | null, now: Date): Date | null {
  const periodEnd = state.subscriptionStatus === "active" ? state.subscriptionPeriodEnd : null;
  // The month still gives access (running, or in its grace period while it is to be renewed): a payment follows it.
  const month =
    periodEnd && (now < periodEnd || (!state.cancelAtPeriodEnd && now < graceEnd(periodEnd)))
      ? periodEnd
      : null;
  const named = paysFor && now < graceEnd(paysFor) ? paysFor : null;
  if (month && named) return month > named ? month : named;
  return month ?? named;
}

function monthPaid(
  state: SubscriptionState,
  event: Extract<SubscriptionEvent, { type: "month_paid" }>,
  now: Date,
): SubscriptionStep {
  const anchor = anchorOf(state, event.paysFor, now);
  const name: TransitionName = event.purchase
    ? anchor
      ? "extended"
      : "subscribed"
    : anchor
      ? "renewed"
      : "renewed_late";
  return step(name, {
    ...state,
    subscriptionStatus: "active",
    // Exactly one month per payment: after the latest period owed, or from now when none is.
    subscriptionPeriodEnd: addMonths(anchor ?? now, 1),
    paymentMethodSetup: state.paymentMethodSetup || event.cardSaved,
    billingIssueAt: null,
    // A new purchase starts a subscription that renews.
    ...(event.purchase ? { cancelAtPeriodEnd: false } : {}),
  });
}

function renewalFailed(state: SubscriptionState, now: Date): SubscriptionStep {
  const periodEnd = state.subscriptionStatus === "active" ? state.subscriptionPeriodEnd : null;
  if (periodEnd && now < graceEnd(periodEnd) && !state.cancelAtPeriodEnd) {
    return step("billing_issue", { ...state, billingIssueAt: state.billingIssueAt ?? now });
  }
  if (state.subscriptionStatus === "trial") return step("trial_declined", ended(state, now));
  if (state.subscriptionStatus === "active" && state.subscriptionPeriodEnd) {
    return step("ended_unpaid", ended(state, now));
  }
  return step("unchanged", state);
}

/**
 * Where a subscription is paid: `card` (a trial with a saved card, or a card-paid month, until a worker has ended
 * it), `store` (only the billing server's entitlement), or null; with that period's end.
 *
 * @example
 * sourceOf(user, now); // { source: "card", periodEnd: 2026-12-28T12:00:00.000Z }
 */
export function sourceOf(
  state: SubscriptionState,
  now: Date,
): { source: "card" | "store" | null; periodEnd: Date | null } {
  if (state.subscriptionStatus === "trial" && state.paymentMethodSetup && state.trialEndDate) {
    return { source: "card", periodEnd: state.trialEndDate };
  }
  if (state.subscriptionStatus === "active" && state.subscriptionPeriodEnd) {
    return { source: "card", periodEnd: state.subscriptionPeriodEnd };
  }
  if (statusAt(state, now) === "active")
    return { source: "store", periodEnd: state.storeEntitlementExpiresAt };
  return { source: null, periodEnd: null };
}

function cancel(state: SubscriptionState, renewalInFlight: boolean, now: Date): SubscriptionStep {
  const { source, periodEnd } = sourceOf(state, now);
  if (source === "store") return refuse("store_managed");
  if (source !== "card" || !periodEnd) return refuse("no_subscription");
  if (state.cancelAtPeriodEnd) return step("unchanged", state);
  // A charge under way cannot be stopped: the customer is never told a charge will not happen when it may.
  if (renewalInFlight) return refuse("renewal_in_progress");
  return step("cancelled", { ...state, cancelAtPeriodEnd: true, cancelledAt: now });
}

function resume(state: SubscriptionState, now: Date): SubscriptionStep {
  const { source, periodEnd } = sourceOf(state, now);
  if (source === "store") return refuse("store_managed");
  if (source !== "card" || !periodEnd) return refuse("no_subscription");
  if (!state.cancelAtPeriodEnd) return step("unchanged", state);
  if (periodEnd <= now) return refuse("subscription_ended");
  return step("resumed", { ...state, cancelAtPeriodEnd: false, cancelledAt: null });
}

/**
 * The period whose renewal is due at `now`, or null: a trial with a card at its end; a paid month at its end,
 * however late (a month no worker charged is charged late, never given away), and while declined only within its
 * grace period. Never for a cancelled subscription.
 *
 * @example
 * renewalDueFor(user, now); // 2026-11-28T12:00:00.000Z (the trial's end)
 */
export function renewalDueFor(state: SubscriptionState, now: Date): Date | null {
  if (state.cancelAtPeriodEnd) return null;
  if (state.subscriptionStatus === "trial") {
    return state.paymentMethodSetup && state.trialEndDate && state.trialEndDate <= now
      ? state.trialEndDate
      : null;
  }
  const periodEnd = state.subscriptionStatus === "active" ? state.subscriptionPeriodEnd : null;
  if (!periodEnd || periodEnd > now) return null;
  return state.billingIssueAt === null || now < graceEnd(periodEnd) ? periodEnd : null;
}

function clock(
  state: SubscriptionState,
  facts: Extract<SubscriptionEvent, { type: "clock" }>,
  now: Date,
): SubscriptionStep {
  const due = renewalDueFor(state, now);
  if (due && facts.hasCard && !facts.retryHeld) {
    return step("renewal_due", state, [{ type: "charge_renewal", renewalFor: due }]);
  }
  if (state.subscriptionStatus === "trial") {
    const over = state.trialEndDate !== null && state.trialEndDate <= now;
    return over && state.cancelAtPeriodEnd
      ? step("ended_cancelled", ended(state, now))
      : step("unchanged", state);
  }
  const periodEnd = state.subscriptionStatus === "active" ? state.subscriptionPeriodEnd : null;
  if (!periodEnd || periodEnd > now) return step("unchanged", state);
  if (state.cancelAtPeriodEnd) return step("ended_cancelled", ended(state, now));
  if (!facts.hasCard) return step("ended_no_card", ended(state, now));
  // Past its grace period and not being charged: declined, or never charged — never left active unpaid.
  if (now >= graceEnd(periodEnd) && !facts.renewalInFlight)
    return step("ended_after_grace", ended(state, now));
  return step("unchanged", state);
}

/** A subscription whose card-paid period (or trial) has ended: `expired`, unless the billing server's runs. */
function ended(state: SubscriptionState, now: Date): SubscriptionState {
  const storeActive = state.storeEntitlementExpiresAt !== null && state.storeEntitlementExpiresAt > now;
  return {
    ...state,
    subscriptionStatus: storeActive ? "active" : "expired",
    subscriptionPeriodEnd: null,
    cancelAtPeriodEnd: false,
    billingIssueAt: null,
  };
}

/**
 * The status in effect at `now`, whether or not a worker has stored it yet: a trial is over at its end; a card-paid
 * month gives access until its end, and past it only through its grace period while it is still to be renewed
 * (not cancelled); then whatever the billing server's entitlement gives. A stored `active` with neither period is an
 * entitlement with no end.
 *
 * @example
 * statusAt({ subscriptionStatus: "active", subscriptionPeriodEnd: fourDaysAgo, … }, now); // "expired"
 */
export function statusAt(
  state: Pick<
    SubscriptionState,
    | "subscriptionStatus"
    | "trialEndDate"
    | "subscriptionPeriodEnd"
    | "cancelAtPeriodEnd"
    | "storeEntitlementExpiresAt"
  >,
  now: Date,
): SubscriptionStatus {
  if (state.subscriptionStatus === "trial") {
    return state.trialEndDate !== null && now > state.trialEndDate ? "expired" : "trial";
  }
  if (state.subscriptionStatus === "expired") return "expired";
  const periodEnd = state.subscriptionPeriodEnd;
  if (periodEnd && (now < periodEnd || (!state.cancelAtPeriodEnd && now < graceEnd(periodEnd))))
    return "active";
  const store = state.storeEntitlementExpiresAt;
  if (store !== null) return store > now ? "active" : "expired";
  return periodEnd ? "expired" : "active";
}

/** Premium means an active subscription at `now`: unlimited messages and the premium characters. */
export function isPremiumAt(state: Parameters<typeof statusAt>[0], now: Date): boolean {
  return statusAt(state, now) === "active";
}
