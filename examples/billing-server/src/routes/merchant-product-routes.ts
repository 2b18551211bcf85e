import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { createProduct, deleteProduct, updateProduct } from "../catalogue/catalogue-edit.js";
import {
  CATALOGUE_PROJECT_PATH as P,
  catalogueDeleteRoute,
  cataloguePage,
  catalogueReadScope,
  catalogueWriteScope,
  expandQuery,
  missingObject,
  projectParams,
  servedProject,
  writeCatalogueEdit,
} from "../merchant/catalogue-route-kit.js";
import { listOf, pageQuery } from "../merchant/list-page.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import {
  catalogueKey,
  productCreateBody,
  productObject,
  productUpdateBody,
  toProductObject,
} from "../merchant/v2-catalogue.js";

const productParams = projectParams.extend({ product_id: catalogueKey });

/** RevenueCat v2 catalogue: a project's products, each write a new catalogue version. */
export async function merchantProductRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  const productTag = { tag: "Products" };
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...productTag,
      method: "GET",
      url: `${P}/products`,
      operationId: "list-products",
      summary: "List the products, in the catalogue's order",
      params: projectParams,
      query: z.object({ ...pageQuery, expand: expandQuery(["items.app"]) }),
      responses: { 200: listOf(productObject) },
    },
    async ({ projectId, query }) => {
      const project = await servedProject(ctx, projectId);
      const items = project.products.map((p) => toProductObject(projectId, p));
      return cataloguePage(items, (i) => i.id, query, `/v2/projects/${projectId}/products`);
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...productTag,
      method: "POST",
      url: `${P}/products`,
      operationId: "create-product",
      summary: "Create a product: RevenueCat's fields, and the catalogue's purchase options for its prices",
      description:
        "A new catalogue version. The same body again answers the same product and changes nothing; another product under its store_identifier is refused (409).",
      params: projectParams,
      body: productCreateBody,
      responses: { 201: productObject },
    },
    async ({ projectId, body, merchant, reply }) => {
      if (body.app_id !== undefined && body.app_id !== projectId) throw missingObject("app", "app_id");
      const { title, display_name, store_identifier, type, subscription: _, app_id: __, ...rest } = body;
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "create-product",
        targetType: "product",
        action: "create",
        targetId: store_identifier,
        edit: createProduct({
          ...rest,
          identifier: store_identifier,
          product_type: type,
          title: (title ?? display_name)!,
        }),
      });
      reply.code(201);
      return toProductObject(project.id, done.after!);
    },
  );
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...productTag,
      method: "GET",
      url: `${P}/products/:product_id`,
      operationId: "get-product",
      summary: "Get a product",
      params: productParams,
      query: z.object({ expand: expandQuery(["app"]) }),
      responses: { 200: productObject },
    },
    async ({ projectId, params }) => {
      const product = (await servedProject(ctx, projectId)).products.find(
        (p) => p.identifier === params.product_id,
      );
      if (!product) throw missingObject("product", "product_id");
      return toProductObject(projectId, product);
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...productTag,
      method: "POST",
      url: `${P}/products/:product_id`,
      operationId: "update-product",
      summary: "Update a product: its title, description, prices and grants (not its id or type)",
      params: productParams,
      body: productUpdateBody,
      responses: { 200: productObject },
    },
    async ({ projectId, params, body, merchant }) => {
      const { display_name, title, ...rest } = body;
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "update-product",
        targetType: "product",
        action: "update",
        targetId: params.product_id,
        edit: updateProduct(params.product_id, { ...rest, title: title ?? display_name }),
      });
      return toProductObject(project.id, done.after!);
    },
  );
  catalogueDeleteRoute(
    app,
    { ctx, api },
    {
      object: "product",
      ...productTag,
      url: `${P}/products/:product_id`,
      operationId: "delete-product",
      summary: "Delete a product: refused (422) while a package, an entitlement or a promotion code names it",
      params: productParams,
      idOf: (params) => params.product_id,
    },
    async (_projectId, id) => deleteProduct(id),
  );
}
