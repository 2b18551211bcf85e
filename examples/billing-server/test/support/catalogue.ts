// The test catalogue: the shipped Realmheart project plus a second project, to prove that keys see only
// their own project, and a third that sells virtual currencies and has a multi-page paywall (a workflow).
import { readFileSync } from "node:fs";
import { parseCatalogue, type Catalogue } from "../../src/catalogue/catalogue-schema.js";
import { arcadeWorkflow } from "./arcade-workflow.js";

const realmheart = JSON.parse(
  readFileSync(new URL("../../src/catalogue/realmheart.json", import.meta.url), "utf8"),
);

export const KEYS = {
  test: "test_realmheart_local",
  sandbox: "rcb_sb_realmheart_local",
  production: "rcb_realmheart_local",
  otherProject: "rcb_sb_other_project",
  arcadeTest: "test_arcade_local",
  arcadeSandbox: "rcb_sb_arcade_local",
} as const;

/**
 * A project with two virtual currencies: a consumable that grants 100 gems, and a monthly pass with a week's
 * free trial that grants 50 coins and 10 gems for each paid month. Its store offering has a two-screen workflow.
 */
const arcade = {
  id: "arcade",
  name: "Arcade",
  api_keys: [KEYS.arcadeTest, KEYS.arcadeSandbox],
  branding: { app_name: "Arcade", gateway_tax_collection_enabled: false },
  virtual_currencies: [
    { code: "GEMS", name: "Gems", description: "Spent on power-ups." },
    { code: "COINS", name: "Coins" },
  ],
  entitlements: [{ identifier: "pass", products: ["arcade_pass_monthly"] }],
  products: [
    {
      identifier: "gems_100",
      product_type: "consumable",
      title: "100 gems",
      default_purchase_option_id: "base",
      purchase_options: {
        base: {
          id: "base",
          price_id: "prc_gems_100",
          base_price: { amount_micros: 4_990_000, currency: "USD" },
        },
      },
      virtual_currency_grants: { GEMS: 100 },
    },
    {
      identifier: "arcade_pass_monthly",
      product_type: "subscription",
      title: "Arcade pass",
      default_purchase_option_id: "base",
      purchase_options: {
        base: {
          id: "base",
          price_id: "prc_arcade_pass",
          base: {
            period_duration: "P1M",
            price: { amount_micros: 9_990_000, currency: "USD" },
            cycle_count: 1,
          },
          trial: { period_duration: "P1W", price: null, cycle_count: 1 },
        },
        no_trial: {
          id: "no_trial",
          price_id: "prc_arcade_pass_no_trial",
          base: {
            period_duration: "P1M",
            price: { amount_micros: 9_990_000, currency: "USD" },
            cycle_count: 1,
          },
        },
      },
      virtual_currency_grants: { COINS: 50, GEMS: 10 },
    },
  ],
  offerings: [
    {
      identifier: "store",
      description: "Gems and the pass",
      packages: [
        { identifier: "gems_100", platform_product_identifier: "gems_100" },
        { identifier: "$rc_monthly", platform_product_identifier: "arcade_pass_monthly" },
      ],
      workflow: arcadeWorkflow,
    },
  ],
  current_offering_id: "store",
};

export function testCatalogue(): Catalogue {
  return parseCatalogue({
    projects: [
      ...realmheart.projects,
      {
        id: "other",
        name: "Other app",
        api_keys: [KEYS.otherProject, "test_other_project"],
        allowed_origins: ["https://other.example"],
        branding: { app_name: "Other", gateway_tax_collection_enabled: false },
        entitlements: [{ identifier: "pro", products: ["pro_yearly"] }],
        products: [
          {
            identifier: "pro_yearly",
            product_type: "subscription",
            title: "Pro",
            default_purchase_option_id: "base",
            purchase_options: {
              base: {
                id: "base",
                price_id: "prc_pro",
                base: {
                  period_duration: "P1Y",
                  price: { amount_micros: 49990000, currency: "USD" },
                  cycle_count: 1,
                },
              },
            },
          },
        ],
        offerings: [
          {
            identifier: "main",
            description: "Pro",
            packages: [{ identifier: "$rc_annual", platform_product_identifier: "pro_yearly" }],
          },
        ],
        current_offering_id: "main",
      },
      arcade,
    ],
  });
}
