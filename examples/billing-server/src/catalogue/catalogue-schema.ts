import { API_KEY_SHAPE_RULE, isApiKeyShaped } from "../kinds/api-key-kind.js";
import { originSchema } from "../http/allowed-origins.js";
import { z } from "zod";
import { paywallComponentsSchema, paywallPackageIds, uiConfigSchema } from "./paywall-schema.js";
import { normalizePromotionCode, promotionCodeSchema } from "./promotion-code-schema.js";
import { workflowProblems, workflowSchema } from "./workflow-schema.js";

// The catalogue file: projects with their keys, products, offerings, entitlements and branding. Protocol
// parts are written in wire shape (snake_case) so that they can be served as they are.

const price = z
  .object({
    amount_micros: z
      .number()
      .int()
      .nonnegative()
      .describe("The amount in millionths of the currency's unit: 99000000 is 99.00."),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code")
      .describe("ISO 4217 code, upper case (ZAR, USD)."),
  })
  .describe("A price.");

const isoDuration = z
  .string()
  .regex(/^PT?\d+[YMWD]$/, "period_duration must be an ISO 8601 duration such as P1M");

const phase = z.object({
  period_duration: isoDuration.describe("How long one period lasts, ISO 8601: P1W, P1M, P1Y, P7D."),
  price: price.nullable().describe("The price of each period; null for a free trial."),
  cycle_count: z.number().int().min(1).describe("How many periods the phase lasts (1 for a base phase)."),
});

const optionId = z
  .string()
  .min(1)
  .describe("The option's id; the key it is listed under in purchase_options.");
const priceId = z.string().min(1).describe("The gateway's price id, echoed to the SDK.");

const subscriptionOption = z
  .object({
    id: optionId,
    price_id: priceId,
    base: phase
      .extend({ price })
      .describe("The recurring phase: its period and price, charged until cancelled."),
    trial: phase
      .extend({ price: z.null() })
      .nullable()
      .default(null)
      .describe("A free trial before the first charge (price null), given once per customer and group."),
    intro_price: phase
      .extend({ price })
      .nullable()
      .default(null)
      .describe("A discounted price for the first periods, after any trial."),
  })
  .describe("A subscription's purchase option: a base phase, and optionally a trial and an intro price.");

const oneTimeOption = z
  .object({ id: optionId, price_id: priceId, base_price: price.describe("What one purchase costs.") })
  .describe("A one-time product's purchase option (consumable, non_consumable): one price.");

/** A virtual currency's code: how the wire and the grants name it (e.g. `GEMS`). */
const virtualCurrencyCode = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "virtual currency codes are 1-40 letters, digits, _ or -");

const virtualCurrency = z.object({
  code: virtualCurrencyCode.describe("How grants and the wire name it (GEMS)."),
  name: z.string().min(1).max(100).describe("Its name for people (Gems)."),
  description: z
    .string()
    .max(1000)
    .nullable()
    .default(null)
    .describe("A sentence about it, served as it is."),
});

const product = z.object({
  identifier: z.string().min(1).describe("The product's id, unique in its project (what packages name)."),
  product_type: z
    .enum(["subscription", "consumable", "non_consumable"])
    .describe("subscription renews; consumable can be bought again; non_consumable once for good."),
  title: z.string().min(1).describe("Its name in checkout and paywalls."),
  description: z.string().nullable().default(null).describe("A sentence shown under its title."),
  default_purchase_option_id: z
    .string()
    .min(1)
    .describe("The key in purchase_options a purchase uses by default."),
  purchase_options: z
    .record(
      z.string(),
      z.union([subscriptionOption, oneTimeOption], {
        error:
          "a purchase option is a subscription's { id, price_id, base, trial?, intro_price? } or a one-time product's { id, price_id, base_price }",
      }),
    )
    .describe(
      "Its purchase options by id: a subscription's have base (and trial, intro_price); a one-time product's have base_price.",
    ),
  virtual_currency_grants: z
    .record(virtualCurrencyCode, z.number().int().min(1).max(1_000_000_000))
    .default({})
    .describe(
      'How much of which virtual currency each paid purchase (and paid renewal) grants: { "GEMS": 100 }.',
    ),
  subscription_group: z
    .string()
    .min(1)
    .max(100)
    .nullable()
    .default(null)
    .describe(
      "Subscriptions of one group share one free trial per customer (monthly and yearly plans); without one, a product is its own group.",
    ),
  trial_eligibility: z
    .enum(["once_per_customer", "every_purchase"])
    .default("once_per_customer")
    .describe("Who gets the options' free trials: each customer once per group, or every purchase."),
});

const offering = z.object({
  identifier: z.string().min(1).describe("The offering's id, unique in its project."),
  description: z.string().describe("What it is for, served to the app."),
  metadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .default(null)
    .describe("Any JSON the app reads, served as it is."),
  packages: z
    .array(
      z.object({
        identifier: z
          .string()
          .min(1)
          .describe("The package's id: $rc_monthly, $rc_annual, $rc_lifetime… or your own."),
        platform_product_identifier: z.string().min(1).describe("The identifier of the product it sells."),
      }),
    )
    .min(1)
    .describe("What the offering sells, in the order paywalls show them."),
  paywall_components: paywallComponentsSchema
    .nullable()
    .default(null)
    .describe(
      "The paywall presentPaywall draws (default_locale, components_config, components_localizations).",
    ),
  workflow: workflowSchema
    .nullable()
    .default(null)
    .describe("A multi-page paywall purchases-js shows instead of paywall_components when it can."),
});

const hexColour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "colours are #RRGGBB");
const colour = (what: string) =>
  hexColour.nullable().default(null).describe(`${what}, #RRGGBB; the SDK's own when null.`);
const imageUrl = (what: string) =>
  z.string().nullable().default(null).describe(`${what}: an image URL, or null for none.`);
const fontSize = z
  .object({
    font_size: z.number().describe("In CSS pixels."),
    font_weight: z.number().describe("100 to 900."),
  })
  .partial()
  .nullable()
  .default(null);

const branding = z
  .object({
    app_icon: imageUrl("The app's icon in the checkout"),
    app_icon_webp: imageUrl("The icon as WebP"),
    app_wordmark: imageUrl("The app's wordmark in the checkout"),
    app_wordmark_webp: imageUrl("The wordmark as WebP"),
    app_name: z.string().min(1).describe("The app's name in the checkout and receipts."),
    support_email: z
      .email()
      .nullable()
      .default(null)
      .describe("Where customers write for help; shown in the checkout."),
    appearance: z
      .object({
        color_buttons_primary: colour("The pay button's colour"),
        color_accent: colour("The accent colour (links, focus)"),
        color_error: colour("The colour of error messages"),
        color_product_info_bg: colour("The product column's background"),
        color_form_bg: colour("The payment form's background"),
        color_page_bg: colour("The page's background"),
        font: z.string().nullable().default(null).describe("A CSS font family for the checkout."),
        shapes: z
          .enum(["default", "rounded", "rectangle", "pill"])
          .nullable()
          .default(null)
          .describe("The corners of buttons and fields."),
        show_product_description: z
          .boolean()
          .default(true)
          .describe("Whether the checkout shows the product's description."),
      })
      .nullable()
      .default(null)
      .describe("The checkout's look."),
    brand_font_config: z
      .object({
        font_url: z.string().describe("The font file's URL (loaded by the checkout)."),
        desktop: fontSize.describe("The brand font's size and weight on wide screens."),
        mobile: fontSize.describe("The brand font's size and weight on phones."),
      })
      .nullable()
      .default(null)
      .describe("A brand font for the checkout's titles."),
    gateway_tax_collection_enabled: z
      .boolean()
      .default(false)
      .describe(
        "Whether Stripe computes tax at checkout (Stripe Tax) instead of the billing server's tax table.",
      ),
  })
  .describe("The project's checkout branding, served as GET /rcbilling/v1/branding.");

const project = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9_-]+$/)
      .describe("The project's id: lower-case letters, digits, _ and -."),
    name: z.string().min(1).describe("The project's name."),
    api_keys: z
      .array(z.string().refine(isApiKeyShaped, API_KEY_SHAPE_RULE))
      .min(1)
      .describe(
        `Its public API keys: test_… (Test Store), rcb_sb_… (sandbox), rcb_… (production). ${API_KEY_SHAPE_RULE}`,
      ),
    allowed_origins: z
      .array(originSchema)
      .nullable()
      .default(null)
      .describe("The origins whose pages may call the server (https://app.example); null allows any."),
    branding,
    entitlements: z
      .array(
        z.object({
          identifier: z
            .string()
            .min(1)
            .describe("The entitlement's id (premium): what customer info lists as active."),
          products: z.array(z.string()).min(1).describe("The identifiers of the products that grant it."),
        }),
      )
      .describe("What purchases unlock."),
    products: z.array(product).describe("What can be bought."),
    offerings: z.array(offering).describe("The products offered together, each in packages."),
    current_offering_id: z
      .string()
      .nullable()
      .default(null)
      .describe("The offering getOfferings calls current; none when null."),
    placements: z
      .object({
        fallback_offering_id: z
          .string()
          .nullable()
          .default(null)
          .describe("The offering of a placement the map does not name."),
        offering_ids_by_placement: z
          .record(z.string(), z.string().nullable())
          .default({})
          .describe("The offering of each placement (a place in the app), or null for none."),
      })
      .nullable()
      .default(null)
      .describe("Which offering each placement shows (getCurrentOfferingForPlacement)."),
    targeting: z
      .object({
        rule_id: z.string().describe("The targeting rule's id, reported with purchases from it."),
        revision: z.number().int().describe("The rule's revision."),
      })
      .nullable()
      .default(null)
      .describe("The targeting rule the current offering came from, served with the offerings."),
    ui_config: uiConfigSchema
      .nullable()
      .default(null)
      .describe("What the paywalls share: colour aliases (app.colors), fonts (app.fonts), custom variables."),
    virtual_currencies: z
      .array(virtualCurrency)
      .default([])
      .describe("Coins, gems, credits that products grant."),
    promotion_codes: z
      .array(promotionCodeSchema)
      .default([])
      .describe("Codes customers type at checkout for a discount."),
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

export const catalogueSchema = z
  .object({ projects: z.array(project).min(1).describe("The apps this server bills.") })
  .superRefine((c, ctx) => {
    const keys = c.projects.flatMap((p) => p.api_keys);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: "custom", message: "an API key is used twice" });
  });

/** A validated catalogue. */
export type Catalogue = z.infer<typeof catalogueSchema>;
export type CatalogueProject = Catalogue["projects"][number];
export type CatalogueProduct = CatalogueProject["products"][number];

/**
 * One line per problem: its path, what is wrong and what was expected. A value that fits none of the shapes it may
 * take (a purchase option) says what each shape lacked.
 */
function problemLine(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".") || "(the file)";
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const shapes = issue.errors.map(
      (branch, i) =>
        `${i + 1}) ${branch.map((b) => `${b.path.map(String).join(".") || "(itself)"}: ${b.message}`).join(", ")}`,
    );
    return `- ${path}: ${issue.message}; as each shape: ${shapes.join("; ")}`;
  }
  return `- ${path}: ${issue.message}`;
}

/** Parses a catalogue, throwing an error that lists every problem by its path. */
export function parseCatalogue(input: unknown): Catalogue {
  const result = catalogueSchema.safeParse(input);
  if (!result.success) {
    throw new Error(`Invalid catalogue:\n${result.error.issues.map(problemLine).join("\n")}`);
  }
  return result.data;
}
