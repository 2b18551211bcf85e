import type { FastifyInstance } from "fastify";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { BillingErrorCode, badRequest } from "../billing-error.js";
import type { BillingContext } from "../context.js";
import { checkoutSessions, products, projects, purchases } from "../db/schema.js";
import { checkoutPlan, elementsConfiguration, selectPurchaseOption } from "../domain/checkout-plan.js";
import {
  assertOpen,
  findSession,
  gatewayState,
  newOperationSessionId,
  operationResponse,
  storedTax,
  type CheckoutGatewayState,
  type CheckoutSessionRow,
  type StripeSessionState,
} from "../domain/checkout-session.js";
import { ensureCustomer, validAppUserId } from "../domain/customers.js";
import { toMinorUnits } from "../domain/money.js";
import { calculateTax } from "../domain/tax-table.js";
import { StripeGateway, type StripeOptions } from "../gateway/stripe-gateway.js";
import { parseInput } from "../validation.js";

const identifier = z.string().min(1).max(200);
const optionalText = z.string().max(200).nullable().optional();

const startBody = z.object({
  app_user_id: z.string(), // its rule is validAppUserId's, answered with 7220
  product_id: identifier,
  email: z.string().max(1000).nullable().optional(),
  price_id: identifier,
  presented_offering_identifier: optionalText,
  trace_id: optionalText,
  metadata: z
    .record(z.string().min(1).max(100), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 metadata entries")
    .nullable()
    .optional(),
  offer_id: identifier.nullable().optional(),
  applied_targeting_rule: z
    .object({ rule_id: z.string().max(200), revision: z.number().int() })
    .nullable()
    .optional(),
  presented_placement_identifier: optionalText,
});
const sessionParams = z.object({ id: z.string().min(1).max(100) });
const taxBody = z
  .object({
    country_code: z.string().max(10).nullable().optional(),
    postal_code: z.string().max(20).nullable().optional(),
  })
  .nullable()
  .optional();
const completeBody = z
  .object({ email: z.string().max(1000).nullable().optional() })
  .nullable()
  .optional();

// Deliberately loose (one @, a dot in the domain, no spaces): the mailbox is proven by the receipt email,
// not by a pattern.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A trimmed email, null when absent or blank; 7012 when it does not look like an email. */
function emailFrom(value: string | null | undefined): string | null {
  const email = value?.trim() ?? "";
  if (email === "") return null;
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) {
    throw badRequest(
      `Email ${email.slice(0, 100)} is not valid. Please provide a valid email address.`,
      BillingErrorCode.InvalidEmail,
    );
  }
  return email;
}

const noGateway = () =>
  badRequest(
    "No payment gateway is configured on this billing server (set STRIPE_SECRET_KEY).",
    BillingErrorCode.PaymentGatewayError,
  );

/**
 * The Web Billing checkout: start an operation session, calculate tax for the billing address, complete it
 * into a Stripe SetupIntent (free trial) or PaymentIntent, and report its status. The session succeeds or
 * fails when Stripe's webhook says so (`stripe-webhook-routes.ts`).
 */
export async function checkoutRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: BillingContext; stripe: StripeOptions | null },
) {
  const gateway = stripe ? new StripeGateway(stripe) : null;

  app.post("/rcbilling/v1/checkout/start", async (request) => {
    const body = parseInput(startBody, request.body);
    const appUserId = validAppUserId(body.app_user_id);
    const email = emailFrom(body.email);
    const { projectId, keyKind, isSandbox } = request.caller;
    if (keyKind === "test_store") {
      throw badRequest(
        "Test Store keys (test_) have no payment gateway: buy with a Test Store receipt (POST /v1/receipts).",
        BillingErrorCode.PaymentGatewayError,
      );
    }
    if (!stripe) throw noGateway();

    const [product] = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, body.product_id)));
    if (!product) throw badRequest(`Unknown product ${body.product_id}.`, BillingErrorCode.OfferNotFound);
    const plan = checkoutPlan(
      product,
      selectPurchaseOption(product, { offerId: body.offer_id, priceId: body.price_id }),
    );

    const now = ctx.now();
    if (product.productType !== "consumable") {
      // A subscription still running, or a non-consumable already owned, cannot be bought again.
      const [owned] = await ctx.db
        .select({ id: purchases.id })
        .from(purchases)
        .where(
          and(
            eq(purchases.projectId, projectId),
            eq(purchases.appUserId, appUserId),
            eq(purchases.productId, product.identifier),
            isNull(purchases.refundedAt),
            or(isNull(purchases.expiresDate), gt(purchases.expiresDate, now)),
          ),
        )
        .limit(1);
      if (owned) {
        throw badRequest(
          product.productType === "subscription"
            ? "The customer is already subscribed to this product."
            : "The customer already owns this product.",
          BillingErrorCode.AlreadySubscribed,
        );
      }
    }

    const id = newOperationSessionId();
    const elements = elementsConfiguration(plan, plan.priceMicros);
    const state: CheckoutGatewayState = { plan, elementsConfiguration: elements };
    await ctx.db.transaction(async (tx) => {
      await ensureCustomer(tx, projectId, appUserId, now);
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
      gateway_params: {
        ...(stripe.accountId ? { stripe_account_id: stripe.accountId } : {}),
        publishable_api_key: stripe.publishableKey,
        elements_configuration: elements,
      },
      management_url: ctx.managementUrl,
    };
  });

  app.post("/rcbilling/v1/checkout/:id/calculate_taxes", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    const body = parseInput(taxBody, request.body) ?? {};
    const session = await findSession(ctx.db, request.caller.projectId, id);
    assertOpen(session);
    const { plan } = gatewayState(session);
    const [project] = await ctx.db
      .select({ branding: projects.branding })
      .from(projects)
      .where(eq(projects.id, session.projectId));
    const enabled =
      (project?.branding as { gateway_tax_collection_enabled?: boolean } | undefined)
        ?.gateway_tax_collection_enabled === true;
    const result = enabled
      ? calculateTax(
          { countryCode: body.country_code, postalCode: body.postal_code },
          plan.priceMicros,
          plan.currency,
        )
      : ({ ok: false, reason: "tax_collection_disabled" } as const);
    // The latest answer is what the customer sees, so it replaces any earlier calculation, a failure included.
    await ctx.db
      .update(checkoutSessions)
      .set({ tax: result.ok ? result : null, updatedAt: ctx.now() })
      .where(eq(checkoutSessions.id, session.id));
    const taxMicros = result.ok ? result.taxAmountMicros : 0;
    const totalMicros = plan.priceMicros + taxMicros;
    return {
      operation_session_id: session.id,
      currency: plan.currency,
      tax_inclusive: false,
      total_amount_in_micros: totalMicros,
      tax_amount_in_micros: taxMicros,
      total_excluding_tax_in_micros: plan.priceMicros,
      pricing_phases: { base: { tax_breakdown: result.ok ? result.lines : [] } },
      gateway_params: { elements_configuration: elementsConfiguration(plan, totalMicros) },
      failed_reason: result.ok ? null : result.reason,
    };
  });

  app.post("/rcbilling/v1/checkout/:id/complete", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    const body = parseInput(completeBody, request.body) ?? {};
    const session = await findSession(ctx.db, request.caller.projectId, id);
    assertOpen(session);
    const email = emailFrom(body.email) ?? session.email;
    if (!email) {
      throw badRequest("Email is required to complete the purchase.", BillingErrorCode.EmailRequired);
    }
    if (!gateway) throw noGateway();
    const state = gatewayState(session);
    const stripeState = await ensureIntent(gateway, session, state, email);
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
  });

  app.get("/rcbilling/v1/checkout/:id", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    return operationResponse(await findSession(ctx.db, request.caller.projectId, id));
  });

  /**
   * The session's Stripe intent: the one already created (its amount brought up to date when tax changed
   * since), else a new one for a customer reused from the app user's earlier sessions or created now.
   */
  async function ensureIntent(
    stripeGateway: StripeGateway,
    session: CheckoutSessionRow,
    state: CheckoutGatewayState,
    email: string,
  ): Promise<StripeSessionState> {
    const { plan } = state;
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
      (await previousStripeCustomer(session)) ??
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
  async function previousStripeCustomer(session: CheckoutSessionRow): Promise<string | null> {
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
}
