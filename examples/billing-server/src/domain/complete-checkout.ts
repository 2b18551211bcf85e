import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { checkoutSessions, products } from "../db/schema.js";
import type { StripeGateway } from "../gateway/stripe-gateway.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import {
  assertOpen,
  findSession,
  gatewayState,
  storedTax,
  type CheckoutGatewayState,
  type CheckoutSessionRow,
  type StripeSessionState,
} from "./checkout-session.js";
import { discountedPlan } from "./checkout-discount.js";
import { reserveDiscount } from "./promotion-code-reservations.js";
import { customerEmail } from "./customer-email.js";
import { toMinorUnits } from "./money.js";
import { noGateway } from "./start-checkout.js";
import { reserveCheckoutTrial } from "./trial-reservations.js";

/**
 * Completes an open session into a Stripe SetupIntent (nothing to charge now: a free trial) or PaymentIntent,
 * with the email given now or at the start (7879 without one), and marks it in progress. The session succeeds or
 * fails when Stripe's webhook says so.
 */
export async function completeCheckout(
  ctx: BillingContext,
  gateway: StripeGateway | null,
  projectId: string,
  id: string,
  body: { email?: string | null },
) {
  const session = await findSession(ctx.db, projectId, id);
  assertOpen(session);
  const email = customerEmail(body.email) ?? session.email;
  if (!email) {
    throw badRequest("Email is required to complete the purchase.", BillingErrorCode.EmailRequired);
  }
  if (!gateway) throw noGateway();
  const state = gatewayState(session);
  if (state.plan.periodType === "trial" && !state.stripe) await reserveTrial(ctx, session);
  if (state.discount && !state.stripe) {
    // The code may have expired, or its hold lapsed and the code was used up since it was applied: check it
    // again, and hold it afresh, before money is asked for.
    const { code } = state.discount;
    await ctx.db.transaction((tx) =>
      reserveDiscount(tx, { projectId, holderId: session.id }, code, {
        productId: session.productId,
        chargeMicros: state.plan.chargeMicros,
        currency: state.plan.currency,
        now: ctx.now(),
      }),
    );
  }
  const stripeState = await ensureIntent(ctx, gateway, session, state, email);
  await ctx.db
    .update(checkoutSessions)
    .set({
      status: "in_progress",
      email,
      gateway: { ...state, stripe: stripeState },
      updatedAt: ctx.now(),
    })
    .where(
      and(
        eq(checkoutSessions.id, session.id),
        or(eq(checkoutSessions.status, "started"), eq(checkoutSessions.status, "in_progress")),
      ),
    );
  return { operation_session_id: session.id, gateway_params: { client_secret: stripeState.clientSecret } };
}

/**
 * Holds the customer's free trial for the session before its SetupIntent is made, or refuses (7232): they have had a
 * trial of its family since the start (another checkout or a receipt of theirs got it first, or an identify moved
 * the session to a customer who had one), or another checkout of theirs holds it right now (see
 * `trial-reservations.ts`). A new checkout starts them in the next phase.
 */
async function reserveTrial(ctx: BillingContext, session: CheckoutSessionRow): Promise<void> {
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.projectId, session.projectId), eq(products.identifier, session.productId)));
  if (!product) return;
  const holder = { projectId: session.projectId, appUserId: session.appUserId, holderId: session.id };
  await ctx.db.transaction((tx) => reserveCheckoutTrial(tx, holder, product, ctx.now()));
}

/**
 * The session's Stripe intent: the one already created (its amount brought up to date when tax changed
 * since), else a new one for a customer reused from the app user's earlier sessions or created now.
 */
async function ensureIntent(
  ctx: BillingContext,
  stripeGateway: StripeGateway,
  session: CheckoutSessionRow,
  state: CheckoutGatewayState,
  email: string,
): Promise<StripeSessionState> {
  const plan = discountedPlan(state.plan, state.discount);
  const tax = storedTax(session);
  // Tax was calculated on the first paid price, which is what a PaymentIntent charges now.
  const amount = toMinorUnits(
    plan.chargeMicros === 0 ? 0 : (tax?.totalMicros ?? plan.chargeMicros),
    plan.currency,
  );
  const existing = state.stripe;
  if (existing) {
    if (existing.intentType === "setup_intent" || existing.amount === amount) return existing;
    const updated = await stripeGateway.updatePaymentIntentAmount({
      operationSessionId: session.id,
      intentId: existing.intentId,
      amount,
    });
    return { ...existing, amount: updated.amount };
  }
  const customerId =
    (await previousStripeCustomer(ctx, session)) ??
    (await stripeGateway.createCustomer({
      operationSessionId: session.id,
      email,
      appUserId: session.appUserId,
      projectId: session.projectId,
    }));
  const intent =
    plan.chargeMicros === 0
      ? await stripeGateway.createSetupIntent({ operationSessionId: session.id, customerId })
      : await stripeGateway.createPaymentIntent({
          operationSessionId: session.id,
          customerId,
          amount,
          currency: plan.currency,
          setupFutureUsage: plan.productType === "subscription" ? "off_session" : null,
        });
  return {
    customerId,
    intentId: intent.id,
    intentType: intent.type,
    clientSecret: intent.clientSecret,
    amount: intent.amount,
  };
}

/** The Stripe customer of the app user's latest checkout, so that one person keeps one Stripe customer. */
async function previousStripeCustomer(
  ctx: BillingContext,
  session: CheckoutSessionRow,
): Promise<string | null> {
  const customerId = sql<string | null>`${checkoutSessions.gateway} -> 'stripe' ->> 'customerId'`;
  const [row] = await ctx.db
    .select({ customerId })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.projectId, session.projectId),
        eq(checkoutSessions.appUserId, session.appUserId),
        isNotNull(customerId),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}
