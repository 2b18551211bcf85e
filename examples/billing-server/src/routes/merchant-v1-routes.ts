import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { validAppUserId } from "../domain/customers.js";
import { deleteCustomer } from "../lifecycle/delete-customer.js";
import {
  CUSTOM_DURATION,
  grantPromotional,
  PROMOTIONAL_DURATIONS,
  promotionalEnd,
  revokePromotionals,
} from "../domain/promotional-grants.js";
import { customerInfoFor } from "../manage/management-link.js";
import { customerInfoSchema } from "../merchant/customer-info-schema.js";
import { v1BadRequest, type MerchantApi } from "../merchant/merchant-route.js";
import { secretKeyActor } from "../access/secret-keys.js";

const userParams = z.object({ appUserId: z.string() });
const entitlementParams = z.object({ appUserId: z.string(), entitlementId: z.string().min(1).max(200) });

const epochMs = z.number().int().nonnegative().max(8_640_000_000_000_000);

const grantBody = z
  .object({
    duration: z
      .enum(PROMOTIONAL_DURATIONS)
      .optional()
      .describe("How long access lasts from start_time_ms (or now); give it or end_time_ms"),
    start_time_ms: epochMs
      .optional()
      .describe("Where `duration` is counted from (ms since the epoch); now by default"),
    end_time_ms: epochMs.optional().describe("When access ends (ms since the epoch); give it or duration"),
  })
  .refine((b) => (b.duration === undefined) !== (b.end_time_ms === undefined), {
    message: "give exactly one of duration and end_time_ms",
    path: ["duration"],
  })
  .refine((b) => b.start_time_ms === undefined || b.duration !== undefined, {
    message: "start_time_ms goes with duration only",
    path: ["start_time_ms"],
  });

const tag = "Subscribers (v1)";

/** RevenueCat v1 calls for a merchant's server: promotional grants, deleting a customer. */
export async function merchantV1Routes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  api.route(
    app,
    {
      method: "POST",
      url: "/v1/subscribers/:appUserId/entitlements/:entitlementId/promotional",
      api: "v1",
      scope: "customers:write",
      operationId: "v1-grant-promotional-entitlement",
      summary: "Grant an entitlement without a purchase, for a duration or until a date",
      description:
        "The customer is created if new. A grant whose end is within 2 hours of an active grant's expiry of the " +
        "same entitlement repeats it and changes nothing, so a retried call is harmless. Answers the customer info.",
      tag,
      params: entitlementParams,
      body: grantBody,
      responses: { 200: customerInfoSchema },
    },
    async ({ params, body, merchant, projectId, request }) => {
      const appUserId = validAppUserId(params.appUserId);
      const now = ctx.now();
      const expiresAt =
        body.duration !== undefined
          ? promotionalEnd(
              body.duration,
              body.start_time_ms === undefined ? now : new Date(body.start_time_ms),
            )
          : new Date(body.end_time_ms!);
      if (expiresAt !== null && expiresAt <= now) {
        throw v1BadRequest(
          `${body.duration ? "start_time_ms: the grant would have ended already" : "end_time_ms: must be in the future"}`,
        );
      }
      await ctx.db.transaction((tx) =>
        grantPromotional(tx, {
          projectId,
          appUserId,
          entitlement: params.entitlementId,
          duration: body.duration ?? CUSTOM_DURATION,
          expiresAt,
          actor: secretKeyActor(merchant!),
          now,
        }),
      );
      return customerInfoFor(ctx, request, projectId, appUserId);
    },
  );

  api.route(
    app,
    {
      method: "POST",
      url: "/v1/subscribers/:appUserId/entitlements/:entitlementId/revoke_promotionals",
      api: "v1",
      scope: "customers:write",
      operationId: "v1-revoke-promotional-entitlements",
      summary: "Revoke every active promotional grant of an entitlement",
      description:
        "Purchases are untouched. Revoking when nothing is granted changes nothing. Answers the customer info.",
      tag,
      params: entitlementParams,
      responses: { 200: customerInfoSchema },
    },
    async ({ params, merchant, projectId, request }) => {
      const appUserId = validAppUserId(params.appUserId);
      const now = ctx.now();
      await ctx.db.transaction((tx) =>
        revokePromotionals(tx, {
          projectId,
          appUserId,
          entitlement: params.entitlementId,
          actor: secretKeyActor(merchant!),
          now,
        }),
      );
      return customerInfoFor(ctx, request, projectId, appUserId);
    },
  );

  api.route(
    app,
    {
      method: "DELETE",
      url: "/v1/subscribers/:appUserId",
      api: "v1",
      scope: "customers:write",
      operationId: "v1-delete-subscriber",
      summary: "Delete a customer and everything of theirs",
      description:
        "Attributes, purchases, promotional grants, checkout sessions, events and balances go in one transaction; " +
        "the audit log keeps only how many rows went. Refused (409) while a subscription still renews: cancel it " +
        "first. An unknown customer, or one deleted already, is 404.",
      tag,
      params: userParams,
      responses: { 200: z.object({ app_user_id: z.string() }) },
    },
    async ({ params, merchant, projectId }) => {
      const appUserId = validAppUserId(params.appUserId);
      await deleteCustomer(ctx.db, {
        projectId,
        appUserId,
        actor: secretKeyActor(merchant!),
        now: ctx.now(),
      });
      return { app_user_id: appUserId };
    },
  );
}
