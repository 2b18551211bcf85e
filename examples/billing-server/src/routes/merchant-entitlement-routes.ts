import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import {
  attachEntitlementProducts,
  createEntitlement,
  deleteEntitlement,
  detachEntitlementProducts,
  updateEntitlement,
  type ProjectEdit,
} from "../catalogue/catalogue-edit.js";
import {
  CATALOGUE_PROJECT_PATH as P,
  catalogueDeleteRoute,
  cataloguePage,
  catalogueReadScope,
  catalogueWriteScope,
  expandQuery,
  missingObject,
  productsExpand,
  projectParams,
  servedProject,
  writeCatalogueEdit,
} from "../merchant/catalogue-route-kit.js";
import { listOf, pageQuery } from "../merchant/list-page.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import {
  catalogueKey,
  entitlementCreateBody,
  entitlementObject,
  objectListUrl,
  productIdList as ids,
  productObject,
  toEntitlementObject,
  toProductObject,
} from "../merchant/v2-catalogue.js";

const entitlementParams = projectParams.extend({ entitlement_id: catalogueKey });
const entitlementTag = { tag: "Entitlements" };

/** What the routes of this file use: the billing context, and the merchant API that declares them. */
type RouteDeps = { ctx: BillingContext; api: MerchantApi };

/** RevenueCat v2 catalogue: a project's entitlements and the products that grant them, each write a new version. */
export async function merchantEntitlementRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  // Registration order is the order the OpenAPI document lists them in.
  entitlementListRoutes(app, deps);
  entitlementReadRoutes(app, deps);
  entitlementEditRoutes(app, deps);
}

/** Lists and creates a project's entitlements (`/entitlements`). */
function entitlementListRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...entitlementTag,
      method: "GET",
      url: `${P}/entitlements`,
      operationId: "list-entitlements",
      summary: "List the entitlements",
      params: projectParams,
      query: z.object({ ...pageQuery, expand: expandQuery(["items.product"]) }),
      responses: { 200: listOf(entitlementObject) },
    },
    async ({ projectId, query }) => {
      const project = await servedProject(ctx, projectId);
      const items = project.entitlements.map((e) =>
        toEntitlementObject(project, e, productsExpand(query.expand)),
      );
      return cataloguePage(items, (i) => i.id, query, `/v2/projects/${projectId}/entitlements`);
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...entitlementTag,
      method: "POST",
      url: `${P}/entitlements`,
      operationId: "create-entitlement",
      summary: "Create an entitlement, with the products that grant it (product_ids: it needs one)",
      description:
        "The same body again answers the same entitlement; other products under its lookup_key are refused (409).",
      params: projectParams,
      body: entitlementCreateBody,
      responses: { 201: entitlementObject },
    },
    async ({ projectId, body, merchant, reply }) => {
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "create-entitlement",
        targetType: "entitlement",
        action: "create",
        targetId: body.lookup_key,
        edit: createEntitlement({ identifier: body.lookup_key, products: body.product_ids }),
      });
      reply.code(201);
      return toEntitlementObject(project, done.after!);
    },
  );
}

/** Reads one entitlement, and the products that grant it. */
function entitlementReadRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...entitlementTag,
      method: "GET",
      url: `${P}/entitlements/:entitlement_id`,
      operationId: "get-entitlement",
      summary: "Get an entitlement",
      params: entitlementParams,
      query: z.object({ expand: expandQuery(["product"]) }),
      responses: { 200: entitlementObject },
    },
    async ({ projectId, params, query }) => {
      const project = await servedProject(ctx, projectId);
      const entitlement = project.entitlements.find((e) => e.identifier === params.entitlement_id);
      if (!entitlement) throw missingObject("entitlement", "entitlement_id");
      return toEntitlementObject(project, entitlement, productsExpand(query.expand));
    },
  );
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...entitlementTag,
      method: "GET",
      url: `${P}/entitlements/:entitlement_id/products`,
      operationId: "get-products-from-entitlement",
      summary: "List the products that grant an entitlement",
      params: entitlementParams,
      query: z.object(pageQuery),
      responses: { 200: listOf(productObject) },
    },
    async ({ projectId, params, query }) => {
      const project = await servedProject(ctx, projectId);
      const entitlement = project.entitlements.find((e) => e.identifier === params.entitlement_id);
      if (!entitlement) throw missingObject("entitlement", "entitlement_id");
      const items = project.products.filter((p) => entitlement.products.includes(p.identifier));
      const url = objectListUrl(projectId, "entitlements", entitlement.identifier, "products");
      return cataloguePage(
        items.map((p) => toProductObject(projectId, p)),
        (i) => i.id,
        query,
        url,
      );
    },
  );
}

/** Updates an entitlement, attaches or detaches its products, and deletes it. */
function entitlementEditRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  entitlementWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "update-entitlement",
      action: "update",
      summary:
        "Update an entitlement: product_ids sets the products that grant it (display_name is not kept)",
      body: z.object({ display_name: z.string().max(1000).optional(), product_ids: ids.optional() }),
    },
    (id, b: { product_ids?: string[] }) => updateEntitlement(id, b.product_ids),
  );
  entitlementWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "attach-products-to-entitlement",
      action: "attach_products",
      summary: "Attach products to an entitlement",
      body: z.object({ product_ids: ids }),
    },
    (id, b: { product_ids: string[] }) => attachEntitlementProducts(id, b.product_ids),
  );
  entitlementWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "detach-products-from-entitlement",
      action: "detach_products",
      summary: "Detach products from an entitlement (refused when none would be left)",
      body: z.object({ product_ids: ids }),
    },
    (id, b: { product_ids: string[] }) => detachEntitlementProducts(id, b.product_ids),
  );
  catalogueDeleteRoute(
    app,
    { ctx, api },
    {
      object: "entitlement",
      ...entitlementTag,
      url: `${P}/entitlements/:entitlement_id`,
      operationId: "delete-entitlement",
      summary: "Delete an entitlement",
      params: entitlementParams,
      idOf: (params) => params.entitlement_id,
    },
    async (_projectId, id) => deleteEntitlement(id),
  );
}

/** A write to one entitlement, answered as the entitlement in the version it made. */
function entitlementWriteRoute<B extends z.ZodType>(
  app: FastifyInstance,
  { ctx, api }: RouteDeps,
  spec: { operationId: string; action: string; summary: string; body: B },
  editOf: (id: string, b: z.output<B>) => ProjectEdit<unknown>,
): void {
  const { operationId, action, summary, body } = spec;
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...entitlementTag,
      method: "POST",
      url: `${P}/entitlements/:entitlement_id${action === "update" ? "" : `/actions/${action}`}`,
      operationId,
      summary,
      params: entitlementParams,
      body,
      responses: { 200: entitlementObject },
    },
    async ({ projectId, params, body: b, merchant }) => {
      const { project } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId,
        targetType: "entitlement",
        action,
        targetId: params.entitlement_id,
        edit: editOf(params.entitlement_id, b),
      });
      const entitlement = project.entitlements.find((e) => e.identifier === params.entitlement_id)!;
      return toEntitlementObject(project, entitlement);
    },
  );
}
