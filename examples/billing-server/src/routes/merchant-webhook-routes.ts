import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

/** Webhook deliveries: listed, replayed. */
export async function merchantWebhookRoutes(
  _app: FastifyInstance,
  _options: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {}
