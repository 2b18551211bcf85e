import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

/** RevenueCat v1 calls for a merchant's server: promotional grants, deleting a customer. */
export async function merchantV1Routes(
  _app: FastifyInstance,
  _options: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {}
