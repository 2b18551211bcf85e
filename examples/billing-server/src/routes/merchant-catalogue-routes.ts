import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import type { CatalogueProject } from "../catalogue/catalogue-schema.js";
import {
  applyEdit,
  attachEntitlementProducts,
  createEntitlement,
  createOffering,
  createPackage,
  createProduct,
  deleteEntitlement,
  deleteOffering,
  deletePackage,
  deleteProduct,
  detachEntitlementProducts,
  detachPackageProducts,
  findPackage,
  updateEntitlement,
  updateOffering,
  updatePackage,
  updateProduct,
  type EditDone,
  type EditRefusal,
  type PlacedPackage,
  type ProjectEdit,
} from "../catalogue/catalogue-edit.js";
import { catalogueDocument, editCatalogue } from "../catalogue/catalogue-versions.js";
import { recordAudit } from "../merchant/audit-log.js";
import { DEFAULT_PAGE_SIZE, listOf, listPage, pageQuery } from "../merchant/list-page.js";
import { MerchantError } from "../merchant/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import { secretKeyActor, type MerchantCaller } from "../merchant/secret-keys.js";
import {
  catalogueKey,
  deletedObject,
  entitlementCreateBody,
  offeringCreateBody,
  packageCreateBody,
  productCreateBody,
  productIdList,
  productUpdateBody,
  entitlementObject,
  offeringObject,
  packageIdOf,
  packageObject,
  productObject,
  resolvePackageId,
  toEntitlementObject,
  toOfferingObject,
  toPackageObject,
  toProductObject,
} from "../merchant/v2-catalogue.js";

const P = "/v2/projects/:project_id";
const key = catalogueKey;
const ids = productIdList;
const projectParams = z.object({ project_id: z.string().max(255) });
const productParams = projectParams.extend({ product_id: key });
const entitlementParams = projectParams.extend({ entitlement_id: key });
const offeringParams = projectParams.extend({ offering_id: key });
const packageParams = projectParams.extend({ package_id: z.string().min(1).max(512) });

/** `expand`: a comma-separated list of `values`. */
function expandQuery<const V extends string>(values: [V, ...V[]]) {
  return z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v ? v.split(",") : []))
    .pipe(z.array(z.enum(values)))
    .describe(`Fields to expand, comma-separated: ${values.join(", ")}.`);
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

/** The project in the served catalogue version. */
async function servedProject(ctx: BillingContext, projectId: string): Promise<CatalogueProject> {
  const project = (await catalogueDocument(ctx.db))?.projects.find((p) => p.id === projectId);
  if (!project)
    throw new MerchantError(404, "resource_missing", "Project not found.", { param: "project_id" });
  return project;
}

const missing = (what: string, param: string) =>
  new MerchantError(404, "resource_missing", `No ${what} has that id.`, { param });

/** One page of `items` (the catalogue's order) after `starting_after`. */
function page<T>(
  items: T[],
  idOf: (item: T) => string,
  query: { limit?: number; starting_after?: string },
  url: string,
) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (query.starting_after !== undefined) {
    start = items.findIndex((item) => idOf(item) === query.starting_after) + 1;
    if (start === 0) throw missing("item", "starting_after");
  }
  return listPage(items.slice(start, start + limit + 1), limit, url, idOf);
}

/** Which write, for the version's source and the audit log. */
interface Write<T> {
  operationId: string;
  targetType: "product" | "entitlement" | "offering" | "package";
  action: string;
  targetId: string;
  edit: ProjectEdit<T>;
}

/**
 * Applies an edit to the newest version under the import lock, imports the result as a new version and records the
 * audit entry in the same transaction (none when nothing changed: a retry). A refusal changes nothing.
 */
async function write<T>(
  ctx: BillingContext,
  merchant: MerchantCaller | null,
  projectId: string,
  w: Write<T>,
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

/** RevenueCat v2 catalogue: products, entitlements, offerings and packages, kept as catalogue versions. */
export async function merchantCatalogueRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
): Promise<void> {
  const read = { api: "v2", scope: "catalogue:read" } as const;
  const edit = { api: "v2", scope: "catalogue:write" } as const;
  const deleted = (object: z.infer<typeof deletedObject>["object"], id: string) => ({
    object,
    id,
    deleted_at: ctx.now().getTime(),
  });

  // Products
  const productTag = { tag: "Products" };
  api.route(
    app,
    {
      ...read,
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
      return page(items, (i) => i.id, query, `/v2/projects/${projectId}/products`);
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      if (body.app_id !== undefined && body.app_id !== projectId) throw missing("app", "app_id");
      const { title, display_name, store_identifier, type, subscription: _, app_id: __, ...rest } = body;
      const { project, done } = await write(ctx, merchant, projectId, {
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
      ...read,
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
      if (!product) throw missing("product", "product_id");
      return toProductObject(projectId, product);
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      const { project, done } = await write(ctx, merchant, projectId, {
        operationId: "update-product",
        targetType: "product",
        action: "update",
        targetId: params.product_id,
        edit: updateProduct(params.product_id, { ...rest, title: title ?? display_name }),
      });
      return toProductObject(project.id, done.after!);
    },
  );
  api.route(
    app,
    {
      ...edit,
      ...productTag,
      method: "DELETE",
      url: `${P}/products/:product_id`,
      operationId: "delete-product",
      summary: "Delete a product: refused (422) while a package, an entitlement or a promotion code names it",
      params: productParams,
      responses: { 200: deletedObject },
    },
    async ({ projectId, params, merchant }) => {
      await write(ctx, merchant, projectId, {
        operationId: "delete-product",
        targetType: "product",
        action: "delete",
        targetId: params.product_id,
        edit: deleteProduct(params.product_id),
      });
      return deleted("product", params.product_id);
    },
  );

  // Entitlements
  const entitlementTag = { tag: "Entitlements" };
  const productsExpand = (e: string[]) => ({
    products: e.includes("product") || e.includes("items.product"),
  });
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
        ...edit,
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
        const { project } = await write(ctx, merchant, projectId, {
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
      ...read,
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
      return page(items, (i) => i.id, query, `/v2/projects/${projectId}/entitlements`);
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      const { project, done } = await write(ctx, merchant, projectId, {
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
      ...read,
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
      if (!entitlement) throw missing("entitlement", "entitlement_id");
      return toEntitlementObject(project, entitlement, productsExpand(query.expand));
    },
  );
  api.route(
    app,
    {
      ...read,
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
      if (!entitlement) throw missing("entitlement", "entitlement_id");
      const items = project.products.filter((p) => entitlement.products.includes(p.identifier));
      const url = `/v2/projects/${projectId}/entitlements/${encodeURIComponent(entitlement.identifier)}/products`;
      return page(
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
  api.route(
    app,
    {
      ...edit,
      ...entitlementTag,
      method: "DELETE",
      url: `${P}/entitlements/:entitlement_id`,
      operationId: "delete-entitlement",
      summary: "Delete an entitlement",
      params: entitlementParams,
      responses: { 200: deletedObject },
    },
    async ({ projectId, params, merchant }) => {
      await write(ctx, merchant, projectId, {
        operationId: "delete-entitlement",
        targetType: "entitlement",
        action: "delete",
        targetId: params.entitlement_id,
        edit: deleteEntitlement(params.entitlement_id),
      });
      return deleted("entitlement", params.entitlement_id);
    },
  );

  // Offerings
  const offeringTag = { tag: "Offerings" };
  const offeringExpand = (e: string[]) => ({
    packages: e.some((x) => x.includes("package")),
    products: e.some((x) => x.endsWith("package.product")),
  });
  api.route(
    app,
    {
      ...read,
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
      return page(items, (i) => i.id, query, `/v2/projects/${projectId}/offerings`);
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      const { project, done } = await write(ctx, merchant, projectId, {
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
  api.route(
    app,
    {
      ...read,
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
      if (!offering) throw missing("offering", "offering_id");
      return toOfferingObject(project, offering, offeringExpand(query.expand));
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      const { project, done } = await write(ctx, merchant, projectId, {
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
  api.route(
    app,
    {
      ...edit,
      ...offeringTag,
      method: "DELETE",
      url: `${P}/offerings/:offering_id`,
      operationId: "delete-offering",
      summary:
        "Delete an offering and its packages: refused (422) while it is current or a placement shows it",
      params: offeringParams,
      responses: { 200: deletedObject },
    },
    async ({ projectId, params, merchant }) => {
      await write(ctx, merchant, projectId, {
        operationId: "delete-offering",
        targetType: "offering",
        action: "delete",
        targetId: params.offering_id,
        edit: deleteOffering(params.offering_id),
      });
      return deleted("offering", params.offering_id);
    },
  );

  // Packages
  const packageTag = { tag: "Packages" };
  /** The package a v2 id names in the served catalogue, or a 404. */
  const packageOf = (project: CatalogueProject, id: string): PlacedPackage => {
    const where = resolvePackageId(project, id);
    const placed = where && findPackage(project, where.offeringId, where.packageIdentifier);
    if (!placed) throw missing("package", "package_id");
    return placed;
  };
  api.route(
    app,
    {
      ...read,
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
      if (!offering) throw missing("offering", "offering_id");
      const items = offering.packages.map((pkg, i) =>
        toPackageObject(
          project,
          { offeringId: offering.identifier, package: pkg, position: i + 1 },
          productsExpand(query.expand),
        ),
      );
      const url = `/v2/projects/${projectId}/offerings/${encodeURIComponent(offering.identifier)}/packages`;
      return page(items, (i) => i.id, query, url);
    },
  );
  api.route(
    app,
    {
      ...edit,
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
      const { project, done } = await write(ctx, merchant, projectId, {
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
  api.route(
    app,
    {
      ...read,
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
  /** A write to the package a v2 id names: resolved in the served version, applied to the newest under the lock. */
  const packageWrite = <B extends z.ZodType>(
    operationId: string,
    action: string,
    summary: string,
    body: B,
    editOf: (offeringId: string, packageId: string, b: z.output<B>) => ProjectEdit<PlacedPackage>,
  ) =>
    api.route(
      app,
      {
        ...edit,
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
        const { offeringId, package: pkg } = packageOf(
          await servedProject(ctx, projectId),
          params.package_id,
        );
        const { project, done } = await write(ctx, merchant, projectId, {
          operationId,
          targetType: "package",
          action,
          targetId: params.package_id,
          edit: editOf(offeringId, pkg.identifier, b),
        });
        return toPackageObject(project, done.after!);
      },
    );
  packageWrite(
    "update-package",
    "update",
    "Update a package: its position, or the product it sells (display_name is not kept)",
    z.object({
      display_name: z.string().max(1000).optional(),
      position: z.number().int().min(1).max(1000).optional(),
      product_id: key.optional(),
    }),
    (o, p, b: { position?: number; product_id?: string }) =>
      updatePackage(o, p, { position: b.position, productId: b.product_id }),
  );
  packageWrite(
    "attach-products-to-package",
    "attach_products",
    "Attach the product a package sells: one product, which replaces the one it sold (a package sells one here)",
    z.object({
      products: z
        .array(
          z.object({
            product_id: key,
            eligibility_criteria: z.enum(["all", "google_sdk_lt_6", "google_sdk_ge_6"]).optional(),
          }),
        )
        .length(1, "a package sells exactly one product here: attach one"),
    }),
    (o, p, b: { products: { product_id: string }[] }) =>
      updatePackage(o, p, { productId: b.products[0]!.product_id }),
  );
  packageWrite(
    "detach-products-from-package",
    "detach_products",
    "Detach products from a package: refused (422) for the product it sells, which it needs",
    z.object({ product_ids: ids }),
    (o, p, b: { product_ids: string[] }) => detachPackageProducts(o, p, b.product_ids),
  );
  api.route(
    app,
    {
      ...edit,
      ...packageTag,
      method: "DELETE",
      url: `${P}/packages/:package_id`,
      operationId: "delete-package",
      summary: "Delete a package: refused (422) for an offering's last, or one its paywall names",
      params: packageParams,
      responses: { 200: deletedObject },
    },
    async ({ projectId, params, merchant }) => {
      const { offeringId, package: pkg } = packageOf(await servedProject(ctx, projectId), params.package_id);
      await write(ctx, merchant, projectId, {
        operationId: "delete-package",
        targetType: "package",
        action: "delete",
        targetId: params.package_id,
        edit: deletePackage(offeringId, pkg.identifier),
      });
      return deleted("package", params.package_id);
    },
  );
}
