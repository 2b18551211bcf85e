import { createHmac } from "node:crypto";
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
  /** How often its workers (renewals, expirations, webhook delivery) run; 5000 ms by default. */
  workerIntervalMs?: number;
}

/** The billing server's project for this app (in the shipped catalogue). */
export const BILLING_PROJECT_ID = "realmheart";
/** Where the billing server delivers its entitlement events, on this app. */
export const BILLING_WEBHOOK_PATH = "/api/webhooks/billing";

/**
 * This process's own webhook endpoint, reached over loopback: the port the server listens on (the configured one
 * until it listens, so the URL is valid from the start), on the bound address unless that is a wildcard.
 */
export function ownWebhookUrl(app: FastifyInstance, configuredPort: number): string {
  const address = app.server.address();
  if (!address || typeof address === "string")
    return `http://127.0.0.1:${configuredPort}${BILLING_WEBHOOK_PATH}`;
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${BILLING_WEBHOOK_PATH}`;
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
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: join(config.dataDir, "billing"), pgliteThread: true },
  );
  try {
    return { database, catalogue: await loadCatalogueFile() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The key that signs the billing server's management links, derived from SESSION_SECRET (one secret to keep,
 * and a different key for a different purpose).
 *
 * @example
 * signManagementToken(billingManagementSecret(config), { projectId, appUserId }, now);
 */
export function billingManagementSecret(config: Pick<AppConfig, "sessionSecret">): string {
  return createHmac("sha256", config.sessionSecret)
    .update("realmheart billing management links")
    .digest("base64url");
}

/**
 * Mounts the billing server under `/billing`, where the web client's SDK finds it, and has it deliver its
 * entitlement events (a Test Store purchase, a renewal, an expiration) to this app's own
 * `POST /api/webhooks/billing`, authenticated and signed with BILLING_WEBHOOK_SECRET. Its hosted "Manage
 * subscription" page is on, its links signed with {@link billingManagementSecret}.
 *
 * @example
 * await mountBilling(app, billing, { clock, config });
 */
export async function mountBilling(
  app: FastifyInstance,
  billing: BillingMount,
  { clock, config }: { clock: Clock; config: AppConfig },
): Promise<void> {
  const endpoint = {
    secret: config.billingWebhookSecret,
    // Read at each delivery: the port is known only once the server listens (tests listen on port 0).
    get url() {
      return ownWebhookUrl(app, config.port);
    },
  };
  await app.register(billingServer, {
    prefix: BILLING_PREFIX,
    database: billing.database,
    // Imported into the billing database when it has none; afterwards the database's version is served.
    catalogue: billing.catalogue,
    catalogueSource: "Realmheart's shipped catalogue",
    now: () => clock.now(),
    webhooks: { [BILLING_PROJECT_ID]: endpoint },
    stripe: config.stripe,
    // A renewal the bank wants confirmed (SCA) is mailed to the customer through the app's own SMTP server.
    mail: config.smtpUrl ? { smtpUrl: config.smtpUrl, from: config.mailFrom } : null,
    // The hosted "Manage subscription" page: management_url is a signed link to it, never null for a subscriber.
    management: {
      secret: billingManagementSecret(config),
      publicUrl: config.publicUrl ? `${config.publicUrl}${BILLING_PREFIX}` : null,
    },
    // Test Store purchases grant without payment: on only where the app itself takes test_ keys (development, or a
    // production demo that runs a test_ key on purpose with ALLOW_SANDBOX_PAYMENTS).
    testStore: config.nodeEnv !== "production" || config.sdkApiKey.startsWith("test_"),
    ...(billing.workerIntervalMs ? { workerIntervalMs: billing.workerIntervalMs } : {}),
  });
}
