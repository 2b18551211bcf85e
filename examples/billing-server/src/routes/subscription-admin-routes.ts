import type { FastifyInstance } from "fastify";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { customerInfoFor } from "../manage/management-link.js";
import { validAppUserId } from "../domain/customers.js";
import { cancelSubscription } from "../lifecycle/cancel-subscription.js";
import { parseInput } from "../http/validation.js";

const cancelParams = z.object({ appUserId: z.string(), productId: z.string().min(1).max(200) });

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Server-to-server subscription management, outside the SDK protocol: for host apps (a "cancel my plan"
 * button on their server) and tests. API keys are public (they ship in web pages), so these routes also
 * require `X-Billing-Admin-Secret` to equal the plugin's `adminSecret`; they are only registered when one is
 * configured. Browsers cannot send that header cross-origin (CORS does not allow it).
 *
 * `POST /v1/subscribers/:appUserId/subscriptions/:productId/cancel` turns renewal off (see
 * {@link cancelSubscription}) and answers the customer info.
 *
 * @example
 * await fetch(`${billing}/v1/subscribers/u1/subscriptions/premium_realm_monthly/cancel`, {
 *   method: "POST",
 *   headers: { authorization: "Bearer rcb_realmheart_local", "x-billing-admin-secret": adminSecret },
 * });
 */
export async function subscriptionAdminRoutes(
  app: FastifyInstance,
  { ctx, adminSecret }: { ctx: BillingContext; adminSecret: string },
) {
  app.post("/v1/subscribers/:appUserId/subscriptions/:productId/cancel", async (request) => {
    if (!sameSecret(request.headers["x-billing-admin-secret"], adminSecret)) {
      throw new BillingError(403, BillingErrorCode.InvalidApiKey, "Invalid admin secret.");
    }
    const params = parseInput(cancelParams, request.params);
    const appUserId = validAppUserId(params.appUserId);
    const { projectId } = request.caller;
    await cancelSubscription(ctx, { projectId, appUserId, productId: params.productId, at: ctx.now() });
    return customerInfoFor(ctx, request, projectId, appUserId);
  });
}
