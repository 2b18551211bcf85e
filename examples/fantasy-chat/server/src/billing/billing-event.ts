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
    /** When the change happened on the billing server (a retried delivery arrives later). */
    event_timestamp_ms: z.number().optional(),
    environment: z.string().optional(),
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
}

const PERIOD_TYPES: readonly string[] = ["trial", "intro", "normal"] satisfies StorePeriodType[];

/**
 * What a billing-server event does to a user (pure; the caller stores the result):
 * - `INITIAL_PURCHASE` or `RENEWAL` granting "premium": the store entitlement runs until `expiration_at_ms` (the
 *   later of what is known, so a late, out-of-order delivery never shortens it); the user is `active` while it runs.
 *   The latest period's product and `period_type` are kept, and an earlier cancellation is cleared (a period that
 *   renewed, or a new purchase, renews).
 * - `CANCELLATION` of the latest period: renewal is off (`storeCancelledAt`, the event's time); access runs to the
 *   period's end, when the lifecycle sends `EXPIRATION`. `UNCANCELLATION` clears it. Either one older than the
 *   state it would change (a retried delivery) changes nothing.
 * - `EXPIRATION` of "premium": the store entitlement ends, with its product, period and cancellation — unless a
 *   later period is already known (a renewal delivered before this older expiration). The user is `expired` unless
 *   a card-paid month still runs.
 * - `BILLING_ISSUE` and anything else: nothing changes. They are still recorded as processed.
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
  const period = latest
    ? {
        storeProductId: event.product_id ?? user.storeProductId,
        storePeriodType: periodTypeOf(event) ?? user.storePeriodType,
      }
    : {};
  const cancelledBefore = user.storeCancelledAt !== null && user.storeCancelledAt <= at;

  if (event.type === "INITIAL_PURCHASE" || event.type === "RENEWAL") {
    const expiresAt = known && known > eventExpiry ? known : eventExpiry;
    return {
      ...user,
      ...period,
      storeEntitlementExpiresAt: expiresAt,
      storeCancelledAt: cancelledBefore ? null : user.storeCancelledAt,
      subscriptionStatus: expiresAt > now ? "active" : user.subscriptionStatus,
    };
  }
  if (event.type === "CANCELLATION") {
    if (!latest || user.storeCancelledAt !== null) return user;
    return { ...user, ...period, storeCancelledAt: at };
  }
  if (event.type === "UNCANCELLATION") {
    if (!latest || !cancelledBefore) return user;
    return { ...user, ...period, storeCancelledAt: null };
  }
  if (event.type === "EXPIRATION") {
    if (!latest) return user;
    const cardRuns = user.subscriptionPeriodEnd !== null && user.subscriptionPeriodEnd > now;
    return {
      ...user,
      storeEntitlementExpiresAt: null,
      storeProductId: null,
      storePeriodType: null,
      storeCancelledAt: null,
      subscriptionStatus:
        user.subscriptionStatus === "active" && !cardRuns ? "expired" : user.subscriptionStatus,
    };
  }
  return user;
}

/** The event's `period_type` (`TRIAL`, `INTRO`, `NORMAL`), or null when absent or unknown. */
function periodTypeOf(event: BillingEvent): StorePeriodType | null {
  const type = event.period_type?.toLowerCase();
  return type !== undefined && PERIOD_TYPES.includes(type) ? (type as StorePeriodType) : null;
}
