import type { FastifyInstance } from "fastify";
import { join } from "node:path";
import {
  billingServer,
  loadCatalogueFile,
  openBillingDatabase,
  type BillingDatabase,
  type Catalogue,
} from "@purchases-web/billing-server";
import type { AppConfig } from "../config.js";
import type { Clock } from "../clock.js";
import { BILLING_PREFIX } from "../system/system-routes.js";

/** The billing server's own database and catalogue. */
export interface BillingMount {
  database: BillingDatabase;
  catalogue: Catalogue;
}

/**
 * Opens the billing server's database: PostgreSQL when DATABASE_URL is set (its `billing_*` tables live beside the
 * app's), else its own PGlite directory `${DATA_DIR}/billing` (PGlite cannot open one directory twice).
 * Loads the shipped Realmheart catalogue.
 *
 * @example
 * const billing = await openBilling(config);
 */
export async function openBilling(config: AppConfig): Promise<BillingMount> {
  const database = await openBillingDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, "billing") },
  );
  try {
    return { database, catalogue: await loadCatalogueFile() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Mounts the billing server under `/billing`, where the web client's SDK finds it.
 *
 * @example
 * await mountBilling(app, billing, clock);
 */
export async function mountBilling(app: FastifyInstance, billing: BillingMount, clock: Clock): Promise<void> {
  await app.register(billingServer, {
    prefix: BILLING_PREFIX,
    database: billing.database,
    catalogue: billing.catalogue,
    now: () => clock.now(),
  });
}
