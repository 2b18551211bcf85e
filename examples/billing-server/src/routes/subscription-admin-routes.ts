import type { FastifyInstance } from "fastify";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { customerInfoFor, manageLink, requestManageBase } from "../manage/management-link.js";
import { MANAGEMENT_LINK_TTL_MS } from "../manage/manage-token.js";
import { validAppUserId } from "../domain/customers.js";
import { cancelSubscription } from "../lifecycle/cancel-subscription.js";
import { parseInput } from "../http/validation.js";

const cancelParams = z.object({ appUserId: z.string(), productId: z.string().min(1).max(200) });
const customerParams = z.object({ appUserId: z.string() });

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Server-to-server subscription management, outside the SDK protocol: for host apps (a "cancel my plan" or "manage
 * my subscription" button on their server) and tests. API keys are public (they ship in web pages), so these routes
 * also require `X-Billing-Admin-Secret` to equal the plugin's `adminSecret` (403 otherwise); they are only
 * registered when one is configured. Browsers cannot send that header cross-origin (CORS does not allow it).
 *
 * - `POST /v1/subscribers/:appUserId/subscriptions/:productId/cancel` turns renewal off (see
 *   {@link cancelSubscription}) and answers the customer info.
 * - `POST /v1/subscribers/:appUserId/management_url` mints an access link to the customer's hosted Manage page
 *   (receipts, cancel, resume, confirm a payment), working one hour: `{ management_url, expires_at_ms }`. The URL is
 *   under `management.publicUrl` (else this request's origin); 404 when the hosted page is off. Hand it only to the
 *   signed-in customer it names.
 *
 * @example
 * const answer = await fetch(`${billing}/v1/subscribers/u1/management_url`, {
 *   method: "POST",
 *   headers: { authorization: "Bearer rcb_realmheart_local", "x-billing-admin-secret": adminSecret },
 * });
 * const { management_url } = await answer.json();
 */
export async function subscriptionAdminRoutes(
  app: FastifyInstance,
  { ctx, adminSecret }: { ctx: BillingContext; adminSecret: string },
) {
  app.addHook("preHandler", async (request) => {
    if (!sameSecret(request.headers["x-billing-admin-secret"], adminSecret)) {
      throw new BillingError(403, BillingErrorCode.InvalidApiKey, "Invalid admin secret.");
    }
  });

  app.post("/v1/subscribers/:appUserId/subscriptions/:productId/cancel", async (request) => {
    const params = parseInput(cancelParams, request.params);
    const appUserId = validAppUserId(params.appUserId);
    const { projectId } = request.caller;
    await cancelSubscription(ctx, { projectId, appUserId, productId: params.productId, at: ctx.now() });
    return customerInfoFor(ctx, request, projectId, appUserId);
  });

  app.post("/v1/subscribers/:appUserId/management_url", async (request) => {
    const appUserId = validAppUserId(parseInput(customerParams, request.params).appUserId);
    const { management } = ctx;
    if (!management) {
      throw new BillingError(
        404,
        BillingErrorCode.BadRequest,
        "The hosted Manage subscription page is off on this server (set management; MANAGEMENT_SECRET in the CLI).",
      );
    }
    const subject = { projectId: request.caller.projectId, appUserId };
    const base = requestManageBase(management, request);
    const link = manageLink(management.secret, base, "access", subject, ctx.now(), MANAGEMENT_LINK_TTL_MS);
    return { management_url: link.url, expires_at_ms: link.expiresAtMs };
  });
}
