import { randomUUID } from "node:crypto";
import type { BillingDb } from "../db/database.js";
import { webhookOutbox, type purchases } from "../db/schema.js";

/** Entitlement changes delivered to the host app. */
export type EntitlementEventType =
  "INITIAL_PURCHASE" | "RENEWAL" | "CANCELLATION" | "UNCANCELLATION" | "EXPIRATION" | "BILLING_ISSUE";

type PurchaseRow = typeof purchases.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/**
 * Writes an entitlement event into the outbox, inside the caller's transaction, so the event exists exactly
 * when the change it describes was committed. The outbox worker delivers it.
 */
export async function enqueueEntitlementEvent(
  tx: Tx | BillingDb,
  input: { type: EntitlementEventType; purchase: PurchaseRow; entitlementIds: readonly string[]; at: Date },
): Promise<string> {
  const { type, purchase, entitlementIds, at } = input;
  const id = randomUUID();
  const payload = {
    api_version: "1.0",
    event: {
      id,
      type,
      app_user_id: purchase.appUserId,
      product_id: purchase.productId,
      entitlement_ids: entitlementIds,
      period_type: purchase.periodType.toUpperCase(),
      purchased_at_ms: purchase.purchaseDate.getTime(),
      expiration_at_ms: purchase.expiresDate?.getTime() ?? null,
      store: purchase.store.toUpperCase(),
      environment: purchase.isSandbox ? "SANDBOX" : "PRODUCTION",
      transaction_id: purchase.storeTransactionId,
      price_in_micros: purchase.priceMicros,
      currency: purchase.currency,
      event_timestamp_ms: at.getTime(),
    },
  };
  await tx
    .insert(webhookOutbox)
    .values({ eventId: id, projectId: purchase.projectId, type, payload, nextAttemptAt: at });
  return id;
}
