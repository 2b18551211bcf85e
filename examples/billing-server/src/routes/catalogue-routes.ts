import type { FastifyInstance } from "fastify";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { offerings, products, projects } from "../db/schema.js";
import type { WirePurchaseOption } from "../domain/checkout-plan.js";
import { validAppUserId } from "../domain/customers.js";
import { isTrialEligible, offeredOption, triedTrialFamilies } from "../domain/trial-eligibility.js";
import { parseInput } from "../http/validation.js";

const userParams = z.object({ appUserId: z.string() });
const currencyQuery = z
  .string()
  .regex(/^[A-Z]{3}$/, "currency must be three uppercase letters")
  .optional();
const productsQuery = z.object({
  id: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().min(1).max(200)).min(1).max(100)),
  currency: currencyQuery,
});
/**
 * `include=product_details,branding`: the offerings' products and the project's branding sent along
 * (docs/protocol.md), saving the SDK two requests.
 */
const offeringsQuery = z.object({
  include: z
    .string()
    .transform((v) => new Set(v.split(",")))
    .pipe(
      z.set(
        z.enum(["product_details", "branding"], {
          message: 'include lists "product_details", "branding" or both, separated by a comma',
        }),
      ),
    )
    .optional(),
  currency: currencyQuery,
});

/** Offerings, products and branding: the read-only catalogue calls. */
export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.get("/v1/subscribers/:appUserId/offerings", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    const query = parseInput(offeringsQuery, request.query);
    const { projectId } = request.caller;
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const rows = await ctx.db
      .select()
      .from(offerings)
      .where(eq(offerings.projectId, projectId))
      .orderBy(asc(offerings.position));
    const productIds = rows.flatMap((o) =>
      (o.packages as { platform_product_identifier: string }[]).map((p) => p.platform_product_identifier),
    );
    const details =
      query.include?.has("product_details") &&
      (await productDetails(ctx, projectId, appUserId, [...new Set(productIds)]));
    // This server hosts no page that sells without the SDK, so no offering or package has a web checkout URL;
    // the field is still sent (null), as the protocol names it.
    return {
      current_offering_id: project?.currentOfferingId ?? null,
      offerings: rows.map((o) => ({
        identifier: o.identifier,
        description: o.description,
        metadata: o.metadata,
        // Seeded from the validated catalogue: a list of { identifier, platform_product_identifier }.
        packages: (o.packages as object[]).map((p) => ({ ...p, web_checkout_url: null })),
        paywall_components: o.paywallComponents,
        web_checkout_url: null,
      })),
      placements: project?.placements ?? null,
      targeting: project?.targeting ?? null,
      ui_config: uiConfigOf(project),
      ...(details && { product_details: details }),
      ...(query.include?.has("branding") && { branding: project?.branding ?? {} }),
    };
  });

  app.get("/rcbilling/v1/subscribers/:appUserId/products", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    const query = parseInput(productsQuery, request.query, BillingErrorCode.ProductIdsMalformed);
    const { projectId } = request.caller;
    return { product_details: await productDetails(ctx, projectId, appUserId, query.id) };
  });

  app.get("/rcbilling/v1/branding", async (request) => {
    const [project] = await ctx.db
      .select({ branding: projects.branding })
      .from(projects)
      .where(eq(projects.id, request.caller.projectId));
    return project?.branding ?? {};
  });
}

/**
 * The details of the products `ids` (those the catalogue has, in its order) as the customer is offered them: a
 * paywall must not promise a free trial the checkout would not give. Prices are kept in one currency per product;
 * a request for another currency gets the catalogue's own.
 */
async function productDetails(ctx: BillingContext, projectId: string, appUserId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.projectId, projectId), inArray(products.identifier, ids)))
    .orderBy(asc(products.position));
  const tried = await triedTrialFamilies(ctx.db, projectId, appUserId);
  return rows.map((p) => {
    const trialEligible = isTrialEligible(p, tried);
    const options = p.purchaseOptions as Record<string, WirePurchaseOption>;
    return {
      identifier: p.identifier,
      product_type: p.productType,
      title: p.title,
      description: p.description,
      default_purchase_option_id: p.defaultPurchaseOptionId,
      purchase_options: Object.fromEntries(
        Object.entries(options).map(([id, option]) => [id, offeredOption(option, trialEligible)]),
      ),
    };
  });
}

/**
 * The `ui_config` of the offerings and workflow answers: the project's, or an empty one when it sets none, as the
 * hosted service sends it (purchases-js's paywall and workflow renderers read `ui_config.app` without checking).
 */
export function uiConfigOf(project: { uiConfig: unknown } | undefined): unknown {
  return project?.uiConfig ?? { app: { colors: {}, fonts: {} }, custom_variables: {} };
}
