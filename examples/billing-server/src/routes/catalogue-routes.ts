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
const productsQuery = z.object({
  id: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.string().min(1).max(200)).min(1).max(100)),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "currency must be three uppercase letters")
    .optional(),
});

/** Offerings, products and branding: the read-only catalogue calls. */
export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.get("/v1/subscribers/:appUserId/offerings", async (request) => {
    validAppUserId(parseInput(userParams, request.params).appUserId);
    const { projectId } = request.caller;
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const rows = await ctx.db
      .select()
      .from(offerings)
      .where(eq(offerings.projectId, projectId))
      .orderBy(asc(offerings.position));
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
    };
  });

  app.get("/rcbilling/v1/subscribers/:appUserId/products", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    const query = parseInput(productsQuery, request.query, BillingErrorCode.ProductIdsMalformed);
    const { projectId } = request.caller;
    const rows = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.projectId, projectId), inArray(products.identifier, query.id)))
      .orderBy(asc(products.position));
    // The customer's options: a paywall must not promise a free trial the checkout would not give.
    const tried = await triedTrialFamilies(ctx.db, projectId, appUserId);
    // Prices are kept in one currency per product; a request for another currency gets the catalogue's own.
    return {
      product_details: rows.map((p) => {
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
      }),
    };
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
 * The `ui_config` of the offerings and workflow answers: the project's, or an empty one when it sets none, as the
 * hosted service sends it (purchases-js's paywall and workflow renderers read `ui_config.app` without checking).
 */
export function uiConfigOf(project: { uiConfig: unknown } | undefined): unknown {
  return project?.uiConfig ?? { app: { colors: {}, fonts: {} }, custom_variables: {} };
}
