import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import type { CatalogueProject } from "../catalogue/catalogue-schema.js";
import {
  createOffering,
  createPackage,
  deleteOffering,
  deletePackage,
  detachPackageProducts,
  findPackage,
  updateOffering,
  updatePackage,
  type PlacedPackage,
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
  objectListUrl,
  offeringCreateBody,
  offeringObject,
  offeringPackageObjects,
  packageCreateBody,
  packageIdOf,
  packageObject,
  productIdList as ids,
  resolvePackageId,
  toOfferingObject,
  toPackageObject,
} from "../merchant/v2-catalogue.js";

const offeringParams = projectParams.extend({ offering_id: catalogueKey });
const packageParams = projectParams.extend({ package_id: z.string().min(1).max(512) });
const packageUpdateBody = z.object({
  display_name: z.string().max(1000).optional(),
  position: z.number().int().min(1).max(1000).optional(),
  product_id: catalogueKey.optional(),
});
// A package sells one product here, so attaching replaces it; the eligibility criteria are accepted and not kept.
const packageAttachBody = z.object({
  products: z
    .array(
      z.object({
        product_id: catalogueKey,
        eligibility_criteria: z.enum(["all", "google_sdk_lt_6", "google_sdk_ge_6"]).optional(),
      }),
    )
    .length(1, "a package sells exactly one product here: attach one"),
});
const packageDetachBody = z.object({ product_ids: ids });
const offeringTag = { tag: "Offerings" };
const packageTag = { tag: "Packages" };

/** What the routes of this file use: the billing context, and the merchant API that declares them. */
type RouteDeps = { ctx: BillingContext; api: MerchantApi };

/** Which parts of an offering a v2 `expand` asks for: its packages, and their products too. */
const offeringExpand = (e: string[]) => ({
  packages: e.some((x) => x.includes("package")),
  products: e.some((x) => x.endsWith("package.product")),
});

/** The package a v2 id names in the served catalogue, or a 404. */
function packageOf(project: CatalogueProject, id: string): PlacedPackage {
  const where = resolvePackageId(project, id);
  const placed = where && findPackage(project, where.offeringId, where.packageIdentifier);
  if (!placed) throw missingObject("package", "package_id");
  return placed;
}

/** RevenueCat v2 catalogue: a project's offerings and their packages, each write a new catalogue version. */
export async function merchantOfferingRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  // Registration order is the order the OpenAPI document lists them in.
  offeringListRoutes(app, deps);
  offeringItemRoutes(app, deps);
  offeringPackageRoutes(app, deps);
  packageItemRoutes(app, deps);
}

/** Lists and creates a project's offerings (`/offerings`). */
function offeringListRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...offeringTag,
      method: "GET",
      url: `${P}/offerings`,
      operationId: "list-offerings",
      summary: "List the offerings",
      params: projectParams,
      query: z.object({ ...pageQuery, expand: expandQuery(["items.package", "items.package.product"]) }),
      responses: { 200: listOf(offeringObject) },
    },
    async ({ projectId, query }) => {
      const project = await servedProject(ctx, projectId);
      const items = project.offerings.map((o) => toOfferingObject(project, o, offeringExpand(query.expand)));
      return cataloguePage(items, (i) => i.id, query, `/v2/projects/${projectId}/offerings`);
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...offeringTag,
      method: "POST",
      url: `${P}/offerings`,
      operationId: "create-offering",
      summary: "Create an offering, with its packages (it needs one)",
      description:
        "The same body again answers the same offering; a different one under its lookup_key is refused (409).",
      params: projectParams,
      body: offeringCreateBody,
      responses: { 201: offeringObject },
    },
    async ({ projectId, body, merchant, reply }) => {
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "create-offering",
        targetType: "offering",
        action: "create",
        targetId: body.lookup_key,
        edit: createOffering({
          identifier: body.lookup_key,
          description: body.display_name,
          metadata: body.metadata ?? null,
          packages: body.packages.map((p) => ({
            identifier: p.lookup_key,
            platform_product_identifier: p.product_id,
          })),
          paywall_components: null,
          workflow: null,
        }),
      });
      reply.code(201);
      return toOfferingObject(project, done.after!, { packages: true });
    },
  );
}

/** Reads, updates and deletes one offering (`/offerings/:offering_id`). */
function offeringItemRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...offeringTag,
      method: "GET",
      url: `${P}/offerings/:offering_id`,
      operationId: "get-offering",
      summary: "Get an offering",
      params: offeringParams,
      query: z.object({ expand: expandQuery(["package", "package.product"]) }),
      responses: { 200: offeringObject },
    },
    async ({ projectId, params, query }) => {
      const project = await servedProject(ctx, projectId);
      const offering = project.offerings.find((o) => o.identifier === params.offering_id);
      if (!offering) throw missingObject("offering", "offering_id");
      return toOfferingObject(project, offering, offeringExpand(query.expand));
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...offeringTag,
      method: "POST",
      url: `${P}/offerings/:offering_id`,
      operationId: "update-offering",
      summary: "Update an offering: its display name (description), metadata, or whether it is current",
      params: offeringParams,
      body: z.object({
        display_name: z.string().min(1).max(1000).optional(),
        is_current: z.boolean().optional(),
        metadata: z.record(z.string(), z.unknown()).nullable().optional(),
      }),
      responses: { 200: offeringObject },
    },
    async ({ projectId, params, body, merchant }) => {
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "update-offering",
        targetType: "offering",
        action: "update",
        targetId: params.offering_id,
        edit: updateOffering(params.offering_id, {
          description: body.display_name,
          metadata: body.metadata,
          isCurrent: body.is_current,
        }),
      });
      return toOfferingObject(project, done.after!);
    },
  );
  catalogueDeleteRoute(
    app,
    { ctx, api },
    {
      object: "offering",
      ...offeringTag,
      url: `${P}/offerings/:offering_id`,
      operationId: "delete-offering",
      summary:
        "Delete an offering and its packages: refused (422) while it is current or a placement shows it",
      params: offeringParams,
      idOf: (params) => params.offering_id,
    },
    async (_projectId, id) => deleteOffering(id),
  );
}

/** Lists and creates the packages of an offering (`/offerings/:offering_id/packages`). */
function offeringPackageRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...packageTag,
      method: "GET",
      url: `${P}/offerings/:offering_id/packages`,
      operationId: "list-packages",
      summary: "List an offering's packages, in order",
      params: offeringParams,
      query: z.object({ ...pageQuery, expand: expandQuery(["items.product"]) }),
      responses: { 200: listOf(packageObject) },
    },
    async ({ projectId, params, query }) => {
      const project = await servedProject(ctx, projectId);
      const offering = project.offerings.find((o) => o.identifier === params.offering_id);
      if (!offering) throw missingObject("offering", "offering_id");
      const items = offeringPackageObjects(project, offering, productsExpand(query.expand));
      const url = objectListUrl(projectId, "offerings", offering.identifier, "packages");
      return cataloguePage(items, (i) => i.id, query, url);
    },
  );
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...packageTag,
      method: "POST",
      url: `${P}/offerings/:offering_id/packages`,
      operationId: "create-package",
      summary: "Create a package in an offering, with the product it sells (product_id)",
      description:
        "The same body again answers the same package; another product under its lookup_key is refused (409).",
      params: offeringParams,
      body: packageCreateBody,
      responses: { 201: packageObject },
    },
    async ({ projectId, params, body, merchant, reply }) => {
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId: "create-package",
        targetType: "package",
        action: "create",
        targetId: packageIdOf(params.offering_id, body.lookup_key),
        edit: createPackage(
          params.offering_id,
          { identifier: body.lookup_key, platform_product_identifier: body.product_id },
          body.position,
        ),
      });
      reply.code(201);
      return toPackageObject(project, done.after!);
    },
  );
}

/** Reads, updates, re-attaches or detaches the product of, and deletes one package (`/packages/:package_id`). */
function packageItemRoutes(app: FastifyInstance, { ctx, api }: RouteDeps): void {
  api.route(
    app,
    {
      ...catalogueReadScope,
      ...packageTag,
      method: "GET",
      url: `${P}/packages/:package_id`,
      operationId: "get-package",
      summary: "Get a package (its id is `<offering id>:<package identifier>`)",
      params: packageParams,
      query: z.object({ expand: expandQuery(["product"]) }),
      responses: { 200: packageObject },
    },
    async ({ projectId, params, query }) => {
      const project = await servedProject(ctx, projectId);
      return toPackageObject(project, packageOf(project, params.package_id), productsExpand(query.expand));
    },
  );
  packageWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "update-package",
      action: "update",
      summary: "Update a package: its position, or the product it sells (display_name is not kept)",
      body: packageUpdateBody,
    },
    (o, p, b: { position?: number; product_id?: string }) =>
      updatePackage(o, p, { position: b.position, productId: b.product_id }),
  );
  packageWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "attach-products-to-package",
      action: "attach_products",
      summary:
        "Attach the product a package sells: one product, which replaces the one it sold (a package sells one here)",
      body: packageAttachBody,
    },
    (o, p, b: { products: { product_id: string }[] }) =>
      updatePackage(o, p, { productId: b.products[0]!.product_id }),
  );
  packageWriteRoute(
    app,
    { ctx, api },
    {
      operationId: "detach-products-from-package",
      action: "detach_products",
      summary: "Detach products from a package: refused (422) for the product it sells, which it needs",
      body: packageDetachBody,
    },
    (o, p, b: { product_ids: string[] }) => detachPackageProducts(o, p, b.product_ids),
  );
  catalogueDeleteRoute(
    app,
    { ctx, api },
    {
      object: "package",
      ...packageTag,
      url: `${P}/packages/:package_id`,
      operationId: "delete-package",
      summary: "Delete a package: refused (422) for an offering's last, or one its paywall names",
      params: packageParams,
      idOf: (params) => params.package_id,
    },
    async (projectId, id) => {
      const { offeringId, package: pkg } = packageOf(await servedProject(ctx, projectId), id);
      return deletePackage(offeringId, pkg.identifier);
    },
  );
}

/** A write to the package a v2 id names: resolved in the served version, applied to the newest under the lock. */
function packageWriteRoute<B extends z.ZodType>(
  app: FastifyInstance,
  { ctx, api }: RouteDeps,
  spec: { operationId: string; action: string; summary: string; body: B },
  editOf: (offeringId: string, packageId: string, b: z.output<B>) => ProjectEdit<PlacedPackage>,
): void {
  const { operationId, action, summary, body } = spec;
  api.route(
    app,
    {
      ...catalogueWriteScope,
      ...packageTag,
      method: "POST",
      url: `${P}/packages/:package_id${action === "update" ? "" : `/actions/${action}`}`,
      operationId,
      summary,
      params: packageParams,
      body,
      responses: { 200: packageObject },
    },
    async ({ projectId, params, body: b, merchant }) => {
      const { offeringId, package: pkg } = packageOf(await servedProject(ctx, projectId), params.package_id);
      const { project, done } = await writeCatalogueEdit(ctx, merchant, projectId, {
        operationId,
        targetType: "package",
        action,
        targetId: params.package_id,
        edit: editOf(offeringId, pkg.identifier, b),
      });
      return toPackageObject(project, done.after!);
    },
  );
}
