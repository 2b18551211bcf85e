import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import type { StripeOptions } from "../gateway/stripe-gateway.js";

/** RevenueCat v2 subscriptions and purchases: read, cancel, refund. */
export async function merchantSubscriptionRoutes(
  _app: FastifyInstance,
  _options: { ctx: BillingContext; api: MerchantApi; stripe: StripeOptions | null },
): Promise<void> {}
