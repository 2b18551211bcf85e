import { z } from "zod";
import type { StorePeriodType, StoredSubscriptionStatus } from "../db/schema.js";

/** The billing server's entitlement that makes a Realmheart user premium. */
export const PREMIUM_ENTITLEMENT = "premium";

/** A purchase without an end (a lifetime product) is stored as lasting until this date. */
export const NO_EXPIRY = new Date("9999-12-31T00:00:00Z");

/** The fields of a billing-server webhook the app reads (examples/billing-server/README.md, "Host-app webhooks"). */
export const billingWebhookBody = z.object({
  event: z.object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(50),
    app_user_id: z.string().max(256),
    entitlement_ids: z.array(z.string()).default([]),
    product_id: z.string().max(200).optional(),
    period_type: z.string().max(20).optional(),
    expiration_at_ms: z.number().nullable().optional(),
    /** A BILLING_ISSUE's end of the grace period, while which the entitlement stays active. */
    grace_period_expiration_at_ms: z.number().nullable().optional(),
    /** When the change happened on the billing server (a retried delivery arrives later). */
    event_timestamp_ms: z.number().optional(),
    environment: z.string().optional(),
    /** Why a CANCELLATION was sent: `CUSTOMER_SUPPORT` is a refund, which ends access at once. */
    cancel_reason: z.string().max(50).optional(),
  }),
});

/** A billing-server event, as read. */
export type BillingEvent = z.infer<typeof billingWebhookBody>["event"];

/**
 * Whether an event's environment counts for this deployment. With a production SDK key (`rcb_…`), sandbox and Test
 * Store events are ignored: the public `test_` key lets anyone post a Test Store receipt for any user id, which
 * must not make anyone premium in production. With a `test_` or `rcb_sb_` key (a demo or staging deployment)
 * every event counts.
 *
 * @example
 * countsInEnvironment("rcb_live_key", "SANDBOX"); // false
 */
export function countsInEnvironment(sdkApiKey: string, environment: string | undefined): boolean {
  const production = sdkApiKey.startsWith("rcb_") && !sdkApiKey.startsWith("rcb_sb_");
  return !production || environment === "PRODUCTION";
}

/** The user fields an event may change. */
export interface PremiumState {
  subscriptionStatus: StoredSubscriptionStatus;
  /** The card-paid month's end (this app's own payments). */
  subscriptionPeriodEnd: Date | null;
  storeEntitlementExpiresAt: Date | null;
  storeProductId: string | null;
  storePeriodType: StorePeriodType | null;
  storeCancelledAt: Date | null;
  storeRenewalChangedAt: Date | null;
  storeBillingIssueAt: Date | null;
  storeTrialEndsAt: Date | null;
  storeTrialConvertedAt: Date | null;
}

const PERIOD_TYPES: readonly string[] = ["trial", "intro", "normal"] satisfies StorePeriodType[];

/**
 * What a billing-server event does to a user (pure; the subscription machine's `store_event` stores the result):
 * - `INITIAL_PURCHASE` or `RENEWAL` granting "premium": the store entitlement runs until `expiration_at_ms` (the
 *   later of what is known, so a late, out-of-order delivery never shortens it); the user is `active` while it runs.
 *   The latest period's product and `period_type` are kept, a billing issue is over, and an earlier cancellation is
 *   cleared (a period that renewed, or a new purchase, renews). A `TRIAL` period records the trial's end; a paid
 *   period after it records the conversion.
 * - `CANCELLATION` of the latest period: renewal is off (`storeCancelledAt`, the event's time); access runs to the
 *   period's end, when the lifecycle sends `EXPIRATION`. `UNCANCELLATION` clears it. Either one older than the last
 *   change of renewal it would undo (a retried delivery) changes nothing.
 * - `BILLING_ISSUE` of the latest period: past due (`storeBillingIssueAt`); access runs through the grace period
 *   (`grace_period_expiration_at_ms`) while the billing server retries.
 * - A refund (`CANCELLATION` with `cancel_reason` `CUSTOMER_SUPPORT`, from the merchant API) of the latest product:
 *   access ends now, as at `EXPIRATION` (its `expiration_at_ms` is the refund's moment, before the period's end).
 * - `EXPIRATION` of "premium": the store entitlement ends, with its product, period, cancellation and billing issue —
 *   unless a later period is already known (a renewal delivered before this older expiration). The user is
 *   `expired` unless a card-paid month still runs.
 * - Anything else: nothing changes. It is still recorded as processed.
 *
 * @example
 * applyBillingEvent(user, { type: "RENEWAL", entitlement_ids: ["premium"], expiration_at_ms: … }, now);
 */
export function applyBillingEvent(user: PremiumState, event: BillingEvent, now: Date): PremiumState {
  if (!event.entitlement_ids.includes(PREMIUM_ENTITLEMENT)) return user;
  const eventExpiry = event.expiration_at_ms == null ? NO_EXPIRY : new Date(event.expiration_at_ms);
  const at = event.event_timestamp_ms == null ? now : new Date(event.event_timestamp_ms);
  const known = user.storeEntitlementExpiresAt;
  const latest = known === null || eventExpiry >= known;
  const periodType = periodTypeOf(event);
  const period = latest
    ? {
        storeProductId: event.product_id ?? user.storeProductId,
        storePeriodType: periodType ?? user.storePeriodType,
      }
    : {};
  const cancelledBefore = user.storeCancelledAt !== null && user.storeCancelledAt <= at;
  // A change of renewal older than the last one (a retried delivery) is stale.
  const staleRenewalChange = user.storeRenewalChangedAt !== null && at < user.storeRenewalChangedAt;

  if (event.type === "INITIAL_PURCHASE" || event.type === "RENEWAL") {
    const expiresAt = known && known > eventExpiry ? known : eventExpiry;
    const trialEnds = periodType === "trial" ? (user.storeTrialEndsAt ?? eventExpiry) : user.storeTrialEndsAt;
    const converted = periodType !== null && periodType !== "trial" && user.storeTrialEndsAt !== null;
    return {
      ...user,
      ...period,
      storeEntitlementExpiresAt: expiresAt,
      storeCancelledAt: cancelledBefore ? null : user.storeCancelledAt,
      storeBillingIssueAt: latest ? null : user.storeBillingIssueAt,
      storeTrialEndsAt: trialEnds,
      storeTrialConvertedAt: converted ? (user.storeTrialConvertedAt ?? at) : user.storeTrialConvertedAt,
      subscriptionStatus: expiresAt > now ? "active" : user.subscriptionStatus,
    };
  }
  if (event.type === "CANCELLATION" && event.cancel_reason === REFUND_REASON) {
    const sameProduct = event.product_id === undefined || event.product_id === user.storeProductId;
    return sameProduct ? endStoreEntitlement(user, now) : user;
  }
  if (event.type === "CANCELLATION") {
    if (!latest || user.storeCancelledAt !== null || staleRenewalChange) return user;
    return { ...user, ...period, storeCancelledAt: at, storeRenewalChangedAt: at };
  }
  if (event.type === "UNCANCELLATION") {
    if (!latest || !cancelledBefore || staleRenewalChange) return user;
    return { ...user, ...period, storeCancelledAt: null, storeRenewalChangedAt: at };
  }
  if (event.type === "BILLING_ISSUE") {
    if (!latest || user.storeBillingIssueAt !== null) return user;
    const graceEnd =
      event.grace_period_expiration_at_ms == null ? null : new Date(event.grace_period_expiration_at_ms);
    const expiresAt = known && graceEnd && graceEnd > known ? graceEnd : known;
    return {
      ...user,
      storeBillingIssueAt: at,
      storeEntitlementExpiresAt: expiresAt,
      subscriptionStatus: expiresAt && expiresAt > now ? "active" : user.subscriptionStatus,
    };
  }
  if (event.type === "EXPIRATION") return latest ? endStoreEntitlement(user, now) : user;
  return user;
}

/** The billing server's `cancel_reason` of a refund. */
const REFUND_REASON = "CUSTOMER_SUPPORT";

/** The store entitlement ended (expired or refunded): expired, unless a card-paid month still runs. */
function endStoreEntitlement(user: PremiumState, now: Date): PremiumState {
  const cardRuns = user.subscriptionPeriodEnd !== null && user.subscriptionPeriodEnd > now;
  return {
    ...user,
    storeEntitlementExpiresAt: null,
    storeProductId: null,
    storePeriodType: null,
    storeCancelledAt: null,
    storeBillingIssueAt: null,
    subscriptionStatus:
      user.subscriptionStatus === "active" && !cardRuns ? "expired" : user.subscriptionStatus,
  };
}

/** The event's `period_type` (`TRIAL`, `INTRO`, `NORMAL`), or null when absent or unknown. */
function periodTypeOf(event: BillingEvent): StorePeriodType | null {
  const type = event.period_type?.toLowerCase();
  return type !== undefined && PERIOD_TYPES.includes(type) ? (type as StorePeriodType) : null;
}
