import { randomUUID } from "node:crypto";
import type { BillingDb } from "../db/database.js";
import { webhookOutbox, type purchases } from "../db/schema.js";
import { environmentOf } from "../kinds/api-key-kind.js";

/** Entitlement changes delivered to the host app (a move between customers is a TRANSFER event). */
export type EntitlementEventType =
  "INITIAL_PURCHASE" | "RENEWAL" | "CANCELLATION" | "UNCANCELLATION" | "EXPIRATION" | "BILLING_ISSUE";

type PurchaseRow = typeof purchases.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** Why a `CANCELLATION` was sent when it is not the customer turning renewal off: RevenueCat's `cancel_reason`. */
export type CancelReason = "CUSTOMER_SUPPORT";

/**
 * Writes an entitlement event into the outbox, inside the caller's transaction, so the event exists exactly
 * when the change it describes was committed. The outbox worker delivers it. A refund's `CANCELLATION` carries
 * `cancel_reason: "CUSTOMER_SUPPORT"` and ends access at once: its `expiration_at_ms` is the refund's moment, so a host
 * app does not keep access to the period's end.
 */
export async function enqueueEntitlementEvent(
  tx: Tx | BillingDb,
  input: {
    type: EntitlementEventType;
    purchase: PurchaseRow;
    entitlementIds: readonly string[];
    at: Date;
    cancelReason?: CancelReason;
  },
): Promise<string> {
  const { type, purchase, entitlementIds, at, cancelReason } = input;
  return enqueueWebhookEvent(tx, purchase.projectId, at, {
    type,
    app_user_id: purchase.appUserId,
    product_id: purchase.productId,
    entitlement_ids: entitlementIds,
    period_type: purchase.periodType.toUpperCase(),
    purchased_at_ms: purchase.purchaseDate.getTime(),
    expiration_at_ms: cancelReason ? at.getTime() : (purchase.expiresDate?.getTime() ?? null),
    ...(cancelReason ? { cancel_reason: cancelReason } : {}),
    // While a billing issue's grace period runs, the entitlement lasts to its end (RevenueCat's field name).
    ...(purchase.gracePeriodExpiresDate
      ? { grace_period_expiration_at_ms: purchase.gracePeriodExpiresDate.getTime() }
      : {}),
    store: purchase.store.toUpperCase(),
    environment: environmentOf(purchase.isSandbox),
    transaction_id: purchase.storeTransactionId,
    price_in_micros: purchase.priceMicros,
    currency: purchase.currency,
  });
}

/**
 * Writes a TRANSFER event into the outbox, inside the caller's transaction: what an anonymous customer had
 * (purchases, balances) moved to the id they signed in with (`POST /v1/subscribers/identify`), so a host app that
 * keys entitlements by app user id moves them too.
 */
export async function enqueueTransferEvent(
  tx: Tx | BillingDb,
  input: { projectId: string; from: string; to: string; isSandbox: boolean; at: Date },
): Promise<string> {
  return enqueueWebhookEvent(tx, input.projectId, input.at, {
    type: "TRANSFER",
    app_user_id: input.to,
    transferred_from: [input.from],
    transferred_to: [input.to],
    environment: environmentOf(input.isSandbox),
  });
}

/** An event of `type` with a new id and `event_timestamp_ms`, in the outbox for the worker to deliver. */
async function enqueueWebhookEvent(
  tx: Tx | BillingDb,
  projectId: string,
  at: Date,
  event: { type: string } & Record<string, unknown>,
): Promise<string> {
  const id = randomUUID();
  const payload = { api_version: "1.0", event: { id, ...event, event_timestamp_ms: at.getTime() } };
  await tx
    .insert(webhookOutbox)
    .values({ eventId: id, projectId, type: event.type, payload, nextAttemptAt: at });
  return id;
}
