import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { BillingContext } from "../context.js";
import { checkoutSessions, products, purchases } from "../db/schema.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";
import { discountedPlan } from "./checkout-discount.js";
import { confirmRedemption, releaseRedemptions } from "./promotion-code-reservations.js";
import { firstPeriod } from "./checkout-plan.js";
import { gatewayState, OperationErrorCode } from "./checkout-session.js";
import { ensureCustomer } from "./customers.js";
import { confirmTrial, releaseTrial } from "./trial-reservations.js";
import { grantVirtualCurrencies } from "./virtual-currencies.js";

/** What the gateway reported about a session's intent. */
export type GatewayOutcome =
  | { kind: "succeeded"; intentId: string; paymentMethodId: string | null }
  | { kind: "failed"; intentId: string; code: number; message: string };

/** Whether the outcome changed the session; replays and outcomes for other intents are "ignored". */
export type OutcomeResult = "succeeded" | "failed" | "ignored";

/**
 * Applies a gateway outcome to an operation session in one transaction (the session row is locked first, so
 * concurrent deliveries of the same event serialise). Success grants: the session succeeds, a purchase row
 * is written, the product's virtual currencies are granted and, when the product grants entitlements,
 * INITIAL_PURCHASE is enqueued; the promotion code it held counts, once. A session that already succeeded ignores
 * everything, so a replayed event grants nothing twice. A success still overrides an earlier failure of the same
 * intent: the gateway took the money (a declined card retried in the same form), and that must grant. A failure
 * applies only to a session still open, and gives back the promotion code and the free trial it held. A free trial
 * is confirmed as the customer's only one of its family; when they already have one (this session's hold lapsed and
 * another checkout's trial was recorded) the session fails with "already purchased" and grants nothing.
 *
 * @example
 * await applyGatewayOutcome(ctx, "opsess_…", { kind: "succeeded", intentId: "seti_…", paymentMethodId: "pm_…" });
 */
export async function applyGatewayOutcome(
  ctx: BillingContext,
  sessionId: string,
  outcome: GatewayOutcome,
): Promise<OutcomeResult> {
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId))
      .for("update");
    const state = session ? gatewayState(session) : null;
    if (!session || !state?.stripe || state.stripe.intentId !== outcome.intentId) return "ignored";
    const now = ctx.now();

    const holder = { projectId: session.projectId, appUserId: session.appUserId, holderId: sessionId };
    const fail = async (code: number, message: string) => {
      await tx
        .update(checkoutSessions)
        .set({ status: "failed", errorCode: code, errorMessage: message, updatedAt: now })
        .where(eq(checkoutSessions.id, sessionId));
      await releaseRedemptions(tx, holder, now);
      await releaseTrial(tx, holder, now);
      return "failed" as const;
    };

    if (outcome.kind === "failed") {
      if (session.status !== "started" && session.status !== "in_progress") return "ignored";
      return fail(outcome.code, outcome.message);
    }

    if (session.status === "succeeded") return "ignored";
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.projectId, session.projectId), eq(products.identifier, session.productId)));
    // The customer first, then the trial, then the code: the order a Test Store receipt locks them in.
    await ensureCustomer(tx, session.projectId, session.appUserId, now);
    // A trial whose hold lapsed while another checkout's trial was recorded is not a second trial: a card set up
    // took no money, so the session fails instead.
    if (state.plan.periodType === "trial" && product && !(await confirmTrial(tx, holder, product, now))) {
      return fail(
        OperationErrorCode.AlreadyPurchased,
        `The customer has already had a free trial of ${session.productId}; start a new checkout.`,
      );
    }
    await tx
      .update(checkoutSessions)
      .set({
        status: "succeeded",
        storeTransactionId: outcome.intentId,
        purchaseDate: now,
        errorCode: null,
        errorMessage: null,
        gateway: { ...state, stripe: { ...state.stripe, paymentMethodId: outcome.paymentMethodId } },
        updatedAt: now,
      })
      .where(eq(checkoutSessions.id, sessionId));

    const plan = discountedPlan(state.plan, state.discount);
    if (state.discount) {
      await confirmRedemption(
        tx,
        { projectId: session.projectId, holderId: sessionId },
        state.discount.code,
        now,
      );
    }
    const [purchase] = await tx
      .insert(purchases)
      .values({
        id: randomUUID(),
        projectId: session.projectId,
        appUserId: session.appUserId,
        productId: session.productId,
        ...firstPeriod(plan, now),
        store: "rc_billing",
        isSandbox: session.isSandbox,
        storeTransactionId: outcome.intentId,
        presentedOfferingIdentifier: session.presentedOfferingIdentifier,
      })
      .onConflictDoNothing()
      .returning();
    if (!purchase) return "succeeded";
    if (product) await grantVirtualCurrencies(tx, purchase, product.virtualCurrencyGrants, now);
    if (product && product.entitlements.length > 0) {
      await enqueueEntitlementEvent(tx, {
        type: "INITIAL_PURCHASE",
        purchase,
        entitlementIds: product.entitlements,
        at: now,
      });
    }
    return "succeeded";
  });
}
