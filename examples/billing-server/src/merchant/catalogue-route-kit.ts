// What the route modules of the v2 catalogue (products, entitlements, offerings and packages) share: the path they sit
// under, their scopes, `expand` parsing, reading the served version, paging the catalogue's lists, and the one write
// path that applies a pure edit through `editCatalogue` and answers its refusals as v2 errors.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import type { CatalogueProject } from "../catalogue/catalogue-schema.js";
import { applyEdit, type EditDone, type EditRefusal, type ProjectEdit } from "../catalogue/catalogue-edit.js";
import { catalogueDocument, editCatalogue } from "../catalogue/catalogue-versions.js";
import { recordAudit } from "../access/audit-log.js";
import { DEFAULT_PAGE_SIZE, listPage } from "./list-page.js";
import { MerchantError } from "../http/merchant-error.js";
import type { MerchantApi } from "./merchant-route.js";
import { secretKeyActor, type MerchantCaller } from "../access/secret-keys.js";
import { deletedObject } from "./v2-catalogue.js";

/**
 * The path every catalogue route sits under.
 *
 * @example
 * url: `${CATALOGUE_PROJECT_PATH}/products`
 */
export const CATALOGUE_PROJECT_PATH = "/v2/projects/:project_id";

/**
 * The path parameters of a project's route; an object's routes extend it with the object's id.
 *
 * @example
 * params: projectParams.extend({ product_id: catalogueKey })
 */
export const projectParams = z.object({ project_id: z.string().max(255) });

/**
 * The API and scope of a route that reads the catalogue.
 *
 * @example
 * api.route(app, { ...catalogueReadScope, method: "GET", … }, handler);
 */
export const catalogueReadScope = { api: "v2", scope: "catalogue:read" } as const;

/**
 * The API and scope of a route that writes a new catalogue version.
 *
 * @example
 * api.route(app, { ...catalogueWriteScope, method: "POST", … }, handler);
 */
export const catalogueWriteScope = { api: "v2", scope: "catalogue:write" } as const;

/**
 * `expand`: a comma-separated list of `values`.
 *
 * @example
 * query: z.object({ expand: expandQuery(["product"]) }) // "product" → ["product"]; omitted → []
 */
export function expandQuery<const V extends string>(values: [V, ...V[]]) {
  return z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(",") : []))
    .pipe(z.array(z.enum(values)))
    .describe(`Fields to expand, comma-separated: ${values.join(", ")}.`);
}

/**
 * Whether `expand` asks for products, on an object (`product`) or on a list's items (`items.product`).
 *
 * @example
 * toEntitlementObject(project, entitlement, productsExpand(query.expand));
 */
export const productsExpand = (e: string[]) => ({
  products: e.includes("product") || e.includes("items.product"),
});

/**
 * The 404 for an id that names nothing.
 *
 * @example
 * if (!product) throw missingObject("product", "product_id");
 */
export const missingObject = (what: string, param: string) =>
  new MerchantError(404, "resource_missing", `No ${what} has that id.`, { param });

/**
 * The project in the served catalogue version, or a 404.
 *
 * @example
 * const project = await servedProject(ctx, projectId);
 */
export async function servedProject(ctx: BillingContext, projectId: string): Promise<CatalogueProject> {
  const project = (await catalogueDocument(ctx.db))?.projects.find((p) => p.id === projectId);
  if (!project)
    throw new MerchantError(404, "resource_missing", "Project not found.", { param: "project_id" });
  return project;
}

/**
 * One page of `items` (the catalogue's order) after `starting_after`.
 *
 * @example
 * return cataloguePage(items, (i) => i.id, query, `/v2/projects/${projectId}/products`);
 */
export function cataloguePage<T>(
  items: T[],
  idOf: (item: T) => string,
  query: { limit?: number; starting_after?: string },
  url: string,
) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (query.starting_after !== undefined) {
    start = items.findIndex((item) => idOf(item) === query.starting_after) + 1;
    if (start === 0) throw missingObject("item", "starting_after");
  }
  return listPage(items.slice(start, start + limit + 1), limit, url, idOf);
}

/** A refusal of the pure edit, as the v2 error it answers. */
function refusalError(refusal: EditRefusal): MerchantError {
  if (refusal.code === "not_found") {
    return new MerchantError(404, "resource_missing", refusal.message, { param: refusal.param });
  }
  if (refusal.code === "already_exists") {
    return new MerchantError(409, "resource_already_exists", refusal.message, { param: refusal.param });
  }
  return new MerchantError(422, "unprocessable_entity_error", refusal.message, { param: refusal.param });
}

/** Which write, for the version's source and the audit log. */
export interface CatalogueWrite<T> {
  operationId: string;
  targetType: "product" | "entitlement" | "offering" | "package";
  action: string;
  targetId: string;
  edit: ProjectEdit<T>;
}

/**
 * Applies an edit to the newest version under the import lock, imports the result as a new version and records the
 * audit entry in the same transaction (none when nothing changed: a retry). A refusal changes nothing.
 *
 * @example
 * const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
 *   operationId: "delete-product",
 *   targetType: "product",
 *   action: "delete",
 *   targetId: "premium_monthly",
 *   edit: deleteProduct("premium_monthly"),
 * });
 */
export async function writeCatalogueEdit<T>(
  ctx: BillingContext,
  merchant: MerchantCaller | null,
  projectId: string,
  w: CatalogueWrite<T>,
): Promise<{ project: CatalogueProject; done: EditDone<T> }> {
  const actor = secretKeyActor(merchant!);
  const { result } = await editCatalogue(
    ctx.db,
    (current) => {
      const done = applyEdit(current, projectId, w.edit);
      if (!done.ok) throw refusalError(done);
      return { catalogue: done.catalogue, result: done };
    },
    { source: `merchant API ${w.operationId}`, actor },
    async (tx, done, imported) => {
      if (!imported.changed) return;
      await recordAudit(tx, {
        projectId,
        actor,
        action: `${w.targetType}.${w.action}`,
        targetType: w.targetType,
        targetId: w.targetId,
        before: done.before,
        after: done.after,
        at: ctx.now(),
      });
    },
  );
  return { project: result.catalogue.projects.find((p) => p.id === projectId)!, done: result };
}

/**
 * Declares the DELETE route of one kind of catalogue object: the edit `editOf` makes for the id in the path, written
 * through `writeCatalogueEdit` as `<object>.delete`, answered as the deleted object.
 *
 * @example
 * catalogueDeleteRoute(app, { ctx, api }, {
 *   object: "product",
 *   tag: "Products",
 *   url: `${CATALOGUE_PROJECT_PATH}/products/:product_id`,
 *   operationId: "delete-product",
 *   summary: "Delete a product",
 *   params: productParams,
 *   idOf: (params) => params.product_id,
 * }, async (_projectId, id) => deleteProduct(id));
 */
export function catalogueDeleteRoute<P extends z.ZodType>(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
  spec: {
    object: CatalogueWrite<unknown>["targetType"];
    tag: string;
    url: string;
    operationId: string;
    summary: string;
    params: P;
    idOf: (params: z.output<P>) => string;
  },
  editOf: (projectId: string, id: string) => Promise<ProjectEdit<unknown>>,
): void {
  const { object, idOf, ...route } = spec;
  api.route(
    app,
    { ...catalogueWriteScope, ...route, method: "DELETE", responses: { 200: deletedObject } },
    async ({ projectId, params, merchant }) => {
      const id = idOf(params);
      await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: spec.operationId,
        targetType: object,
        action: "delete",
        targetId: id,
        edit: await editOf(projectId, id),
      });
      return { object, id, deleted_at: ctx.now().getTime() } satisfies z.infer<typeof deletedObject>;
    },
  );
}
