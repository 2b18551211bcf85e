import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { customerInfoFor } from "../manage/management-link.js";
import { saveAttributes } from "../domain/customer-attributes.js";
import { ensureCustomer, validAppUserId } from "../domain/customers.js";
import { identifyCustomer } from "../domain/identify-customer.js";
import { parseInput } from "../http/validation.js";
import { virtualCurrenciesResponse } from "../domain/virtual-currencies.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import { customerInfoSchema } from "../merchant/customer-info-schema.js";
import { recordAudit } from "../access/audit-log.js";
import { secretKeyActor } from "../access/secret-keys.js";

const userParams = z.object({ appUserId: z.string() });
const attributesBody = z.object({
  attributes: z
    .record(
      z.string().min(1).max(200),
      z.object({ value: z.string().max(5000).nullable(), updated_at_ms: z.number().int().nonnegative() }),
    )
    .refine((a) => Object.keys(a).length <= 100, "at most 100 attributes per request"),
});
const identifyBody = z.object({ app_user_id: z.string(), new_app_user_id: z.string() });

/**
 * Customer info, identify (sign-in), subscriber attributes and virtual currency balances. Customer info and attributes
 * are RevenueCat v1 calls a merchant's server makes too: they take a secret key as well as a public one.
 */
export async function subscriberRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
) {
  // The SDK's identifyUser: answers the new id's customer info, 201 when this call created that customer.
  app.post("/v1/subscribers/identify", async (request, reply) => {
    const body = parseInput(identifyBody, request.body);
    const appUserId = validAppUserId(body.app_user_id);
    const newAppUserId = validAppUserId(body.new_app_user_id);
    const { projectId } = request.caller;
    const created = await ctx.db.transaction((tx) =>
      identifyCustomer(tx, request.caller, appUserId, newAppUserId, ctx.now()),
    );
    reply.status(created ? 201 : 200);
    return customerInfoFor(ctx, request, projectId, newAppUserId);
  });

  api.route(
    app,
    {
      method: "GET",
      url: "/v1/subscribers/:appUserId",
      api: "v1",
      scope: "customers:read",
      publicKeys: true,
      operationId: "v1-get-subscriber",
      summary: "Get or create a customer: their entitlements and subscriptions",
      tag: "Subscribers (v1)",
      params: userParams,
      responses: { 200: customerInfoSchema },
    },
    async ({ params, projectId, request, merchant }) => {
      // As RevenueCat's: a merchant's server (a secret key) also reads the attributes; an app's public key never does.
      return customerInfoFor(ctx, request, projectId, validAppUserId(params.appUserId), {
        withAttributes: merchant !== null,
      });
    },
  );

  // A customer never seen has a zero balance of every currency: the answer creates nothing.
  app.get("/v1/subscribers/:appUserId/virtual_currencies", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    return virtualCurrenciesResponse(ctx.db, request.caller.projectId, appUserId);
  });

  api.route(
    app,
    {
      method: "POST",
      url: "/v1/subscribers/:appUserId/attributes",
      api: "v1",
      scope: "customers:write",
      publicKeys: true,
      operationId: "v1-update-subscriber-attributes",
      summary: "Set a customer's attributes ($email, $displayName, your own)",
      tag: "Subscribers (v1)",
      params: userParams,
      body: attributesBody,
      bodyErrorCode: BillingErrorCode.InvalidSubscriberAttributesBody,
      responses: { 200: z.object({ attributes_saved: z.number().int() }) },
    },
    async ({ params, body: { attributes }, projectId, merchant }) => {
      const appUserId = validAppUserId(params.appUserId);
      await ctx.db.transaction(async (tx) => {
        await ensureCustomer(tx, projectId, appUserId, ctx.now());
        const rows = Object.entries(attributes).map(([name, a]) => ({
          name,
          value: a.value,
          updatedAtMs: a.updated_at_ms,
        }));
        await saveAttributes(tx, projectId, appUserId, rows);
        // A merchant's server writing attributes is audited (names only: values may be personal data).
        if (merchant) {
          await recordAudit(tx, {
            projectId,
            actor: secretKeyActor(merchant),
            action: "customer.attributes_update",
            targetType: "customer",
            targetId: appUserId,
            after: { names: Object.keys(attributes) },
            at: ctx.now(),
          });
        }
      });
      return { attributes_saved: Object.keys(attributes).length };
    },
  );
}
