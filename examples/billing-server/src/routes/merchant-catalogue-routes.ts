import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

/** RevenueCat v2 catalogue: products, entitlements, offerings and packages, kept as catalogue versions. */
export async function merchantCatalogueRoutes(
  _app: FastifyInstance,
  _options: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {}
