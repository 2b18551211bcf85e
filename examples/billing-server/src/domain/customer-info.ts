import type { promotionalGrants, purchases } from "../db/schema.js";

type PurchaseRow = typeof purchases.$inferSelect;
type GrantRow = typeof promotionalGrants.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * When a purchase's access ends: its expiry, or the end of the grace period of a renewal being retried; null (never)
 * for a one-time purchase.
 */
export function accessEnd<P extends PurchaseRow>(p: P): P["expiresDate"] {
  return p.expiresDate !== null &&
    p.gracePeriodExpiresDate !== null &&
    p.gracePeriodExpiresDate > p.expiresDate
    ? p.gracePeriodExpiresDate
    : p.expiresDate;
}

/**
 * The product id customer info files a promotional grant under, as RevenueCat does: `rc_promo_premium_monthly`, or
 * `rc_promo_premium_custom` for one granted until a date.
 */
export function promotionalProductId(grant: Pick<GrantRow, "entitlement" | "duration">): string {
  return `rc_promo_${grant.entitlement}_${grant.duration}`;
}

/**
 * Wire `subscriber` of `GET /v1/subscribers/{id}` (docs/protocol.md), computed from a customer's purchases and
 * promotional grants.
 */
export function subscriberFromPurchases(input: {
  appUserId: string;
  firstSeen: Date;
  purchases: readonly PurchaseRow[];
  /** Entitlement identifiers granted by each product id. */
  entitlementsByProduct: ReadonlyMap<string, readonly string[]>;
  /** The catalogue title of each product id, sent as a subscription's `display_name`. */
  titlesByProduct?: ReadonlyMap<string, string>;
  managementUrl: string | null;
  /** The customer's promotional grants; revoked ones are left out of the answer. */
  grants?: readonly GrantRow[];
}) {
  const byDate = [...input.purchases].sort((a, b) => a.purchaseDate.getTime() - b.purchaseDate.getTime());
  const subscriptions: Record<string, object> = {};
  const nonSubscriptions: Record<string, object[]> = {};
  const entitlementSource = new Map<string, { end: Date | null; wire: object }>();
  // What grants the longest access wins; a lifetime (no expiry) beats any date, and a later source wins a tie.
  const offer = (entitlement: string, end: Date | null, wire: object) => {
    const current = entitlementSource.get(entitlement);
    const longer = !current || (current.end !== null && (end === null || end >= current.end));
    if (longer) entitlementSource.set(entitlement, { end, wire });
  };

  for (const p of byDate) {
    if (p.refundedAt === null) {
      for (const entitlement of input.entitlementsByProduct.get(p.productId) ?? []) {
        offer(entitlement, accessEnd(p), {
          // Access continues through a billing issue's grace period.
          expires_date: iso(accessEnd(p)),
          product_identifier: p.productId,
          product_plan_identifier: p.optionId,
          purchase_date: iso(p.purchaseDate),
        });
      }
    }
    if (p.expiresDate === null) {
      (nonSubscriptions[p.productId] ??= []).push({
        id: p.id,
        purchase_date: iso(p.purchaseDate),
        original_purchase_date: iso(p.originalPurchaseDate),
        store: p.store,
        is_sandbox: p.isSandbox,
        store_transaction_id: p.storeTransactionId,
      });
    } else {
      // Later purchases of the same product replace earlier ones: the latest period is what counts.
      subscriptions[p.productId] = {
        purchase_date: iso(p.purchaseDate),
        original_purchase_date: iso(p.originalPurchaseDate),
        expires_date: iso(p.expiresDate),
        store: p.store,
        is_sandbox: p.isSandbox,
        unsubscribe_detected_at: iso(p.unsubscribeDetectedAt),
        billing_issues_detected_at: iso(p.billingIssuesDetectedAt),
        grace_period_expires_date: iso(p.gracePeriodExpiresDate),
        refunded_at: iso(p.refundedAt),
        period_type: p.periodType,
        ownership_type: "PURCHASED",
        store_transaction_id: p.storeTransactionId,
        management_url: input.managementUrl,
        product_plan_identifier: p.optionId,
        display_name: input.titlesByProduct?.get(p.productId) ?? null,
        // The wire carries what was paid in whole units of the currency (99 for R99), as purchases-js reads it.
        price: { amount: p.priceMicros / 1_000_000, currency: p.currency },
        // Subscriptions here are never paused, so none waits to resume.
        auto_resume_date: null,
      };
    }
  }

  const grants = (input.grants ?? [])
    .filter((g) => g.revokedAt === null)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const g of grants) {
    const productId = promotionalProductId(g);
    // A grant reads as a subscription of the `promotional` store, which the SDK shows as active and never renewing;
    // it has no price, plan or page to manage it on.
    subscriptions[productId] = {
      purchase_date: iso(g.startsAt),
      original_purchase_date: iso(g.startsAt),
      expires_date: iso(g.expiresAt),
      store: "promotional",
      is_sandbox: false,
      unsubscribe_detected_at: null,
      billing_issues_detected_at: null,
      grace_period_expires_date: null,
      refunded_at: null,
      period_type: "normal",
      ownership_type: "PURCHASED",
      store_transaction_id: g.id,
      management_url: null,
      product_plan_identifier: null,
      display_name: null,
      price: null,
      auto_resume_date: null,
    };
    offer(g.entitlement, g.expiresAt, {
      expires_date: iso(g.expiresAt),
      product_identifier: productId,
      purchase_date: iso(g.startsAt),
    });
  }

  const entitlements: Record<string, object> = {};
  for (const [identifier, { wire }] of entitlementSource) entitlements[identifier] = wire;

  return {
    entitlements,
    subscriptions,
    non_subscriptions: nonSubscriptions,
    first_seen: iso(input.firstSeen),
    original_app_user_id: input.appUserId,
    original_purchase_date: iso(byDate[0]?.originalPurchaseDate ?? null),
    management_url: byDate.length > 0 ? input.managementUrl : null,
  };
}
