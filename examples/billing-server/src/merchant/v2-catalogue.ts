// The catalogue's objects as RevenueCat's REST API v2 answers them (product, entitlement, offering, package), with
// the catalogue's own fields beside RevenueCat's where RevenueCat has none (a product's prices). Our identifiers are
// the ids: a product's id and store_identifier are its identifier, an entitlement's and offering's id and lookup_key
// theirs. A package's identifier is unique only in its offering, so its id is `<offering id>:<package identifier>`.
// What the catalogue does not keep (when an object was made, an entitlement's or a package's display name) is null,
// or the identifier where RevenueCat's field may not be null.
import { z } from "zod";
import type { CatalogueProduct, CatalogueProject } from "../catalogue/catalogue-schema.js";
import { catalogueSchema } from "../catalogue/catalogue-schema.js";
import type { CatalogueEntitlement, CatalogueOffering, PlacedPackage } from "../catalogue/catalogue-edit.js";
import { listOf } from "./list-page.js";

/** The catalogue's product schema: the fields a product's create and update bodies take from it. */
export const catalogueProductFields = catalogueSchema.shape.projects.element.shape.products.element.shape;

/** The product types of the catalogue (RevenueCat's one_time and non_renewing_subscription have no match here). */
export const productTypeSchema = catalogueProductFields.product_type;

/** A product's fields that are the catalogue's own (its prices, grants…): its v2 object and create body take them alike. */
const productCatalogueFields = {
  description: catalogueProductFields.description,
  default_purchase_option_id: catalogueProductFields.default_purchase_option_id,
  purchase_options: catalogueProductFields.purchase_options,
  virtual_currency_grants: catalogueProductFields.virtual_currency_grants,
  subscription_group: catalogueProductFields.subscription_group,
  trial_eligibility: catalogueProductFields.trial_eligibility,
};

const createdAt = z
  .number()
  .int()
  .nullable()
  .describe(
    "When it was made, in ms since the epoch; null: the catalogue's versions do not keep it per object.",
  );

/** A product, as RevenueCat v2 answers one, with the catalogue's purchase options (its prices). */
export const productObject = z.object({
  object: z.literal("product"),
  id: z.string().describe("The product's identifier."),
  store_identifier: z.string().describe("The product's identifier, as checkout and receipts name it."),
  type: productTypeSchema,
  subscription: z
    .object({ duration: z.string().describe("The default option's period, ISO 8601: P1M, P1Y.") })
    .nullable(),
  one_time: z.object({}).nullable().describe("Set ({}) for a consumable or non-consumable product."),
  created_at: createdAt,
  app_id: z.string().describe("The project's id: a project of this server is its one web app."),
  app: z.null(),
  display_name: z.string().nullable().describe("Its title."),
  title: catalogueProductFields.title,
  ...productCatalogueFields,
});
export type ProductObject = z.infer<typeof productObject>;

/**
 * A catalogue product as a v2 product object.
 *
 * @example
 * toProductObject("realmheart", product); // { object: "product", id: "premium_realm_monthly", type: "subscription", … }
 */
export function toProductObject(projectId: string, product: CatalogueProduct): ProductObject {
  const option = product.purchase_options[product.default_purchase_option_id];
  const duration = option && "base" in option ? option.base.period_duration : null;
  return {
    object: "product",
    id: product.identifier,
    store_identifier: product.identifier,
    type: product.product_type,
    subscription: product.product_type === "subscription" && duration ? { duration } : null,
    one_time: product.product_type === "subscription" ? null : {},
    created_at: null,
    app_id: projectId,
    app: null,
    display_name: product.title,
    title: product.title,
    description: product.description,
    default_purchase_option_id: product.default_purchase_option_id,
    purchase_options: product.purchase_options,
    virtual_currency_grants: product.virtual_currency_grants,
    subscription_group: product.subscription_group,
    trial_eligibility: product.trial_eligibility,
  };
}

/** A list that `expand` fills in an object (an entitlement's products, an offering's packages). */
const expandedList = <T extends z.ZodType>(item: T, what: string) =>
  listOf(item).nullable().describe(`${what}; null unless \`expand\` asks for them.`);

/** An entitlement, as RevenueCat v2 answers one, with the ids of the products that grant it. */
export const entitlementObject = z.object({
  object: z.literal("entitlement"),
  project_id: z.string(),
  id: z.string().describe("The entitlement's identifier."),
  lookup_key: z.string().describe("The entitlement's identifier, as customer info lists it."),
  display_name: z.string().describe("Its identifier: the catalogue keeps no display name for entitlements."),
  created_at: createdAt,
  product_ids: z.array(z.string()).describe("The ids of the products that grant it."),
  products: expandedList(productObject, "The products that grant it (expand=product)"),
});
export type EntitlementObject = z.infer<typeof entitlementObject>;

const productsOf = (project: CatalogueProject, ids: readonly string[]) =>
  ids.flatMap((id) => project.products.filter((p) => p.identifier === id));

/**
 * The path of the list under one object of a project: an entitlement's products, an offering's packages, a package's
 * products.
 *
 * @example
 * objectListUrl("realmheart", "entitlements", "premium", "products"); // "/v2/projects/realmheart/entitlements/premium/products"
 */
export function objectListUrl(
  projectId: string,
  objects: "entitlements" | "offerings" | "packages",
  id: string,
  list: "products" | "packages",
): string {
  return `/v2/projects/${projectId}/${objects}/${encodeURIComponent(id)}/${list}`;
}

/** The list under an object as `expand` nests it: whole, in one page, at `url`; null unless `expand` asks for it. */
function nestedList<T>(expanded: boolean | undefined, url: string, items: () => T[]) {
  return expanded ? { object: "list" as const, items: items(), next_page: null, url } : null;
}

/**
 * A catalogue entitlement as a v2 entitlement object; with `expand`, its products too.
 *
 * @example
 * toEntitlementObject(project, project.entitlements[0], { products: true });
 */
export function toEntitlementObject(
  project: CatalogueProject,
  entitlement: CatalogueEntitlement,
  expand: { products?: boolean } = {},
): EntitlementObject {
  return {
    object: "entitlement",
    project_id: project.id,
    id: entitlement.identifier,
    lookup_key: entitlement.identifier,
    display_name: entitlement.identifier,
    created_at: null,
    product_ids: entitlement.products,
    products: nestedList(
      expand.products,
      objectListUrl(project.id, "entitlements", entitlement.identifier, "products"),
      () => productsOf(project, entitlement.products).map((p) => toProductObject(project.id, p)),
    ),
  };
}

/** The id of a package in the v2 API: `<offering id>:<package identifier>`. */
export function packageIdOf(offeringId: string, packageIdentifier: string): string {
  return `${offeringId}:${packageIdentifier}`;
}

/**
 * The offering and package a v2 package id names in `project`, or null. Either part may hold a colon, so every split
 * is tried against the catalogue.
 *
 * @example
 * resolvePackageId(project, "default:$rc_monthly"); // { offeringId: "default", packageIdentifier: "$rc_monthly" }
 */
export function resolvePackageId(
  project: CatalogueProject,
  id: string,
): { offeringId: string; packageIdentifier: string } | null {
  for (let at = id.indexOf(":"); at >= 0; at = id.indexOf(":", at + 1)) {
    const offeringId = id.slice(0, at);
    const packageIdentifier = id.slice(at + 1);
    const offering = project.offerings.find((o) => o.identifier === offeringId);
    if (offering?.packages.some((p) => p.identifier === packageIdentifier))
      return { offeringId, packageIdentifier };
  }
  return null;
}

/** A package, as RevenueCat v2 answers one, with its offering and the product it sells. */
export const packageObject = z.object({
  object: z.literal("package"),
  id: z
    .string()
    .describe("`<offering id>:<package identifier>`: package identifiers are unique per offering."),
  lookup_key: z.string().describe("The package's identifier in its offering: $rc_monthly, $rc_annual…"),
  display_name: z.string().describe("Its identifier: the catalogue keeps no display name for packages."),
  position: z.number().int().describe("Its place in the offering, 1 for the first."),
  created_at: createdAt,
  offering_id: z.string(),
  product_id: z.string().describe("The product it sells: a package sells exactly one here."),
  products: expandedList(
    z.object({ product: productObject, eligibility_criteria: z.literal("all") }),
    "The product it sells (expand=product)",
  ),
});
export type PackageObject = z.infer<typeof packageObject>;

/**
 * A placed catalogue package as a v2 package object; with `expand`, its product too.
 *
 * @example
 * toPackageObject(project, { offeringId: "default", package: pkg, position: 1 });
 */
export function toPackageObject(
  project: CatalogueProject,
  placed: PlacedPackage,
  expand: { products?: boolean } = {},
): PackageObject {
  const id = packageIdOf(placed.offeringId, placed.package.identifier);
  const productId = placed.package.platform_product_identifier;
  return {
    object: "package",
    id,
    lookup_key: placed.package.identifier,
    display_name: placed.package.identifier,
    position: placed.position,
    created_at: null,
    offering_id: placed.offeringId,
    product_id: productId,
    products: nestedList(expand.products, objectListUrl(project.id, "packages", id, "products"), () =>
      productsOf(project, [productId]).map((p) => ({
        product: toProductObject(project.id, p),
        eligibility_criteria: "all" as const,
      })),
    ),
  };
}

/** An offering, as RevenueCat v2 answers one. */
export const offeringObject = z.object({
  object: z.literal("offering"),
  id: z.string().describe("The offering's identifier."),
  lookup_key: z.string().describe("The offering's identifier, as getOfferings names it."),
  display_name: z.string().describe("Its description, as the app is served it."),
  is_current: z.boolean(),
  created_at: createdAt,
  project_id: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  packages: expandedList(packageObject, "Its packages, in order (expand=package, or package.product)"),
});
export type OfferingObject = z.infer<typeof offeringObject>;

/**
 * A catalogue offering as a v2 offering object; with `expand`, its packages (and their products).
 *
 * @example
 * toOfferingObject(project, project.offerings[0], { packages: true, products: false });
 */
export function toOfferingObject(
  project: CatalogueProject,
  offering: CatalogueOffering,
  expand: { packages?: boolean; products?: boolean } = {},
): OfferingObject {
  return {
    object: "offering",
    id: offering.identifier,
    lookup_key: offering.identifier,
    display_name: offering.description,
    is_current: project.current_offering_id === offering.identifier,
    created_at: null,
    project_id: project.id,
    metadata: offering.metadata,
    packages: nestedList(
      expand.packages,
      objectListUrl(project.id, "offerings", offering.identifier, "packages"),
      () => offeringPackageObjects(project, offering, { products: expand.products }),
    ),
  };
}

/**
 * An offering's packages, in order, as v2 package objects; with `expand`, their products too.
 *
 * @example
 * offeringPackageObjects(project, project.offerings[0]); // [{ object: "package", id: "default:$rc_monthly", position: 1, … }]
 */
export function offeringPackageObjects(
  project: CatalogueProject,
  offering: CatalogueOffering,
  expand: { products?: boolean } = {},
): PackageObject[] {
  return offering.packages.map((pkg, i) =>
    toPackageObject(project, { offeringId: offering.identifier, package: pkg, position: i + 1 }, expand),
  );
}

/** What a delete answers: the kind of object, its id and when. */
export const deletedObject = z.object({
  object: z.enum(["product", "entitlement", "offering", "package"]),
  id: z.string(),
  deleted_at: z.number().int().describe("When, in ms since the epoch."),
});

// Request bodies: RevenueCat v2's fields, and the catalogue's own where a catalogue object needs more (a product's
// prices, an entitlement's products, an offering's packages, a package's product).

/** An id in a path or a body: an identifier of the catalogue. */
export const catalogueKey = z.string().min(1).max(255);

/** A list of product ids in a body. */
export const productIdList = z.array(catalogueKey).min(1).max(100);

const productBody = z.object({
  type: productTypeSchema,
  display_name: z.string().min(1).max(255).nullable().optional().describe("Its title (as `title`)."),
  title: z.string().min(1).max(255).nullable().optional().describe("Its title; display_name when omitted."),
  subscription: z
    .object({ duration: z.string().describe("Must be the default option's period: P1M, P1Y…") })
    .nullable()
    .optional(),
  ...productCatalogueFields,
});

export const productCreateBody = productBody
  .extend({
    store_identifier: catalogueKey.describe("The product's id: what checkout, receipts and packages name."),
    app_id: z
      .string()
      .max(255)
      .optional()
      .describe("The project's id, if given: a project is its one web app."),
  })
  .superRefine((b, ctx) => {
    if (!b.title && !b.display_name) {
      ctx.addIssue({ code: "custom", path: ["display_name"], message: "display_name or title is required" });
    }
    const option = b.purchase_options[b.default_purchase_option_id];
    const period = option && "base" in option ? option.base.period_duration : null;
    if (b.subscription && (b.type !== "subscription" || b.subscription.duration !== period)) {
      ctx.addIssue({
        code: "custom",
        path: ["subscription", "duration"],
        message: "subscription.duration must be the default purchase option's base period_duration",
      });
    }
  });

export const productUpdateBody = z.object({
  display_name: z.string().min(1).max(255).optional(),
  title: z.string().min(1).max(255).optional(),
  description: catalogueProductFields.description.unwrap().optional(),
  default_purchase_option_id: catalogueProductFields.default_purchase_option_id.optional(),
  purchase_options: catalogueProductFields.purchase_options.optional(),
  virtual_currency_grants: catalogueProductFields.virtual_currency_grants.unwrap().optional(),
  subscription_group: catalogueProductFields.subscription_group.unwrap().optional(),
  trial_eligibility: catalogueProductFields.trial_eligibility.unwrap().optional(),
});

export const entitlementCreateBody = z.object({
  lookup_key: catalogueKey.describe("The entitlement's id (premium)."),
  display_name: z
    .string()
    .max(1000)
    .optional()
    .describe("Not kept: the catalogue names an entitlement by its id."),
  product_ids: productIdList.describe("The products that grant it: an entitlement needs one."),
});

export const offeringCreateBody = z.object({
  lookup_key: catalogueKey.describe("The offering's id."),
  display_name: z.string().min(1).max(1000).describe("Its description, served to the app."),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  packages: z
    .array(
      z.object({
        lookup_key: catalogueKey.describe("The package's identifier ($rc_monthly…)."),
        product_id: catalogueKey.describe("The product it sells."),
      }),
    )
    .min(1)
    .max(50)
    .refine((p) => new Set(p.map((x) => x.lookup_key)).size === p.length, "package lookup_keys must differ")
    .describe("What it sells, in order: an offering needs a package."),
});

export const packageCreateBody = z.object({
  lookup_key: catalogueKey.describe("The package's identifier in the offering ($rc_monthly…)."),
  display_name: z
    .string()
    .max(1000)
    .optional()
    .describe("Not kept: the catalogue names a package by its id."),
  position: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Its place, 1 for the first (last by default)."),
  product_id: catalogueKey.describe("The product it sells: a package sells exactly one here."),
});
