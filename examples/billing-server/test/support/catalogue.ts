// The test catalogue: the shipped Realmheart project plus a second project, to prove that keys see only
// their own project.
import { readFileSync } from "node:fs";
import { parseCatalogue, type Catalogue } from "../../src/catalogue/catalogue-schema.js";

const realmheart = JSON.parse(
  readFileSync(new URL("../../src/catalogue/realmheart.json", import.meta.url), "utf8"),
);

export const KEYS = {
  test: "test_realmheart_local",
  sandbox: "rcb_sb_realmheart_local",
  production: "rcb_realmheart_local",
  otherProject: "rcb_sb_other_project",
} as const;

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
    ],
  });
}
