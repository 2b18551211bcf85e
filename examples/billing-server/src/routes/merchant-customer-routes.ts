import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

/** RevenueCat v2 customers, their entitlements, subscriptions and purchases. */
export async function merchantCustomerRoutes(
  _app: FastifyInstance,
  _options: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {}
