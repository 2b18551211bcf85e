// Edits of one project's catalogue (issue #48, the merchant API): pure functions from a validated catalogue and an
// edit to the next catalogue, or a refusal naming the field at fault. The next catalogue passes every cross-check
// `parseCatalogue` runs (it is checked with the same schema), so an edit can never leave a package, an entitlement
// or a paywall naming something that is gone: such an edit is refused, and nothing changes.
import { isDeepStrictEqual } from "node:util";
import {
  catalogueSchema,
  type Catalogue,
  type CatalogueProduct,
  type CatalogueProject,
} from "./catalogue-schema.js";

export type CatalogueEntitlement = CatalogueProject["entitlements"][number];
export type CatalogueOffering = CatalogueProject["offerings"][number];
export type CataloguePackage = CatalogueOffering["packages"][number];

/** A package with where it is: its offering and its place there (1 for the first). */
export interface PlacedPackage {
  offeringId: string;
  package: CataloguePackage;
  position: number;
}

/** Why an edit was refused: the object is missing, it exists already, or the catalogue would be invalid. */
export type EditRefusalCode = "not_found" | "already_exists" | "invalid";

/** A refused edit: its code, the request field at fault and a sentence for people. */
export interface EditRefusal {
  ok: false;
  code: EditRefusalCode;
  param: string;
  message: string;
}

/** One project's next state, the edited object before and after (null when absent), and the field a failed check blames. */
export interface ProjectChange<T> {
  project: CatalogueProject;
  before: T | null;
  after: T | null;
  param: string;
}

/** An edit of one project: its change, or a refusal. */
export type ProjectEdit<T> = (project: CatalogueProject) => ProjectChange<T> | EditRefusal;

/** An applied edit: the next catalogue (validated) and the object before and after. */
export interface EditDone<T> {
  ok: true;
  catalogue: Catalogue;
  before: T | null;
  after: T | null;
}

const refuse = (code: EditRefusalCode, param: string, message: string): EditRefusal => ({
  ok: false,
  code,
  param,
  message,
});

/** The same project with its object unchanged: a retried create, an update that sets what is there. */
const unchanged = <T>(project: CatalogueProject, object: T, param: string): ProjectChange<T> => ({
  project,
  before: object,
  after: object,
  param,
});

/**
 * Applies `edit` to project `projectId` of `catalogue`; the next catalogue must pass every cross-check, else the
 * edit is refused as `invalid`, naming the edit's field and listing the problems.
 *
 * @example
 * const done = applyEdit(catalogue, "realmheart", deleteProduct("premium_realm_monthly"));
 * if (!done.ok) console.log(done.code, done.param, done.message); // invalid product_id offering default names unknown product…
 */
export function applyEdit<T>(
  catalogue: Catalogue,
  projectId: string,
  edit: ProjectEdit<T>,
): EditDone<T> | EditRefusal {
  const project = catalogue.projects.find((p) => p.id === projectId);
  if (!project) return refuse("not_found", "project_id", `There is no project ${projectId}.`);
  const change = edit(project);
  if ("ok" in change) return change;
  const checked = catalogueSchema.safeParse({
    ...catalogue,
    projects: catalogue.projects.map((p) => (p === project ? change.project : p)),
  });
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => i.message).join("; ");
    return refuse("invalid", change.param, `The catalogue would be invalid: ${problems}.`);
  }
  return { ok: true, catalogue: checked.data, before: change.before, after: change.after };
}

/** The products of `ids` the project lacks, as a refusal, or null when it has them all. */
function missingProducts(
  project: CatalogueProject,
  ids: readonly string[],
  param: string,
): EditRefusal | null {
  const known = new Set(project.products.map((p) => p.identifier));
  const missing = ids.filter((id) => !known.has(id));
  return missing.length ? refuse("not_found", param, `No product has the id ${missing.join(", ")}.`) : null;
}

const productNotFound = (id: string) => refuse("not_found", "product_id", `No product has the id ${id}.`);
const entitlementNotFound = (id: string) =>
  refuse("not_found", "entitlement_id", `No entitlement has the id ${id}.`);
const offeringNotFound = (id: string) => refuse("not_found", "offering_id", `No offering has the id ${id}.`);

/** Replaces the element at `index` of `items` (or removes it, with `next` undefined). */
function replaced<T>(items: readonly T[], index: number, next?: T): T[] {
  return next === undefined
    ? items.filter((_, i) => i !== index)
    : items.map((x, i) => (i === index ? next : x));
}

/** Drops the keys whose value is undefined: a patch sets only what it names. */
function defined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Adds a product. The same product again is a retry (nothing changes); a different one under its id is refused.
 *
 * @example
 * applyEdit(catalogue, "realmheart", createProduct({ identifier: "gems", product_type: "consumable", … }));
 */
export function createProduct(product: CatalogueProduct): ProjectEdit<CatalogueProduct> {
  return (project) => {
    const existing = project.products.find((p) => p.identifier === product.identifier);
    if (existing) {
      if (isDeepStrictEqual(existing, product)) return unchanged(project, existing, "store_identifier");
      return refuse("already_exists", "store_identifier", `A product has the id ${product.identifier}.`);
    }
    return {
      project: { ...project, products: [...project.products, product] },
      before: null,
      after: product,
      param: "store_identifier",
    };
  };
}

/** What an update of a product may set: everything but its id and type (purchases name both). */
export type ProductPatch = Partial<Omit<CatalogueProduct, "identifier" | "product_type">>;

/**
 * Sets the fields `patch` names on product `id`.
 *
 * @example
 * applyEdit(catalogue, "realmheart", updateProduct("premium_realm_monthly", { title: "Premium (monthly)" }));
 */
export function updateProduct(id: string, patch: ProductPatch): ProjectEdit<CatalogueProduct> {
  return (project) => {
    const index = project.products.findIndex((p) => p.identifier === id);
    if (index < 0) return productNotFound(id);
    const before = project.products[index]!;
    const after = { ...before, ...defined(patch) };
    const param = Object.keys(defined(patch))[0] ?? "product_id";
    return {
      project: { ...project, products: replaced(project.products, index, after) },
      before,
      after,
      param,
    };
  };
}

/**
 * Removes product `id`; refused while a package, an entitlement or a promotion code names it.
 *
 * @example
 * applyEdit(catalogue, "realmheart", deleteProduct("old_product"));
 */
export function deleteProduct(id: string): ProjectEdit<CatalogueProduct> {
  return (project) => {
    const index = project.products.findIndex((p) => p.identifier === id);
    if (index < 0) return productNotFound(id);
    const before = project.products[index]!;
    return {
      project: { ...project, products: replaced(project.products, index) },
      before,
      after: null,
      param: "product_id",
    };
  };
}

/**
 * Adds an entitlement (it needs a product). The same one again is a retry; different products under its id are refused.
 *
 * @example
 * applyEdit(catalogue, "realmheart", createEntitlement({ identifier: "vip", products: ["premium_realm_annual"] }));
 */
export function createEntitlement(entitlement: CatalogueEntitlement): ProjectEdit<CatalogueEntitlement> {
  return (project) => {
    const missing = missingProducts(project, entitlement.products, "product_ids");
    if (missing) return missing;
    const existing = project.entitlements.find((e) => e.identifier === entitlement.identifier);
    if (existing) {
      if (isDeepStrictEqual(existing, entitlement)) return unchanged(project, existing, "lookup_key");
      return refuse("already_exists", "lookup_key", `An entitlement has the id ${entitlement.identifier}.`);
    }
    return {
      project: { ...project, entitlements: [...project.entitlements, entitlement] },
      before: null,
      after: entitlement,
      param: "lookup_key",
    };
  };
}

/** The entitlement `id` with its products set by `products` of the current ones. */
function editEntitlementProducts(
  id: string,
  productIds: readonly string[],
  products: (current: string[]) => string[],
): ProjectEdit<CatalogueEntitlement> {
  return (project) => {
    const index = project.entitlements.findIndex((e) => e.identifier === id);
    if (index < 0) return entitlementNotFound(id);
    const missing = missingProducts(project, productIds, "product_ids");
    if (missing) return missing;
    const before = project.entitlements[index]!;
    const after = { ...before, products: products(before.products) };
    if (isDeepStrictEqual(before, after)) return unchanged(project, before, "product_ids");
    return {
      project: { ...project, entitlements: replaced(project.entitlements, index, after) },
      before,
      after,
      param: "product_ids",
    };
  };
}

/**
 * Sets the products that grant entitlement `id` (all of them, in this order); with none named, changes nothing.
 *
 * @example
 * applyEdit(catalogue, "realmheart", updateEntitlement("premium", ["premium_realm_annual"]));
 */
export function updateEntitlement(
  id: string,
  productIds?: readonly string[],
): ProjectEdit<CatalogueEntitlement> {
  return editEntitlementProducts(id, productIds ?? [], (current) => (productIds ? [...productIds] : current));
}

/**
 * Adds products to those that grant entitlement `id`; products it has already are kept where they are.
 *
 * @example
 * applyEdit(catalogue, "realmheart", attachEntitlementProducts("premium", ["lifetime"]));
 */
export function attachEntitlementProducts(
  id: string,
  productIds: readonly string[],
): ProjectEdit<CatalogueEntitlement> {
  return editEntitlementProducts(id, productIds, (current) => [
    ...current,
    ...[...new Set(productIds)].filter((p) => !current.includes(p)),
  ]);
}

/**
 * Removes products from those that grant entitlement `id` (refused when none would be left); a product it does not
 * have is no change.
 *
 * @example
 * applyEdit(catalogue, "realmheart", detachEntitlementProducts("premium", ["premium_realm_monthly"]));
 */
export function detachEntitlementProducts(
  id: string,
  productIds: readonly string[],
): ProjectEdit<CatalogueEntitlement> {
  return (project) => {
    const edit = editEntitlementProducts(id, [], (current) => current.filter((p) => !productIds.includes(p)));
    const change = edit(project);
    if ("ok" in change || change.after?.products.length) return change;
    return refuse(
      "invalid",
      "product_ids",
      `Entitlement ${id} needs a product: detaching them all is refused; delete it instead.`,
    );
  };
}

/**
 * Removes entitlement `id`. Customers keep what they bought; the entitlement is no longer granted.
 *
 * @example
 * applyEdit(catalogue, "realmheart", deleteEntitlement("vip"));
 */
export function deleteEntitlement(id: string): ProjectEdit<CatalogueEntitlement> {
  return (project) => {
    const index = project.entitlements.findIndex((e) => e.identifier === id);
    if (index < 0) return entitlementNotFound(id);
    const before = project.entitlements[index]!;
    return {
      project: { ...project, entitlements: replaced(project.entitlements, index) },
      before,
      after: null,
      param: "entitlement_id",
    };
  };
}

/** Whether the offering is the project's current one. */
export function isCurrentOffering(project: CatalogueProject, id: string): boolean {
  return project.current_offering_id === id;
}

/**
 * Adds an offering (it needs a package; products named must exist). The same one again is a retry; a different
 * one under its id is refused.
 *
 * @example
 * applyEdit(catalogue, "realmheart", createOffering({ identifier: "sale", description: "Sale", packages: [...], … }));
 */
export function createOffering(offering: CatalogueOffering): ProjectEdit<CatalogueOffering> {
  return (project) => {
    const missing = missingProducts(
      project,
      offering.packages.map((p) => p.platform_product_identifier),
      "packages",
    );
    if (missing) return missing;
    const existing = project.offerings.find((o) => o.identifier === offering.identifier);
    if (existing) {
      if (isDeepStrictEqual(existing, offering)) return unchanged(project, existing, "lookup_key");
      return refuse("already_exists", "lookup_key", `An offering has the id ${offering.identifier}.`);
    }
    return {
      project: { ...project, offerings: [...project.offerings, offering] },
      before: null,
      after: offering,
      param: "lookup_key",
    };
  };
}

/** What an update of an offering may set. */
export interface OfferingPatch {
  description?: string;
  metadata?: Record<string, unknown> | null;
  /** true makes it the current offering; false, when it is current, leaves the project without one. */
  isCurrent?: boolean;
}

/**
 * Sets an offering's description, metadata, or whether it is current.
 *
 * @example
 * applyEdit(catalogue, "realmheart", updateOffering("sale", { isCurrent: true }));
 */
export function updateOffering(id: string, patch: OfferingPatch): ProjectEdit<CatalogueOffering> {
  return (project) => {
    const index = project.offerings.findIndex((o) => o.identifier === id);
    if (index < 0) return offeringNotFound(id);
    const before = project.offerings[index]!;
    const after = { ...before, ...defined({ description: patch.description, metadata: patch.metadata }) };
    let current = project.current_offering_id;
    if (patch.isCurrent === true) current = id;
    else if (patch.isCurrent === false && current === id) current = null;
    return {
      project: {
        ...project,
        offerings: replaced(project.offerings, index, after),
        current_offering_id: current,
      },
      before,
      after,
      param:
        patch.isCurrent !== undefined
          ? "is_current"
          : patch.metadata !== undefined
            ? "metadata"
            : "display_name",
    };
  };
}

/**
 * Removes an offering and its packages; refused while it is current or a placement shows it.
 *
 * @example
 * applyEdit(catalogue, "realmheart", deleteOffering("sale"));
 */
export function deleteOffering(id: string): ProjectEdit<CatalogueOffering> {
  return (project) => {
    const index = project.offerings.findIndex((o) => o.identifier === id);
    if (index < 0) return offeringNotFound(id);
    const before = project.offerings[index]!;
    return {
      project: { ...project, offerings: replaced(project.offerings, index) },
      before,
      after: null,
      param: "offering_id",
    };
  };
}

/** The package `packageId` of offering `offeringId` with its place, or null. */
export function findPackage(
  project: CatalogueProject,
  offeringId: string,
  packageId: string,
): PlacedPackage | null {
  const offering = project.offerings.find((o) => o.identifier === offeringId);
  const index = offering?.packages.findIndex((p) => p.identifier === packageId) ?? -1;
  return index < 0 ? null : { offeringId, package: offering!.packages[index]!, position: index + 1 };
}

/** `packages` with `pkg` at `position` (1 for the first; clamped to the list). */
function placed(packages: CataloguePackage[], pkg: CataloguePackage, position: number): CataloguePackage[] {
  const index = Math.min(Math.max(position - 1, 0), packages.length);
  return [...packages.slice(0, index), pkg, ...packages.slice(index)];
}

/** The project with offering `offeringId`'s packages set. */
function withPackages(
  project: CatalogueProject,
  offeringId: string,
  packages: CataloguePackage[],
): CatalogueProject {
  return {
    ...project,
    offerings: project.offerings.map((o) => (o.identifier === offeringId ? { ...o, packages } : o)),
  };
}

/**
 * Adds a package to an offering, at `position` (the end by default). The same package again is a retry; another
 * product under its id is refused.
 *
 * @example
 * applyEdit(catalogue, "realmheart", createPackage("default", { identifier: "$rc_lifetime", platform_product_identifier: "lifetime" }));
 */
export function createPackage(
  offeringId: string,
  pkg: CataloguePackage,
  position?: number,
): ProjectEdit<PlacedPackage> {
  return (project) => {
    const offering = project.offerings.find((o) => o.identifier === offeringId);
    if (!offering) return offeringNotFound(offeringId);
    const missing = missingProducts(project, [pkg.platform_product_identifier], "product_id");
    if (missing) return missing;
    const existing = findPackage(project, offeringId, pkg.identifier);
    if (existing) {
      if (isDeepStrictEqual(existing.package, pkg)) return unchanged(project, existing, "lookup_key");
      return refuse(
        "already_exists",
        "lookup_key",
        `Offering ${offeringId} has a package ${pkg.identifier}.`,
      );
    }
    const packages = placed(offering.packages, pkg, position ?? offering.packages.length + 1);
    const next = withPackages(project, offeringId, packages);
    return {
      project: next,
      before: null,
      after: findPackage(next, offeringId, pkg.identifier),
      param: "lookup_key",
    };
  };
}

/** What an update of a package may set: its place, and the product it sells. */
export interface PackagePatch {
  position?: number;
  productId?: string;
}

/**
 * Moves a package, or makes it sell another product (a package sells one product here).
 *
 * @example
 * applyEdit(catalogue, "realmheart", updatePackage("default", "$rc_annual", { position: 1 }));
 */
export function updatePackage(
  offeringId: string,
  packageId: string,
  patch: PackagePatch,
): ProjectEdit<PlacedPackage> {
  return (project) => {
    const before = findPackage(project, offeringId, packageId);
    if (!before)
      return refuse("not_found", "package_id", `No package has the id ${offeringId}:${packageId}.`);
    if (patch.productId !== undefined) {
      const missing = missingProducts(project, [patch.productId], "product_id");
      if (missing) return missing;
    }
    const pkg = { ...before.package, ...defined({ platform_product_identifier: patch.productId }) };
    const others = project.offerings
      .find((o) => o.identifier === offeringId)!
      .packages.filter((p) => p.identifier !== packageId);
    const next = withPackages(project, offeringId, placed(others, pkg, patch.position ?? before.position));
    return {
      project: next,
      before,
      after: findPackage(next, offeringId, packageId),
      param: patch.productId !== undefined ? "product_id" : "position",
    };
  };
}

/**
 * Removes a package; refused when it is its offering's last, or a paywall or workflow of the offering names it.
 *
 * @example
 * applyEdit(catalogue, "realmheart", deletePackage("default", "$rc_monthly"));
 */
export function deletePackage(offeringId: string, packageId: string): ProjectEdit<PlacedPackage> {
  return (project) => {
    const before = findPackage(project, offeringId, packageId);
    if (!before)
      return refuse("not_found", "package_id", `No package has the id ${offeringId}:${packageId}.`);
    const offering = project.offerings.find((o) => o.identifier === offeringId)!;
    if (offering.packages.length === 1) {
      return refuse(
        "invalid",
        "package_id",
        `Package ${packageId} is offering ${offeringId}'s last: delete the offering instead.`,
      );
    }
    const packages = offering.packages.filter((p) => p.identifier !== packageId);
    return { project: withPackages(project, offeringId, packages), before, after: null, param: "package_id" };
  };
}

/**
 * Detaching the product a package sells is refused (a package sells exactly one: attach another to replace it);
 * products it does not sell are no change.
 *
 * @example
 * applyEdit(catalogue, "realmheart", detachPackageProducts("default", "$rc_annual", ["other"])); // unchanged
 */
export function detachPackageProducts(
  offeringId: string,
  packageId: string,
  productIds: readonly string[],
): ProjectEdit<PlacedPackage> {
  return (project) => {
    const current = findPackage(project, offeringId, packageId);
    if (!current)
      return refuse("not_found", "package_id", `No package has the id ${offeringId}:${packageId}.`);
    if (productIds.includes(current.package.platform_product_identifier)) {
      return refuse(
        "invalid",
        "product_ids",
        `Package ${packageId} sells exactly one product, ${current.package.platform_product_identifier}: attach another to replace it, or delete the package.`,
      );
    }
    return unchanged(project, current, "product_ids");
  };
}
