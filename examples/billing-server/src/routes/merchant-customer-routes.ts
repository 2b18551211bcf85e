import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { saveAttributes } from "../domain/customer-attributes.js";
import { catalogueByProduct, customerRecords, findCustomers } from "../domain/customers.js";
import { deleteCustomer } from "../lifecycle/delete-customer.js";
import {
  CUSTOM_DURATION,
  grantPromotional,
  lockCustomer,
  revokePromotionals,
} from "../domain/promotional-grants.js";
import { recordAudit } from "../access/audit-log.js";
import { DEFAULT_PAGE_SIZE, listOf, listPage, pageQuery } from "../merchant/list-page.js";
import { MerchantError } from "../http/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import { secretKeyActor } from "../access/secret-keys.js";
import {
  activeEntitlements,
  customerAttributeList,
  customerAttributeSchema,
  customerEntitlementSchema,
  deletedCustomerSchema,
  toV2Customer,
  v2CustomerSchema,
} from "../merchant/v2-customer.js";

const projectParams = z.object({ project_id: z.string().max(255) });
const customerParams = projectParams.extend({
  customer_id: z.string().min(1).max(256).describe("The app user id"),
});
const entitlementId = z
  .string()
  .min(1)
  .max(200)
  .describe("The entitlement's identifier in the catalogue (premium)");

const attributesBody = z.object({
  attributes: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        value: z.string().max(5000).nullable().describe("null removes the attribute"),
      }),
    )
    .min(1)
    .max(100),
});
const grantBody = z.object({
  entitlement_id: entitlementId,
  expires_at: z
    .number()
    .int()
    .positive()
    .max(8_640_000_000_000_000)
    .describe("When access ends, in ms since the epoch"),
});
const revokeBody = z.object({ entitlement_id: entitlementId });

const tag = "Customers";

const customerMissing = () =>
  new MerchantError(404, "resource_missing", "Customer not found.", { param: "customer_id" });

/** The customer's record, or 404: v2 never creates a customer by reading it. */
async function recordOf(ctx: BillingContext, projectId: string, appUserId: string) {
  const record = (await customerRecords(ctx.db, projectId, [appUserId])).get(appUserId);
  if (!record) throw customerMissing();
  return record;
}

/** The customer as v2 answers it, or 404. */
async function customerOf(ctx: BillingContext, projectId: string, appUserId: string) {
  const record = await recordOf(ctx, projectId, appUserId);
  return toV2Customer(record, await catalogueByProduct(ctx.db, projectId), projectId, ctx.now());
}

/** RevenueCat v2 customers: find, read and delete them, their active entitlements, attributes and granted entitlements. */
export async function merchantCustomerRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  // In this order: the OpenAPI document lists the routes as they are registered.
  customerLookupRoutes(app, ctx, api);
  customerDeleteRoute(app, ctx, api);
  customerProfileRoutes(app, ctx, api);
  customerGrantRoutes(app, ctx, api);
}

/** Lists or finds a project's customers, and gets one. */
function customerLookupRoutes(app: FastifyInstance, ctx: BillingContext, api: MerchantApi): void {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers",
      api: "v2",
      scope: "customers:read",
      operationId: "list-customers",
      summary: "List the project's customers, or find them by email, app user id or store transaction id",
      tag,
      params: projectParams,
      query: z.object({
        ...pageQuery,
        search: z
          .string()
          .min(1)
          .max(512)
          .optional()
          .describe("An exact $email attribute, an app user id, or a store transaction id"),
      }),
      responses: { 200: listOf(v2CustomerSchema) },
    },
    async ({ projectId, query }) => {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const ids = await findCustomers(ctx.db, {
        projectId,
        search: query.search,
        startingAfter: query.starting_after,
        limit: limit + 1,
      });
      const [records, catalogue] = await Promise.all([
        customerRecords(ctx.db, projectId, ids),
        catalogueByProduct(ctx.db, projectId),
      ]);
      const now = ctx.now();
      const items = [...records.values()].map((r) => toV2Customer(r, catalogue, projectId, now));
      return listPage(items, limit, `/v2/projects/${projectId}/customers`, (c) => c.id, {
        search: query.search,
      });
    },
  );

  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers/:customer_id",
      api: "v2",
      scope: "customers:read",
      operationId: "get-customer",
      summary: "Get a customer: their active entitlements and attributes",
      tag,
      params: customerParams,
      responses: { 200: v2CustomerSchema },
    },
    async ({ projectId, params }) => customerOf(ctx, projectId, params.customer_id),
  );
}

/** Deletes a customer and everything of theirs. */
function customerDeleteRoute(app: FastifyInstance, ctx: BillingContext, api: MerchantApi): void {
  api.route(
    app,
    {
      method: "DELETE",
      url: "/v2/projects/:project_id/customers/:customer_id",
      api: "v2",
      scope: "customers:write",
      operationId: "delete-customer",
      summary: "Delete a customer and everything of theirs",
      description:
        "As v1's DELETE /v1/subscribers/{app_user_id}: refused (409) while a subscription still renews; a customer " +
        "deleted already is 404.",
      tag,
      params: customerParams,
      responses: { 200: deletedCustomerSchema },
    },
    async ({ projectId, params, merchant }) => {
      const now = ctx.now();
      await deleteCustomer(ctx.db, {
        projectId,
        appUserId: params.customer_id,
        actor: secretKeyActor(merchant!),
        now,
      });
      return { object: "customer", id: params.customer_id, deleted_at: now.getTime() };
    },
  );
}

/** A customer's active entitlements and attributes: listed, and the attributes set. */
function customerProfileRoutes(app: FastifyInstance, ctx: BillingContext, api: MerchantApi): void {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers/:customer_id/active_entitlements",
      api: "v2",
      scope: "customers:read",
      operationId: "list-customer-active-entitlements",
      summary: "List the entitlements a customer may use now, from purchases and grants",
      tag,
      params: customerParams,
      responses: { 200: listOf(customerEntitlementSchema) },
    },
    async ({ projectId, params }) => {
      const record = await recordOf(ctx, projectId, params.customer_id);
      return activeEntitlements(record, await catalogueByProduct(ctx.db, projectId), projectId, ctx.now());
    },
  );

  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/customers/:customer_id/attributes",
      api: "v2",
      scope: "customers:read",
      operationId: "list-customer-attributes",
      summary: "List a customer's attributes",
      tag,
      params: customerParams,
      responses: { 200: listOf(customerAttributeSchema) },
    },
    async ({ projectId, params }) =>
      customerAttributeList(await recordOf(ctx, projectId, params.customer_id), projectId),
  );

  api.route(
    app,
    {
      method: "POST",
      url: "/v2/projects/:project_id/customers/:customer_id/attributes",
      api: "v2",
      scope: "customers:write",
      operationId: "set-customer-attributes",
      summary: "Set a customer's attributes ($email, $displayName, your own); a null value removes one",
      description:
        "Answers the customer's attributes. The audit log names the attributes set, never their values.",
      tag,
      params: customerParams,
      body: attributesBody,
      responses: { 200: listOf(customerAttributeSchema) },
    },
    async ({ projectId, params, body, merchant }) => {
      const appUserId = params.customer_id;
      const now = ctx.now();
      await ctx.db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, projectId, appUserId))) throw customerMissing();
        await saveAttributes(
          tx,
          projectId,
          appUserId,
          body.attributes.map((a) => ({ name: a.name, value: a.value, updatedAtMs: now.getTime() })),
        );
        await recordAudit(tx, {
          projectId,
          actor: secretKeyActor(merchant!),
          action: "customer.attributes_update",
          targetType: "customer",
          targetId: appUserId,
          // Names only: an attribute's value ($email…) must not outlive the customer's deletion in the log.
          after: { names: body.attributes.map((a) => a.name) },
          at: now,
        });
      });
      return customerAttributeList(await recordOf(ctx, projectId, appUserId), projectId);
    },
  );
}

/** Grants an entitlement without a purchase, and revokes such grants. */
function customerGrantRoutes(app: FastifyInstance, ctx: BillingContext, api: MerchantApi): void {
  api.route(
    app,
    {
      method: "POST",
      url: "/v2/projects/:project_id/customers/:customer_id/actions/grant_entitlement",
      api: "v2",
      scope: "customers:write",
      operationId: "grant-customer-entitlement",
      summary: "Grant an entitlement until a date, without a purchase",
      description:
        "As v1's promotional grant: one ending within 2 hours of an active grant's expiry repeats it and changes " +
        "nothing, so a retried call is harmless. Answers the customer.",
      tag,
      params: customerParams,
      body: grantBody,
      responses: { 200: v2CustomerSchema },
    },
    async ({ projectId, params, body, merchant }) => {
      const now = ctx.now();
      const expiresAt = new Date(body.expires_at);
      if (expiresAt <= now) {
        throw new MerchantError(400, "parameter_error", "expires_at must be in the future.", {
          param: "expires_at",
        });
      }
      await ctx.db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, projectId, params.customer_id))) throw customerMissing();
        await grantPromotional(tx, {
          projectId,
          appUserId: params.customer_id,
          entitlement: body.entitlement_id,
          duration: CUSTOM_DURATION,
          expiresAt,
          actor: secretKeyActor(merchant!),
          now,
        });
      });
      return customerOf(ctx, projectId, params.customer_id);
    },
  );

  api.route(
    app,
    {
      method: "POST",
      url: "/v2/projects/:project_id/customers/:customer_id/actions/revoke_granted_entitlement",
      api: "v2",
      scope: "customers:write",
      operationId: "revoke-customer-granted-entitlement",
      summary: "Revoke the active grants of an entitlement (purchases are untouched)",
      description: "Revoking when nothing is granted changes nothing. Answers the customer.",
      tag,
      params: customerParams,
      body: revokeBody,
      responses: { 200: v2CustomerSchema },
    },
    async ({ projectId, params, body, merchant }) => {
      await ctx.db.transaction((tx) =>
        revokePromotionals(tx, {
          projectId,
          appUserId: params.customer_id,
          entitlement: body.entitlement_id,
          actor: secretKeyActor(merchant!),
          now: ctx.now(),
        }),
      );
      return customerOf(ctx, projectId, params.customer_id);
    },
  );
}
