import { eq } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { apiKeys, offerings, products, projects, virtualCurrencies } from "../db/schema.js";
import { apiKeyKind } from "../kinds/api-key-kind.js";
import type { Catalogue } from "./catalogue-schema.js";
import { seedPromotionCodes } from "./seed-promotion-codes.js";

/**
 * Makes the database's catalogue match `catalogue`, in one transaction: projects are upserted and their keys,
 * products, offerings and virtual currencies replaced. Customers, purchases and sessions are kept.
 */
export async function seedCatalogue(db: BillingDb, catalogue: Catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of catalogue.projects) {
      const row = {
        id: p.id,
        name: p.name,
        branding: p.branding,
        allowedOrigins: p.allowed_origins,
        currentOfferingId: p.current_offering_id,
        placements: p.placements,
        targeting: p.targeting,
        uiConfig: p.ui_config,
      };
      await tx.insert(projects).values(row).onConflictDoUpdate({ target: projects.id, set: row });
      await tx.delete(apiKeys).where(eq(apiKeys.projectId, p.id));
      await tx.delete(products).where(eq(products.projectId, p.id));
      await tx.delete(offerings).where(eq(offerings.projectId, p.id));
      await tx.delete(virtualCurrencies).where(eq(virtualCurrencies.projectId, p.id));
      await tx
        .insert(apiKeys)
        .values(p.api_keys.map((key) => ({ key, projectId: p.id, kind: apiKeyKind(key) })));
      if (p.products.length > 0) {
        await tx.insert(products).values(
          p.products.map((x, position) => ({
            projectId: p.id,
            identifier: x.identifier,
            productType: x.product_type,
            title: x.title,
            description: x.description,
            defaultPurchaseOptionId: x.default_purchase_option_id,
            purchaseOptions: x.purchase_options,
            entitlements: p.entitlements
              .filter((e) => e.products.includes(x.identifier))
              .map((e) => e.identifier),
            virtualCurrencyGrants: x.virtual_currency_grants,
            subscriptionGroup: x.subscription_group,
            trialEligibility: x.trial_eligibility,
            position,
          })),
        );
      }
      if (p.offerings.length > 0) {
        await tx.insert(offerings).values(
          p.offerings.map((o, position) => ({
            projectId: p.id,
            identifier: o.identifier,
            description: o.description,
            metadata: o.metadata,
            packages: o.packages,
            paywallComponents: o.paywall_components,
            workflow: o.workflow,
            position,
          })),
        );
      }
      await seedPromotionCodes(tx, p.id, p.promotion_codes);
      if (p.virtual_currencies.length > 0) {
        await tx
          .insert(virtualCurrencies)
          .values(p.virtual_currencies.map((c, position) => ({ projectId: p.id, ...c, position })));
      }
    }
  });
}
