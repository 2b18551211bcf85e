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

/** RevenueCat v2 catalogue: a project's entitlements and the products that grant them, each write a new version. */
export async function merchantEntitlementRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  const entitlementTag = { tag: "Entitlements" };
  const entitlementWrite = <B extends z.ZodType>(
    operationId: string,
    action: string,
    summary: string,
    body: B,
    editOf: (id: string, b: z.output<B>) => ProjectEdit<unknown>,
  ) =>
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
  entitlementWrite(
    "update-entitlement",
    "update",
    "Update an entitlement: product_ids sets the products that grant it (display_name is not kept)",
    z.object({ display_name: z.string().max(1000).optional(), product_ids: ids.optional() }),
    (id, b: { product_ids?: string[] }) => updateEntitlement(id, b.product_ids),
  );
  entitlementWrite(
    "attach-products-to-entitlement",
    "attach_products",
    "Attach products to an entitlement",
    z.object({ product_ids: ids }),
    (id, b: { product_ids: string[] }) => attachEntitlementProducts(id, b.product_ids),
  );
  entitlementWrite(
    "detach-products-from-entitlement",
    "detach_products",
    "Detach products from an entitlement (refused when none would be left)",
    z.object({ product_ids: ids }),
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
