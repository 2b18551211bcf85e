// The one refund path (issue #48): the merchant API's refunds of a subscription's period and of a one-time purchase
// both end here, so "money given back once, access ended once, the host app told once" is proved in one place.
import { and, eq, isNull } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { products, purchases } from "../db/schema.js";
import { gatewayState } from "../domain/checkout-session.js";
import type { StripeGateway } from "../gateway/stripe-gateway.js";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import { paysByCard } from "../kinds/purchase-store.js";
import { recordAudit } from "../access/audit-log.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";
import { applyTransition } from "./apply-transition.js";
import { renewalChainPosition } from "./next-renewal-period.js";
import { subscriptionCheckout } from "./renewal-charge.js";
import { transition, type RefusalReason } from "./subscription-machine.js";

type PurchaseRow = typeof purchases.$inferSelect;

/** Which purchase (a subscription period or a one-time purchase) to refund, when, and who asks. */
export interface RefundRequest {
  projectId: string;
  /** The purchase row's id (`billing_purchases.id`). */
  purchaseId: string;
  at: Date;
  /** The audit log's actor (`secret_key key_…`). */
  actor: string;
  /** What the audit entry is about: the purchase itself by default, or the subscription it is a period of. */
  target?: { type: "purchase" | "subscription"; id: string };
}

/** Why a refund was not made; nothing was recorded. */
export type RefundRefusalReason =
  | "purchase_missing"
  | Extract<RefusalReason, "renewal_in_progress">
  | "no_gateway"
  | "payment_missing"
  | "gateway_refused";

/** What a refund came to. `refunded` is false when the purchase had been refunded before: nothing changed. */
export type RefundOutcome =
  | { ok: true; purchase: PurchaseRow; refunded: boolean }
  | { ok: false; reason: RefundRefusalReason; status: number; message: string };

const refusal = (reason: RefundRefusalReason, status: number, message: string): RefundOutcome => ({
  ok: false,
  reason,
  status,
  message,
});

/**
 * Refunds one purchase row: a subscription's period (its refund is the subscription machine's `refund` event) or a
 * one-time purchase. A card purchase's money goes back first, through Stripe (a refund of the PaymentIntent that
 * paid for that period, keyed by the period, so a retry never refunds twice); a Test Store one, and a period that
 * took no money (a trial), only record it. Then, in one transaction with the row locked: `refunded_at`, the host
 * app's `CANCELLATION` (`cancel_reason` `CUSTOMER_SUPPORT`), and the audit entry. Access ends now; a period not
 * settled yet is settled by the worker with nothing charged. Refunding again answers the refunded row and changes
 * nothing. Stripe refusing is a refusal naming its reason, with nothing recorded.
 *
 * Stripe is called before the transaction, not inside it, so no lock is held over the network: a worker that claims
 * the period meanwhile makes the recording a `renewal_in_progress` refusal (retryable: the retry records the same
 * Stripe refund).
 *
 * @example
 * const outcome = await refundPurchase(ctx, gateway, { projectId: "realmheart", purchaseId, at: ctx.now(), actor });
 * if (!outcome.ok) throw new BillingError(outcome.status, 7226, outcome.message);
 */
export async function refundPurchase(
  ctx: Pick<BillingContext, "db">,
  gateway: StripeGateway | null,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const { db } = ctx;
  const { projectId, purchaseId, at } = request;
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.projectId, projectId), eq(purchases.id, purchaseId)));
  if (!row) return refusal("purchase_missing", 404, "No purchase has that id.");
  if (row.refundedAt !== null) return { ok: true, purchase: row, refunded: false };
  const early = decide(row, at);
  if (!early.ok) return early.refusal;

  const paid = await paymentOf(db, gateway, row);
  if (!paid.ok) return paid.refusal;
  if (paid.paymentIntentId && gateway) {
    try {
      await gateway.refundPayment({ paymentIntentId: paid.paymentIntentId, periodId: row.id, projectId });
    } catch (error) {
      if (!(error instanceof BillingError)) throw error;
      return refusal("gateway_refused", 422, error.message);
    }
  }

  return db.transaction(async (tx): Promise<RefundOutcome> => {
    const [locked] = await tx.select().from(purchases).where(eq(purchases.id, row.id)).for("update");
    if (!locked) return refusal("purchase_missing", 404, "No purchase has that id.");
    if (locked.refundedAt !== null) return { ok: true, purchase: locked, refunded: false };
    const decided = decide(locked, at);
    if (!decided.ok) return decided.refusal;
    const [product] = await tx
      .select({ entitlements: products.entitlements, virtualCurrencyGrants: products.virtualCurrencyGrants })
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, locked.productId)));
    let written: PurchaseRow | null;
    if (decided.result) {
      written = (await applyTransition(tx, locked, decided.result, { product, at }))?.period ?? null;
    } else {
      written = await refundOneTime(tx, locked, product?.entitlements ?? [], at);
    }
    // The row was locked and not refunded: only a settle by a worker between the read and the lock gets here.
    if (!written) return refusal("renewal_in_progress", 409, "The purchase changed meanwhile; try again.");
    const target = request.target ?? { type: "purchase", id: locked.id };
    await recordAudit(tx, {
      projectId,
      actor: request.actor,
      action: `${target.type}.refund`,
      targetType: target.type,
      targetId: target.id,
      before: auditView(locked, paid.paymentIntentId),
      after: auditView(written, paid.paymentIntentId),
      at,
    });
    return { ok: true, purchase: written, refunded: true };
  });
}

/** The machine's decision for a subscription period (null `result` for a one-time purchase), or its refusal. */
function decide(
  row: PurchaseRow,
  at: Date,
):
  | { ok: true; result: Extract<ReturnType<typeof transition>, { ok: true }> | null }
  | { ok: false; refusal: RefundOutcome } {
  if (row.expiresDate === null) return { ok: true, result: null };
  const result = transition(row, { type: "refund" }, at);
  if (result.ok) return { ok: true, result };
  return { ok: false, refusal: refusal("renewal_in_progress", result.status, result.message) };
}

/** The PaymentIntent that paid for `row`, or null when no money was taken (the Test Store, a trial, a free period). */
async function paymentOf(
  db: BillingDb,
  gateway: StripeGateway | null,
  row: PurchaseRow,
): Promise<{ ok: true; paymentIntentId: string | null } | { ok: false; refusal: RefundOutcome }> {
  if (!paysByCard(row.store) || row.priceMicros === 0) return { ok: true, paymentIntentId: null };
  if (!gateway) {
    return {
      ok: false,
      refusal: refusal("no_gateway", 422, "Card refunds need Stripe, which this server lacks."),
    };
  }
  const { originalTransactionId, renewalNumber } = renewalChainPosition(row.storeTransactionId);
  // A checkout's purchase is recorded under the PaymentIntent that paid for it (a trial's under its SetupIntent).
  if (renewalNumber === 0) {
    return {
      ok: true,
      paymentIntentId: row.storeTransactionId.startsWith("pi_") ? row.storeTransactionId : null,
    };
  }
  const session = await subscriptionCheckout(db, row);
  const customerId = session ? gatewayState(session)?.stripe?.customerId : undefined;
  const previousId =
    renewalNumber === 1 ? originalTransactionId : `${originalTransactionId}_renewal_${renewalNumber - 1}`;
  const [previous] = await db
    .select({ expiresDate: purchases.expiresDate })
    .from(purchases)
    .where(and(eq(purchases.projectId, row.projectId), eq(purchases.storeTransactionId, previousId)));
  let paymentIntentId: string | null = null;
  if (customerId && previous?.expiresDate) {
    try {
      paymentIntentId = await gateway.findRenewalPayment({
        customerId,
        renewalTransactionId: row.storeTransactionId,
        chargedSince: previous.expiresDate,
      });
    } catch (error) {
      if (!(error instanceof BillingError && error.code === BillingErrorCode.PaymentGatewayError))
        throw error;
      return { ok: false, refusal: refusal("gateway_refused", 422, error.message) };
    }
  }
  if (!paymentIntentId) {
    return {
      ok: false,
      refusal: refusal("payment_missing", 422, "Stripe has no successful payment for this period to refund."),
    };
  }
  return { ok: true, paymentIntentId };
}

/** Records a one-time purchase's refund: it grants nothing from now, and the host app is told. */
async function refundOneTime(
  tx: Parameters<Parameters<BillingDb["transaction"]>[0]>[0],
  row: PurchaseRow,
  entitlementIds: readonly string[],
  at: Date,
): Promise<PurchaseRow | null> {
  const [written] = await tx
    .update(purchases)
    .set({ refundedAt: at })
    .where(and(eq(purchases.id, row.id), isNull(purchases.refundedAt)))
    .returning();
  if (!written) return null;
  if (entitlementIds.length > 0) {
    await enqueueEntitlementEvent(tx, {
      type: "CANCELLATION",
      purchase: written,
      entitlementIds,
      at,
      cancelReason: "CUSTOMER_SUPPORT",
    });
  }
  return written;
}

/** What the audit log keeps of a refunded row. */
function auditView(row: PurchaseRow, paymentIntentId: string | null) {
  return {
    purchase_id: row.id,
    store_transaction_id: row.storeTransactionId,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    payment_intent: paymentIntentId,
  };
}
