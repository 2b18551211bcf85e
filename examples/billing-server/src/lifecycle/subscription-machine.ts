// The rules of one subscription period, as a pure function of (state, event, now): what a worker, a route or a
// webhook may change on the period and what it must send. Adapters read the row, ask `transition`, and write the
// changes with the effects in one transaction, guarded so that a row another process changed meanwhile is left
// alone; SQL only picks the candidate rows.
import type { purchases, RenewalAuthentication } from "../db/schema.js";
import { BillingErrorCode } from "../http/billing-error.js";
import type { CancelReason } from "../webhooks/entitlement-event.js";

type PurchaseRow = typeof purchases.$inferSelect;

/** Retries of a declined renewal, in days after the first decline. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 5];
/** The grace period of a billing issue, in days after the first decline: access continues while payment is retried. */
export const GRACE_PERIOD_DAYS = 6;

const DAY_MS = 24 * 60 * 60_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** The part of a purchase row the lifecycle rules read and write. */
export type SubscriptionState = Pick<
  PurchaseRow,
  | "expiresDate"
  | "unsubscribeDetectedAt"
  | "billingIssuesDetectedAt"
  | "gracePeriodExpiresDate"
  | "renewalRetryAt"
  | "renewalAttempts"
  | "renewalAuthentication"
  | "refundedAt"
  | "lifecycleHandledAt"
  | "lifecycleLeaseUntil"
>;

/**
 * Where a period stands at a moment:
 *
 * - `one_time`: no expiry, not a subscription period;
 * - `settled`: its end was settled (renewed, expired, replaced or refunded): nothing about it moves any more;
 * - `refunded`: refunded and not settled yet: it grants nothing and never renews;
 * - `running`: before its expiry;
 * - `renewal_due`: ended, its renewal not tried yet;
 * - `grace`: its renewal failed and is being retried; access continues until the grace period ends;
 * - `grace_over`: the grace period ended unpaid; the next worker pass expires it.
 */
export type SubscriptionPhase =
  "one_time" | "settled" | "refunded" | "running" | "renewal_due" | "grace" | "grace_over";

/**
 * What happens to a period:
 *
 * - `due`: a worker picked up the period (ended, or its retry is due); `replaced` when a later purchase of the same
 *   product exists, `renewable` when its plan is still in the catalogue;
 * - `renewal_paid`, `renewal_declined`, `authentication_required`: what the renewal charge came to;
 * - `authentication_paid`: Stripe reports the renewal payment the customer confirmed (SCA) succeeded;
 * - `cancel`, `resume`: the customer (Manage page) or the host app turns renewal off or back on;
 * - `refund`: the merchant gave the period's money back (the merchant API): its access ends now.
 */
export type SubscriptionEvent =
  | { type: "due"; replaced: boolean; renewable: boolean }
  | { type: "renewal_paid" }
  | { type: "renewal_declined" }
  | { type: "authentication_required"; authentication: RenewalAuthentication }
  | { type: "authentication_paid"; paymentIntentId: string; renewable: boolean }
  | { type: "cancel" }
  | { type: "resume" }
  | { type: "refund" };

/** The entitlement events a transition sends to the host app. */
export type LifecycleWebhook = "RENEWAL" | "BILLING_ISSUE" | "CANCELLATION" | "UNCANCELLATION" | "EXPIRATION";

export type { CancelReason };

/**
 * What a transition asks the adapter to do besides writing the period's changes:
 *
 * - `charge_renewal`: charge the next period (attempt 0 at the period's end, then 1, 2, 3 for retries), then report
 *   the outcome as an event;
 * - `store_renewal`: store the next period starting at `startsAt` (with its virtual currencies); it does not renew
 *   when `unsubscribeDetectedAt` is set (a renewal the customer paid after cancelling);
 * - `webhook`: send the event; `RENEWAL` is about the period `store_renewal` stored, and only once it is stored; a
 *   refund's `CANCELLATION` carries `cancelReason` `CUSTOMER_SUPPORT`, as RevenueCat sends it;
 * - `mail_authentication`: tell the customer their bank wants them to confirm the renewal payment.
 */
export type SubscriptionEffect =
  | { type: "charge_renewal"; attempt: number }
  | { type: "store_renewal"; startsAt: Date; unsubscribeDetectedAt: Date | null }
  | { type: "webhook"; event: LifecycleWebhook; cancelReason?: CancelReason }
  | { type: "mail_authentication"; authentication: RenewalAuthentication };

/** Every accepted transition, by name. */
export type TransitionName =
  | "settled_silently"
  | "expired_cancelled"
  | "expired_unrenewable"
  | "expired_unpaid"
  | "charge_renewal"
  | "retry_renewal"
  | "renewed"
  | "billing_issue_opened"
  | "billing_issue_continued"
  | "authentication_requested"
  | "renewed_by_customer"
  | "renewed_late"
  | "cancelled"
  | "already_cancelled"
  | "cancelled_and_ended"
  | "resumed"
  | "already_renewing"
  | "refunded"
  | "already_refunded";

/** Why an event cannot happen to a period in its state. */
export type RefusalReason =
  | "not_a_subscription"
  | "not_due"
  | "already_settled"
  | "unknown_payment"
  | "unrenewable"
  | "no_running_subscription"
  | "renewal_in_progress";

/** A refused event: nothing changes; `status` and `code` are what a route answers. */
export interface Refusal {
  ok: false;
  reason: RefusalReason;
  status: number;
  code: number;
  message: string;
}

/** An accepted event: the period's new state, the columns that changed, and what else to do. */
export interface Transition {
  ok: true;
  name: TransitionName;
  state: SubscriptionState;
  changes: Partial<SubscriptionState>;
  effects: SubscriptionEffect[];
}

/**
 * The phase of a period at `now` (see {@link SubscriptionPhase}).
 *
 * @example
 * subscriptionPhase(period, now); // "grace"
 */
export function subscriptionPhase(state: SubscriptionState, now: Date): SubscriptionPhase {
  if (state.expiresDate === null) return "one_time";
  if (state.lifecycleHandledAt !== null) return "settled";
  if (state.refundedAt !== null) return "refunded";
  if (now < state.expiresDate) return "running";
  if (state.billingIssuesDetectedAt === null) return "renewal_due";
  return state.gracePeriodExpiresDate !== null && now < state.gracePeriodExpiresDate ? "grace" : "grace_over";
}

const REFUSALS: Record<RefusalReason, { status: number; code: number; message: string }> = {
  not_a_subscription: {
    status: 400,
    code: BillingErrorCode.BadRequest,
    message: "A one-time purchase has no subscription lifecycle.",
  },
  not_due: {
    status: 409,
    code: BillingErrorCode.BadRequest,
    message: "The period has not reached its renewal.",
  },
  already_settled: {
    status: 409,
    code: BillingErrorCode.BadRequest,
    message: "The end of this period has already been settled.",
  },
  unknown_payment: {
    status: 409,
    code: BillingErrorCode.BadRequest,
    message: "The payment is not the renewal payment waiting on this period.",
  },
  unrenewable: {
    status: 409,
    code: BillingErrorCode.BadRequest,
    message: "The period's plan is no longer in the catalogue.",
  },
  no_running_subscription: {
    status: 404,
    code: BillingErrorCode.BadRequest,
    message: "No running subscription of this product for this customer.",
  },
  renewal_in_progress: {
    status: 409,
    code: BillingErrorCode.BadRequest,
    message: "A renewal payment of this subscription is being taken right now; try again in a minute.",
  },
};

const refuse = (reason: RefusalReason): Refusal => ({ ok: false, reason, ...REFUSALS[reason] });

function accept(
  name: TransitionName,
  state: SubscriptionState,
  changes: Partial<SubscriptionState>,
  effects: SubscriptionEffect[] = [],
): Transition {
  return { ok: true, name, state: { ...state, ...changes }, changes, effects };
}

const webhook = (event: LifecycleWebhook): SubscriptionEffect => ({ type: "webhook", event });

/**
 * The changes that settle a period at `now`. A grace period still running ends then: its renewal is paid (the next
 * period gives access), or nothing is retried any more.
 */
function settle(state: SubscriptionState, now: Date): Partial<SubscriptionState> {
  const graceRuns = state.gracePeriodExpiresDate !== null && state.gracePeriodExpiresDate > now;
  return {
    lifecycleHandledAt: now,
    lifecycleLeaseUntil: null,
    ...(graceRuns ? { gracePeriodExpiresDate: now } : {}),
  };
}

/**
 * A declined renewal, or one whose payment the bank wants the customer to confirm (SCA), on a period that has ended
 * and is not settled: the billing issue opens or continues, and the next look at the period is scheduled.
 */
function billingIssue(
  state: SubscriptionState,
  event: Extract<SubscriptionEvent, { type: "renewal_declined" | "authentication_required" }>,
  now: Date,
): Transition {
  const opened = state.billingIssuesDetectedAt === null;
  const issueAt = state.billingIssuesDetectedAt ?? now;
  const graceEnd = state.gracePeriodExpiresDate ?? addDays(issueAt, GRACE_PERIOD_DAYS);
  const attempts = state.renewalAttempts + 1;
  const retryDays = RENEWAL_RETRY_DAYS[attempts - 1];
  const waitsForCustomer = event.type === "authentication_required";
  // A payment waiting for the customer is not retried off-session: the next look is at the grace period's end.
  const retryAt = !waitsForCustomer && retryDays !== undefined ? addDays(issueAt, retryDays) : graceEnd;
  const changes: Partial<SubscriptionState> = {
    billingIssuesDetectedAt: issueAt,
    gracePeriodExpiresDate: graceEnd,
    renewalRetryAt: retryAt < graceEnd ? retryAt : graceEnd,
    renewalAttempts: attempts,
    lifecycleLeaseUntil: null,
  };
  const issue = opened ? [webhook("BILLING_ISSUE")] : [];
  if (!waitsForCustomer) {
    return accept(opened ? "billing_issue_opened" : "billing_issue_continued", state, changes, issue);
  }
  const authentication = event.authentication;
  return accept("authentication_requested", state, { ...changes, renewalAuthentication: authentication }, [
    ...issue,
    { type: "mail_authentication", authentication },
  ]);
}

/**
 * The lifecycle rules of one subscription period: what `event` does to a period in `state` at `now`, or why it
 * cannot happen. Pure: no I/O, no clock.
 *
 * A worker's `due` settles a refunded or replaced period with nothing sent, expires (`EXPIRATION`) a cancelled one,
 * one whose plan left the catalogue or whose grace period ended unpaid, and otherwise asks for the renewal to be
 * charged. Settling a period ends a grace period still running: the renewal was paid, or nothing is retried any more.
 * A paid renewal settles the period and stores the next one (`RENEWAL`); a decline opens (`BILLING_ISSUE`,
 * once) or continues the billing issue: access continues for {@link GRACE_PERIOD_DAYS} days from the first decline
 * and the charge is retried {@link RENEWAL_RETRY_DAYS} days after it; a payment the bank wants confirmed (SCA) waits
 * for the customer until the grace period ends, without retries. A confirmed payment renews, also after the period
 * expired (from then: money taken always grants). Cancelling a running period turns renewal off (`CANCELLATION`);
 * cancelling one that has ended and is not settled yet (its renewal not tried yet, or being retried in the grace
 * period, or unpaid at the grace period's end) ends it at once (`CANCELLATION`, `EXPIRATION`): no retry follows, no
 * unpaid access is granted, and a renewal the customer pays afterwards does not renew again. Resuming turns renewal
 * back on for a running period only. A refund ends the period's access at once, in any phase (an ended period's
 * money can be given back too): `refunded_at` is set and the host app gets a `CANCELLATION` with `cancel_reason`
 * `CUSTOMER_SUPPORT`; a period not settled yet is then settled by the worker with nothing charged or sent. Refunding
 * again changes nothing and sends nothing; a refund waits while a worker takes the period's renewal payment.
 *
 * @example
 * const result = transition(period, { type: "cancel" }, now);
 * if (!result.ok) throw new BillingError(result.status, result.code, result.message);
 * result.effects; // [{ type: "webhook", event: "CANCELLATION" }]
 */
export function transition(
  state: SubscriptionState,
  event: SubscriptionEvent,
  now: Date,
): Transition | Refusal {
  const { expiresDate } = state;
  if (expiresDate === null) return refuse("not_a_subscription");
  const phase = subscriptionPhase(state, now);
  switch (event.type) {
    case "due": {
      if (phase === "settled") return refuse("already_settled");
      if (now < expiresDate || (state.renewalRetryAt !== null && now < state.renewalRetryAt))
        return refuse("not_due");
      const settled = settle(state, now);
      if (phase === "refunded" || event.replaced) return accept("settled_silently", state, settled);
      const expiry =
        state.unsubscribeDetectedAt !== null
          ? "expired_cancelled"
          : !event.renewable
            ? "expired_unrenewable"
            : phase === "grace_over"
              ? "expired_unpaid"
              : null;
      if (expiry) return accept(expiry, state, settled, [webhook("EXPIRATION")]);
      return accept(state.renewalAttempts === 0 ? "charge_renewal" : "retry_renewal", state, {}, [
        { type: "charge_renewal", attempt: state.renewalAttempts },
      ]);
    }
    case "renewal_paid": {
      if (phase === "settled") return refuse("already_settled");
      if (now < expiresDate) return refuse("not_due");
      return accept("renewed", state, settle(state, now), [
        { type: "store_renewal", startsAt: expiresDate, unsubscribeDetectedAt: null },
        webhook("RENEWAL"),
      ]);
    }
    case "renewal_declined":
    case "authentication_required": {
      if (phase === "settled") return refuse("already_settled");
      if (now < expiresDate) return refuse("not_due");
      return billingIssue(state, event, now);
    }
    case "authentication_paid": {
      if (state.renewalAuthentication?.paymentIntentId !== event.paymentIntentId)
        return refuse("unknown_payment");
      if (!event.renewable) return refuse("unrenewable");
      const store = (startsAt: Date): SubscriptionEffect => ({
        type: "store_renewal",
        startsAt,
        unsubscribeDetectedAt: state.unsubscribeDetectedAt,
      });
      if (phase === "settled") {
        // The subscription ended before the customer paid: the paid period starts now.
        return accept("renewed_late", state, {}, [
          store(expiresDate < now ? now : expiresDate),
          webhook("RENEWAL"),
        ]);
      }
      return accept("renewed_by_customer", state, settle(state, now), [
        store(expiresDate),
        webhook("RENEWAL"),
      ]);
    }
    case "cancel": {
      if (phase === "running") {
        return state.unsubscribeDetectedAt !== null
          ? accept("already_cancelled", state, {})
          : accept("cancelled", state, { unsubscribeDetectedAt: now }, [webhook("CANCELLATION")]);
      }
      if (phase !== "renewal_due" && phase !== "grace" && phase !== "grace_over")
        return refuse("no_running_subscription");
      // A cancelled period past its end only waits for the worker to expire it.
      if (state.unsubscribeDetectedAt !== null) return accept("already_cancelled", state, {});
      // A worker is charging the renewal: the charge must be settled first, or money could be taken for nothing.
      if (state.lifecycleLeaseUntil !== null && now < state.lifecycleLeaseUntil)
        return refuse("renewal_in_progress");
      return accept("cancelled_and_ended", state, { unsubscribeDetectedAt: now, ...settle(state, now) }, [
        webhook("CANCELLATION"),
        webhook("EXPIRATION"),
      ]);
    }
    case "resume": {
      if (phase === "running") {
        return state.unsubscribeDetectedAt === null
          ? accept("already_renewing", state, {})
          : accept("resumed", state, { unsubscribeDetectedAt: null }, [webhook("UNCANCELLATION")]);
      }
      if ((phase === "renewal_due" || phase === "grace") && state.unsubscribeDetectedAt === null)
        return accept("already_renewing", state, {});
      return refuse("no_running_subscription");
    }
    case "refund": {
      if (state.refundedAt !== null) return accept("already_refunded", state, {});
      // The renewal being charged would be taken after the refund and renew the period it ended.
      if (phase !== "settled" && state.lifecycleLeaseUntil !== null && now < state.lifecycleLeaseUntil)
        return refuse("renewal_in_progress");
      return accept("refunded", state, { refundedAt: now }, [
        { type: "webhook", event: "CANCELLATION", cancelReason: "CUSTOMER_SUPPORT" },
      ]);
    }
  }
}
