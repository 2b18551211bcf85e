import type { purchases } from "../db/schema.js";

type PurchaseRow = typeof purchases.$inferSelect;

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

/** Wire `subscriber` of `GET /v1/subscribers/{id}` (docs/protocol.md), computed from a customer's purchases. */
export function subscriberFromPurchases(input: {
  appUserId: string;
  firstSeen: Date;
  purchases: readonly PurchaseRow[];
  /** Entitlement identifiers granted by each product id. */
  entitlementsByProduct: ReadonlyMap<string, readonly string[]>;
  /** The catalogue title of each product id, sent as a subscription's `display_name`. */
  titlesByProduct?: ReadonlyMap<string, string>;
  managementUrl: string | null;
}) {
  const byDate = [...input.purchases].sort((a, b) => a.purchaseDate.getTime() - b.purchaseDate.getTime());
  const subscriptions: Record<string, object> = {};
  const nonSubscriptions: Record<string, object[]> = {};
  const entitlementSource = new Map<string, PurchaseRow>();

  for (const p of byDate) {
    if (p.refundedAt === null) {
      for (const entitlement of input.entitlementsByProduct.get(p.productId) ?? []) {
        const current = entitlementSource.get(entitlement);
        // The purchase that grants the longest access wins; a lifetime (no expiry) beats any date.
        const [end, currentEnd] = [accessEnd(p), current ? accessEnd(current) : null];
        const longer = !current || (currentEnd !== null && (end === null || end >= currentEnd));
        if (longer) entitlementSource.set(entitlement, p);
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

  const entitlements: Record<string, object> = {};
  for (const [identifier, p] of entitlementSource) {
    entitlements[identifier] = {
      // Access continues through a billing issue's grace period.
      expires_date: iso(accessEnd(p)),
      product_identifier: p.productId,
      product_plan_identifier: p.optionId,
      purchase_date: iso(p.purchaseDate),
    };
  }

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
