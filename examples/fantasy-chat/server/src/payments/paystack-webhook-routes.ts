import type { FastifyInstance } from "fastify";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/api-error.js";
import { installRawBodyParser, rawBodyOf } from "../http/raw-body.js";
import { unstorableField } from "../http/validate.js";
import { isPaymentGatewayError } from "./gateways/payment-gateway.js";
import { parsePaystackTransaction } from "./gateways/paystack-gateway.js";
import { findPayment } from "./payment-store.js";
import { settleFromTransaction } from "./settle-payment.js";

const webhookBody = z.object({ event: z.string(), data: z.unknown().optional() });

/**
 * Paystack's signature over a webhook: the hex HMAC-SHA512 of the raw body keyed with the secret key.
 *
 * @example
 * paystackSignature(rawBody, secretKey); // "3c9f…" (128 hex characters)
 */
export function paystackSignature(body: Buffer | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(body).digest("hex");
}

/** Constant-time check of an `x-paystack-signature` header. */
export function isValidPaystackSignature(body: Buffer, secretKey: string, header: unknown): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(paystackSignature(body, secretKey));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const invalidSignature = () => new ApiError(401, "Invalid webhook signature", "invalid_signature");

/**
 * `POST /api/webhooks/paystack`: Paystack's server-to-server notifications. The body is read raw and its
 * `x-paystack-signature` checked before anything else (401 and nothing changes when it is wrong or missing, or when
 * no Paystack key is configured). `charge.success` settles the payment with that reference exactly as verification
 * does, so a replayed or duplicate webhook has no second effect. Other events, and references the app did not
 * create, are acknowledged and ignored. Exempt from the cross-origin check: it authenticates by signature and
 * carries no cookies.
 *
 * @example
 * await api.register(paystackWebhookRoutes, { ctx });
 */
export async function paystackWebhookRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  installRawBodyParser(app);

  app.post("/webhooks/paystack", { config: { allowCrossOrigin: true } }, async (request) => {
    const secretKey = ctx.config.paystack?.secretKey;
    const raw = rawBodyOf(request.body);
    if (!secretKey || !isValidPaystackSignature(raw, secretKey, request.headers["x-paystack-signature"])) {
      throw invalidSignature();
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new ApiError(400, "The request body is not valid JSON", "invalid_json");
    }
    const body = webhookBody.safeParse(json);
    if (!body.success || unstorableField(json) !== null)
      throw new ApiError(400, "Not a Paystack event", "validation_error");
    if (body.data.event !== "charge.success") return { received: true };

    let transaction;
    try {
      transaction = parsePaystackTransaction(body.data.data);
    } catch (error) {
      if (isPaymentGatewayError(error))
        throw new ApiError(400, "Not a Paystack transaction", "validation_error");
      throw error;
    }
    const payment = await findPayment(ctx.db, transaction.reference);
    if (payment && payment.gateway === "paystack") await settleFromTransaction(ctx, payment, transaction);
    return { received: true };
  });
}
