import { and, eq } from "drizzle-orm";
import type { BillingContext, Caller } from "../context.js";
import { checkoutSessions, products } from "../db/schema.js";
import type { StripeOptions } from "../gateway/stripe-gateway.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import { API_KEY_KINDS } from "../kinds/api-key-kind.js";
import { checkoutPlan, elementsConfiguration, selectPurchaseOption } from "./checkout-plan.js";
import { newOperationSessionId, type CheckoutGatewayState } from "./checkout-session.js";
import { customerEmail } from "./customer-email.js";
import { ensureCustomer, validAppUserId } from "./customers.js";
import { refuseOwnedProduct } from "./owned-product.js";
import { paysByCard } from "../kinds/purchase-store.js";
import { offeredOption, trialEligibleNow } from "./trial-eligibility.js";
import { releaseCustomerTrial } from "./trial-reservations.js";

/** The body of `POST /rcbilling/v1/checkout/start`, as its route has parsed it. */
export interface StartCheckoutInput {
  app_user_id: string;
  product_id: string;
  email?: string | null;
  price_id: string;
  presented_offering_identifier?: string | null;
  trace_id?: string | null;
  metadata?: Record<string, string> | null;
  offer_id?: string | null;
  applied_targeting_rule?: { rule_id: string; revision: number } | null;
  presented_placement_identifier?: string | null;
}

export const noGateway = () =>
  badRequest(
    "No payment gateway is configured on this billing server (set STRIPE_SECRET_KEY).",
    BillingErrorCode.PaymentGatewayError,
  );

/**
 * Starts an operation session for a product's option: refuses Test Store keys (they buy through receipts), a
 * server without a gateway, an unknown product or option, and a subscription still running or a non-consumable
 * already owned; then stores the session with its plan (without the free trial when the customer has had theirs)
 * and answers what Stripe's elements need.
 */
export async function startCheckout(
  ctx: BillingContext,
  caller: Caller,
  stripe: StripeOptions | null,
  body: StartCheckoutInput,
  managementUrlOf: (appUserId: string) => string | null = () => ctx.managementUrl,
) {
  const appUserId = validAppUserId(body.app_user_id);
  const email = customerEmail(body.email);
  const { projectId, isSandbox } = caller;
  const { product, plan, gateway } = await planOf(ctx, caller, stripe, body, appUserId);

  const now = ctx.now();
  await refuseOwnedProduct(ctx.db, { projectId, appUserId }, product, now);

  const id = newOperationSessionId();
  const elements = elementsConfiguration(plan, plan.priceMicros);
  const state: CheckoutGatewayState = { plan, elementsConfiguration: elements };
  await ctx.db.transaction(async (tx) => {
    await ensureCustomer(tx, projectId, appUserId, now);
    if (plan.periodType === "trial") await releaseCustomerTrial(tx, { projectId, appUserId }, product, now);
    await tx.insert(checkoutSessions).values({
      id,
      projectId,
      appUserId,
      productId: product.identifier,
      optionId: plan.optionId,
      priceId: plan.priceId,
      email,
      status: "started",
      isSandbox,
      presentedOfferingIdentifier: body.presented_offering_identifier ?? null,
      presentedPlacementIdentifier: body.presented_placement_identifier ?? null,
      appliedTargetingRule: body.applied_targeting_rule ?? null,
      metadata: body.metadata ?? null,
      traceId: body.trace_id ?? null,
      amountMicros: plan.chargeMicros,
      currency: plan.currency,
      gateway: state,
      createdAt: now,
      updatedAt: now,
    });
  });
  return {
    operation_session_id: id,
    gateway_params: gatewayParams(gateway, elements),
    management_url: managementUrlOf(appUserId),
  };
}

/** The body of `POST /rcbilling/v1/checkout/prepare`, as its route has parsed it. */
export interface PrepareCheckoutInput {
  product_id: string;
  price_id: string;
  offer_id?: string | null;
}

/**
 * What Stripe's elements need for a product's option before any checkout exists (the express purchase button
 * draws the wallets with it; a checkout starts only when the customer presses one). Refuses what the checkout
 * start refuses about the key, the gateway, the product and the option; stores nothing. No customer is named, so
 * the option is the catalogue's, free trial included: the start's `elements_configuration` is the customer's own.
 */
export async function prepareCheckout(
  ctx: BillingContext,
  caller: Caller,
  stripe: StripeOptions | null,
  body: PrepareCheckoutInput,
) {
  const { plan, gateway } = await planOf(ctx, caller, stripe, body, null);
  return { stripe_gateway_params: gatewayParams(gateway, elementsConfiguration(plan, plan.priceMicros)) };
}

/**
 * The product and the plan of buying the option a request names, and the gateway, once the key and the gateway can
 * buy. The plan is `appUserId`'s (a free trial only when they are eligible), or the catalogue's for nobody.
 */
async function planOf(
  ctx: BillingContext,
  caller: Caller,
  stripe: StripeOptions | null,
  body: PrepareCheckoutInput,
  appUserId: string | null,
) {
  if (!paysByCard(API_KEY_KINDS[caller.keyKind].store)) {
    throw badRequest(
      "Test Store keys (test_) have no payment gateway: buy with a Test Store receipt (POST /v1/receipts).",
      BillingErrorCode.PaymentGatewayError,
    );
  }
  if (!stripe) throw noGateway();
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.projectId, caller.projectId), eq(products.identifier, body.product_id)));
  if (!product) throw badRequest(`Unknown product ${body.product_id}.`, BillingErrorCode.OfferNotFound);
  const option = selectPurchaseOption(product, { offerId: body.offer_id, priceId: body.price_id });
  const trialEligible =
    appUserId === null || (await trialEligibleNow(ctx.db, caller.projectId, appUserId, product));
  return { product, plan: checkoutPlan(product, offeredOption(option, trialEligible)), gateway: stripe };
}

const gatewayParams = (stripe: StripeOptions, elements: ReturnType<typeof elementsConfiguration>) => ({
  ...(stripe.accountId ? { stripe_account_id: stripe.accountId } : {}),
  publishable_api_key: stripe.publishableKey,
  elements_configuration: elements,
});
