import { API_KEY_SHAPE_RULE, isApiKeyShaped } from "../kinds/api-key-kind.js";
import { originSchema } from "../http/allowed-origins.js";
import { z } from "zod";
import { paywallComponentsSchema, paywallPackageIds, uiConfigSchema } from "./paywall-schema.js";
import { normalizePromotionCode, promotionCodeSchema } from "./promotion-code-schema.js";
import { workflowProblems, workflowSchema } from "./workflow-schema.js";

// The catalogue file: projects with their keys, products, offerings, entitlements and branding. Protocol
// parts are written in wire shape (snake_case) so that they can be served as they are.

const price = z.object({
  amount_micros: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code"),
});

const isoDuration = z
  .string()
  .regex(/^PT?\d+[YMWD]$/, "period_duration must be an ISO 8601 duration such as P1M");

const phase = z.object({
  period_duration: isoDuration,
  price: price.nullable(),
  cycle_count: z.number().int().min(1),
});

const subscriptionOption = z.object({
  id: z.string().min(1),
  price_id: z.string().min(1),
  base: phase.extend({ price }),
  trial: phase.extend({ price: z.null() }).nullable().default(null),
  intro_price: phase.extend({ price }).nullable().default(null),
});

const oneTimeOption = z.object({ id: z.string().min(1), price_id: z.string().min(1), base_price: price });

/** A virtual currency's code: how the wire and the grants name it (e.g. `GEMS`). */
const virtualCurrencyCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "virtual currency codes are 1-40 letters, digits, _ or -");

const virtualCurrency = z.object({
  code: virtualCurrencyCode,
  name: z.string().min(1).max(100),
  description: z.string().max(1000).nullable().default(null),
});

const product = z.object({
  identifier: z.string().min(1),
  product_type: z.enum(["subscription", "consumable", "non_consumable"]),
  title: z.string().min(1),
  description: z.string().nullable().default(null),
  default_purchase_option_id: z.string().min(1),
  purchase_options: z.record(z.string(), z.union([subscriptionOption, oneTimeOption])),
  /** How much of which virtual currency each paid purchase (and each paid renewal) grants, by currency code. */
  virtual_currency_grants: z
    .record(virtualCurrencyCode, z.number().int().min(1).max(1_000_000_000))
    .default({}),
  /**
   * Subscriptions that share a group share one free trial per customer (a trial of the monthly plan uses up the
   * yearly plan's); without one, a product is its own group.
   */
  subscription_group: z.string().min(1).max(100).nullable().default(null),
  /** Who gets the options' free trials: each customer once per group (the default), or every purchase. */
  trial_eligibility: z.enum(["once_per_customer", "every_purchase"]).default("once_per_customer"),
});

const offering = z.object({
  identifier: z.string().min(1),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable().default(null),
  packages: z
    .array(z.object({ identifier: z.string().min(1), platform_product_identifier: z.string().min(1) }))
    .min(1),
  paywall_components: paywallComponentsSchema.nullable().default(null),
  /** A multi-page paywall that purchases-js shows instead of `paywall_components` when it can. */
  workflow: workflowSchema.nullable().default(null),
});

const hexColour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "colours are #RRGGBB");

const branding = z.object({
  app_icon: z.string().nullable().default(null),
  app_icon_webp: z.string().nullable().default(null),
  app_wordmark: z.string().nullable().default(null),
  app_wordmark_webp: z.string().nullable().default(null),
  app_name: z.string().min(1),
  support_email: z.email().nullable().default(null),
  appearance: z
    .object({
      color_buttons_primary: hexColour.nullable().default(null),
      color_accent: hexColour.nullable().default(null),
      color_error: hexColour.nullable().default(null),
      color_product_info_bg: hexColour.nullable().default(null),
      color_form_bg: hexColour.nullable().default(null),
      color_page_bg: hexColour.nullable().default(null),
      font: z.string().nullable().default(null),
      shapes: z.enum(["default", "rounded", "rectangle", "pill"]).nullable().default(null),
      show_product_description: z.boolean().default(true),
    })
    .nullable()
    .default(null),
  brand_font_config: z
    .object({
      font_url: z.string(),
      desktop: z
        .object({ font_size: z.number(), font_weight: z.number() })
        .partial()
        .nullable()
        .default(null),
      mobile: z.object({ font_size: z.number(), font_weight: z.number() }).partial().nullable().default(null),
    })
    .nullable()
    .default(null),
  gateway_tax_collection_enabled: z.boolean().default(false),
});

const project = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]+$/),
    name: z.string().min(1),
    api_keys: z.array(z.string().refine(isApiKeyShaped, API_KEY_SHAPE_RULE)).min(1),
    allowed_origins: z.array(originSchema).nullable().default(null),
    branding,
    entitlements: z.array(z.object({ identifier: z.string().min(1), products: z.array(z.string()).min(1) })),
    products: z.array(product),
    offerings: z.array(offering),
    current_offering_id: z.string().nullable().default(null),
    placements: z
      .object({
        fallback_offering_id: z.string().nullable().default(null),
        offering_ids_by_placement: z.record(z.string(), z.string().nullable()).default({}),
      })
      .nullable()
      .default(null),
    targeting: z.object({ rule_id: z.string(), revision: z.number().int() }).nullable().default(null),
    ui_config: uiConfigSchema.nullable().default(null),
    virtual_currencies: z.array(virtualCurrency).default([]),
    promotion_codes: z.array(promotionCodeSchema).default([]),
  })
  .superRefine((p, ctx) => {
    const productIds = new Set(p.products.map((x) => x.identifier));
    const offeringIds = new Set(p.offerings.map((x) => x.identifier));
    const issue = (message: string) =>
      ctx.addIssue({ code: "custom", message: `project ${p.id}: ${message}` });
    const currencyCodes = new Set(p.virtual_currencies.map((c) => c.code));
    if (currencyCodes.size !== p.virtual_currencies.length) issue("a virtual currency code is used twice");
    for (const x of p.products) {
      if (!(x.default_purchase_option_id in x.purchase_options)) {
        issue(`product ${x.identifier} has no option ${x.default_purchase_option_id}`);
      }
      if (x.subscription_group !== null && x.product_type !== "subscription") {
        issue(`product ${x.identifier} has a subscription_group but is not a subscription`);
      }
      for (const code of Object.keys(x.virtual_currency_grants)) {
        if (!currencyCodes.has(code))
          issue(`product ${x.identifier} grants unknown virtual currency ${code}`);
      }
    }
    for (const o of p.offerings) {
      for (const pkg of o.packages) {
        if (!productIds.has(pkg.platform_product_identifier)) {
          issue(`offering ${o.identifier} names unknown product ${pkg.platform_product_identifier}`);
        }
      }
      const packageIds = new Set(o.packages.map((pkg) => pkg.identifier));
      for (const id of paywallPackageIds(o.paywall_components?.components_config)) {
        if (!packageIds.has(id)) issue(`the paywall of offering ${o.identifier} names unknown package ${id}`);
      }
      if (o.workflow) {
        for (const problem of workflowProblems(o.workflow, packageIds))
          issue(`offering ${o.identifier}: ${problem}`);
      }
    }
    const workflowIds = p.offerings.flatMap((o) => (o.workflow ? [o.workflow.id] : []));
    if (new Set(workflowIds).size !== workflowIds.length) issue("a workflow id is used twice");
    const codes = new Set(p.promotion_codes.map((c) => normalizePromotionCode(c.code)));
    if (codes.size !== p.promotion_codes.length) issue("a promotion code is used twice (codes ignore case)");
    for (const c of p.promotion_codes) {
      for (const id of c.products ?? [])
        if (!productIds.has(id)) issue(`promotion code ${c.code} names unknown product ${id}`);
    }
    for (const e of p.entitlements) {
      for (const id of e.products)
        if (!productIds.has(id)) issue(`entitlement ${e.identifier} names unknown product ${id}`);
    }
    const named = [
      p.current_offering_id,
      p.placements?.fallback_offering_id,
      ...Object.values(p.placements?.offering_ids_by_placement ?? {}),
    ];
    for (const id of named) if (id && !offeringIds.has(id)) issue(`unknown offering ${id}`);
  });

export const catalogueSchema = z.object({ projects: z.array(project).min(1) }).superRefine((c, ctx) => {
  const keys = c.projects.flatMap((p) => p.api_keys);
  if (new Set(keys).size !== keys.length)
    ctx.addIssue({ code: "custom", message: "an API key is used twice" });
});

/** A validated catalogue. */
export type Catalogue = z.infer<typeof catalogueSchema>;
export type CatalogueProject = Catalogue["projects"][number];
export type CatalogueProduct = CatalogueProject["products"][number];

/** Parses a catalogue, throwing an error that lists every problem. */
export function parseCatalogue(input: unknown): Catalogue {
  const result = catalogueSchema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `Invalid catalogue:\n${result.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  return result.data;
}
