import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { managementUrlFor } from "../manage/management-link.js";
import { calculateCheckoutTax, refreshCheckoutPricing } from "../domain/calculate-checkout-tax.js";
import { findSession, operationResponse } from "../domain/checkout-session.js";
import { completeCheckout } from "../domain/complete-checkout.js";
import { prepareCheckout, startCheckout } from "../domain/start-checkout.js";
import { StripeGateway, type StripeOptions } from "../gateway/stripe-gateway.js";
import { parseInput } from "../http/validation.js";

const identifier = z.string().min(1).max(200);
const optionalText = z.string().max(200).nullable().optional();

const startBody = z.object({
  app_user_id: z.string(), // its rule is validAppUserId's, answered with 7220
  product_id: identifier,
  email: z.string().max(1000).nullable().optional(),
  price_id: identifier,
  presented_offering_identifier: optionalText,
  trace_id: optionalText,
  // A null value is how the peer SDK's `PurchaseMetadata` says "no value": accepted, and not stored.
  metadata: z
    .record(z.string().min(1).max(100), z.string().max(500).nullable())
    .refine((m) => Object.keys(m).length <= 50, "at most 50 metadata entries")
    .transform((m) =>
      Object.fromEntries(Object.entries(m).filter((entry): entry is [string, string] => entry[1] !== null)),
    )
    .nullable()
    .optional(),
  offer_id: identifier.nullable().optional(),
  applied_targeting_rule: z
    .object({ rule_id: z.string().max(200), revision: z.number().int() })
    .nullable()
    .optional(),
  presented_placement_identifier: optionalText,
});
const prepareBody = z.object({
  product_id: identifier,
  price_id: identifier,
  offer_id: identifier.nullable().optional(),
});
const sessionParams = z.object({ id: z.string().min(1).max(100) });
const taxBody = z
  .object({
    country_code: z.string().max(10).nullable().optional(),
    postal_code: z.string().max(20).nullable().optional(),
  })
  .nullable()
  .optional();
const pricingBody = z
  .object({
    country_code: z.string().max(10).nullable().optional(),
    postal_code: z.string().max(20).nullable().optional(),
    // Sent by the peer SDK; the built-in tax table locates tax by country and postal code alone.
    state: z.string().max(100).nullable().optional(),
    city: z.string().max(200).nullable().optional(),
    address_line1: z.string().max(500).nullable().optional(),
    address_line2: z.string().max(500).nullable().optional(),
    discount_code: z.string().max(100).nullable().optional(),
  })
  .nullable()
  .optional();
const completeBody = z
  .object({ email: z.string().max(1000).nullable().optional() })
  .nullable()
  .optional();

/**
 * The Web Billing checkout: prepare Stripe's elements for an option before any checkout (the express purchase
 * button), start an operation session, calculate tax for the billing address (and apply a
 * promotion code), complete it
 * into a Stripe SetupIntent (free trial) or PaymentIntent, and report its status. The session succeeds or
 * fails when Stripe's webhook says so (`stripe-webhook-routes.ts`). The rules are in `domain/`.
 */
export async function checkoutRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: BillingContext; stripe: StripeOptions | null },
) {
  const gateway = stripe ? new StripeGateway(stripe) : null;

  app.post("/rcbilling/v1/checkout/start", async (request) =>
    startCheckout(ctx, request.caller, stripe, parseInput(startBody, request.body), (appUserId) =>
      managementUrlFor(ctx, request, request.caller.projectId, appUserId),
    ),
  );

  app.post("/rcbilling/v1/checkout/prepare", async (request) =>
    prepareCheckout(ctx, request.caller, stripe, parseInput(prepareBody, request.body)),
  );

  app.post("/rcbilling/v1/checkout/:id/calculate_taxes", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    const body = parseInput(taxBody, request.body) ?? {};
    return calculateCheckoutTax(ctx, request.caller.projectId, id, body);
  });

  app.patch("/rcbilling/v1/checkout/:id", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    const body = parseInput(pricingBody, request.body) ?? {};
    return refreshCheckoutPricing(ctx, request.caller.projectId, id, body);
  });

  app.post("/rcbilling/v1/checkout/:id/complete", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    const body = parseInput(completeBody, request.body) ?? {};
    return completeCheckout(ctx, gateway, request.caller.projectId, id, body);
  });

  app.get("/rcbilling/v1/checkout/:id", async (request) => {
    const { id } = parseInput(sessionParams, request.params);
    return operationResponse(await findSession(ctx.db, request.caller.projectId, id));
  });
}
