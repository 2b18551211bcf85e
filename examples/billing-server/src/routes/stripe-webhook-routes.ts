import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { applyGatewayOutcome, type GatewayOutcome } from "../domain/checkout-fulfilment.js";
import { OperationErrorCode } from "../domain/checkout-session.js";
import { webhookSecrets, type StripeOptions } from "../gateway/stripe-gateway.js";
import { verifyStripeSignature } from "../gateway/stripe-signature.js";
import { parseInput } from "../http/validation.js";
import { confirmRenewalPayment } from "../lifecycle/run-lifecycle.js";

const stripeError = z.object({ message: z.string().optional() }).nullable().optional();
const intent = z.object({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  payment_method: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  last_setup_error: stripeError,
  last_payment_error: stripeError,
});
const stripeEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const HANDLED = new Set([
  "setup_intent.succeeded",
  "payment_intent.succeeded",
  "setup_intent.setup_failed",
  "payment_intent.payment_failed",
]);

/** The session outcome an intent event stands for. */
function outcomeOf(type: string, object: z.infer<typeof intent>): GatewayOutcome {
  if (type.endsWith(".succeeded")) {
    const pm = object.payment_method;
    return {
      kind: "succeeded",
      intentId: object.id,
      paymentMethodId: typeof pm === "string" ? pm : (pm?.id ?? null),
    };
  }
  return type === "setup_intent.setup_failed"
    ? {
        kind: "failed",
        intentId: object.id,
        code: OperationErrorCode.SetupIntentCompletionFailed,
        message: object.last_setup_error?.message ?? "Saving the payment method failed.",
      }
    : {
        kind: "failed",
        intentId: object.id,
        code: OperationErrorCode.PaymentChargeFailed,
        message: object.last_payment_error?.message ?? "The payment failed.",
      };
}

/**
 * Stripe's webhook endpoint: public (no API key), authenticated by the `Stripe-Signature` HMAC over the raw
 * body instead. Intent events settle the operation session named in the intent's metadata, or renew the period
 * whose renewal payment the customer confirmed (`renewal_transaction_id`, `period_id`); every other
 * event, and events for intents this server did not create, are acknowledged and ignored so that Stripe
 * stops retrying them.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { ctx, stripe }: { ctx: BillingContext; stripe: StripeOptions | null },
) {
  if (!stripe) return;

  // The signature covers the exact bytes Stripe sent, so this scope keeps JSON bodies as raw text.
  // Registered inside this plugin, the parser does not reach the other routes.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  app.post("/rcbilling/v1/stripe/webhook", { config: { public: true } }, async (request) => {
    const payload = typeof request.body === "string" ? request.body : "";
    const header = request.headers["stripe-signature"];
    const failure = verifyStripeSignature({
      header: Array.isArray(header) ? header[0] : header,
      payload,
      secret: webhookSecrets(stripe),
      now: ctx.now(),
    });
    if (failure) {
      throw badRequest(`Invalid Stripe-Signature (${failure}).`, BillingErrorCode.BadRequest);
    }
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      throw badRequest("The webhook body is not JSON.");
    }
    const event = parseInput(stripeEvent, json);
    if (!HANDLED.has(event.type)) return { received: true, result: "ignored" };
    const object = parseInput(intent, event.data.object);
    const renewal = object.metadata?.renewal_transaction_id ? object.metadata : null;
    if (renewal?.period_id && renewal.project_id && event.type === "payment_intent.succeeded") {
      // A renewal the customer confirmed on the hosted page (SCA).
      const renewed = await confirmRenewalPayment(ctx, {
        projectId: renewal.project_id,
        periodId: renewal.period_id,
        paymentIntentId: object.id,
      });
      request.log.info({ eventId: event.id, type: event.type, renewed }, "stripe webhook: renewal");
      return { received: true, result: renewed ? "renewed" : "ignored" };
    }
    const sessionId = object.metadata?.operation_session_id;
    if (!sessionId) return { received: true, result: "ignored" };
    const result = await applyGatewayOutcome(ctx, sessionId, outcomeOf(event.type, object));
    request.log.info({ eventId: event.id, type: event.type, sessionId, result }, "stripe webhook");
    return { received: true, result };
  });
}
