#!/usr/bin/env node
// Serves the billing server alone: `purchases-billing-server` (configuration from the environment), and manages its
// catalogue: `purchases-billing-server catalogue check|import|versions|export`.
import Fastify from "fastify";
import { resolve } from "node:path";
import { CATALOGUE_USAGE, catalogueCommand } from "./catalogue-cli.js";
import { defaultCataloguePath, loadCatalogueFile } from "./catalogue/load-catalogue.js";
import { parseCliEnv, type CliEnv } from "./cli-env.js";
import { cliStep } from "./cli-step.js";
import { openBillingDatabase } from "./db/database.js";
import { billingClientErrors } from "./http/client-errors.js";
import { BILLING_MAX_PARAM_LENGTH, billingFrameworkErrors } from "./http/framework-errors.js";
import { billingLogSerializers } from "./http/request-log.js";
import { billingServer } from "./plugin.js";
import { EVERY_PROJECT } from "./webhooks/deliver-due-webhooks.js";
import { SECRET_KEY_USAGE, secretKeyCommand } from "./secret-key-cli.js";

const USAGE = `Usage: purchases-billing-server                Serves the billing server (settings from the environment).
       purchases-billing-server catalogue …    Manages the catalogue (see: purchases-billing-server catalogue).
       purchases-billing-server secret-key …   Manages the secret keys of the merchant API.

${CATALOGUE_USAGE}

${SECRET_KEY_USAGE}`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "--help" || command === "help") {
    console.log(USAGE);
    return;
  }
  if (command !== undefined && command !== "catalogue" && command !== "secret-key") {
    console.error(`Unknown command "${command}".\n${USAGE}`);
    process.exit(2);
  }
  const parsed = parseCliEnv(process.env);
  if (!parsed.ok) {
    console.error(parsed.message);
    process.exit(1);
  }
  if (command === "catalogue") {
    process.exitCode = await catalogueCommand(args, parsed.env);
    return;
  }
  if (command === "secret-key") {
    process.exitCode = await secretKeyCommand(args, parsed.env);
    return;
  }
  await serve(parsed.env);
}

/** Serves until SIGINT or SIGTERM. */
async function serve(env: CliEnv) {
  const cataloguePath = resolve(env.CATALOGUE ?? defaultCataloguePath);
  const catalogue = await cliStep({ step: "catalogue", path: cataloguePath }, () =>
    loadCatalogueFile(cataloguePath),
  );
  const database = await cliStep(
    { step: "database", databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
    () =>
      openBillingDatabase(
        env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR, pgliteThread: true },
      ),
  );
  const { WEBHOOK_URL: webhookUrl, WEBHOOK_SECRET: webhookSecret } = env;
  const app = Fastify({
    logger: { level: "info", redact: ["req.headers.authorization"], serializers: billingLogSerializers },
    frameworkErrors: billingFrameworkErrors,
    clientErrorHandler: billingClientErrors,
    routerOptions: { maxParamLength: BILLING_MAX_PARAM_LENGTH },
    trustProxy: env.TRUST_PROXY ?? false,
  });
  await app.register(billingServer, {
    prefix: env.PREFIX,
    database,
    // Imported only into a database without a catalogue; otherwise the database's version is served.
    catalogue,
    catalogueSource: env.CATALOGUE
      ? `file ${cataloguePath}`
      : `the shipped Realmheart catalogue (file ${cataloguePath})`,
    ...(env.ALLOWED_ORIGINS !== undefined ? { allowedOrigins: env.ALLOWED_ORIGINS } : {}),
    // Every project's events, whichever the database's catalogue version has.
    webhooks:
      webhookUrl && webhookSecret
        ? { [EVERY_PROJECT]: { url: webhookUrl, secret: webhookSecret } }
        : undefined,
    adminSecret: env.ADMIN_SECRET,
    workerIntervalMs: env.WORKER_INTERVAL_MS,
    managementUrl: env.MANAGEMENT_URL ?? null,
    management: env.MANAGEMENT_SECRET
      ? { secret: env.MANAGEMENT_SECRET, publicUrl: env.PUBLIC_URL ?? null }
      : null,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? [],
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "",
          apiBase: env.STRIPE_API_BASE,
          accountId: env.STRIPE_ACCOUNT_ID,
        }
      : null,
    mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
    ...(env.TEST_STORE ? { testStore: env.TEST_STORE === "on" } : {}),
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await cliStep(
    { step: "listen", host: env.HOST, port: env.PORT },
    () => app.listen({ port: env.PORT, host: env.HOST }),
    { opened: database },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
