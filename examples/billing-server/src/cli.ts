#!/usr/bin/env node
// Serves the billing server alone: `purchases-billing-server` (configuration from the environment).
import Fastify from "fastify";
import { defaultCataloguePath, loadCatalogueFile } from "./catalogue/load-catalogue.js";
import { parseCliEnv } from "./cli-env.js";
import { openBillingDatabase, type BillingDatabase } from "./db/database.js";
import { billingClientErrors } from "./http/client-errors.js";
import { BILLING_MAX_PARAM_LENGTH, billingFrameworkErrors } from "./http/framework-errors.js";
import { billingLogSerializers } from "./http/request-log.js";
import { billingServer } from "./plugin.js";
import { describeStartupFailure, type StartupStage } from "./startup-failure.js";

/** Runs one start-up step; a failure is printed as one sentence naming its cause, and the CLI exits with 1. */
async function startupStep<T>(
  stage: StartupStage,
  run: () => Promise<T>,
  opened?: BillingDatabase,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(`purchases-billing-server cannot start. ${describeStartupFailure(stage, error)}`);
    await opened?.close().catch(() => undefined);
    process.exit(1);
  }
}

async function main() {
  const parsed = parseCliEnv(process.env);
  if (!parsed.ok) {
    console.error(parsed.message);
    process.exit(1);
  }
  const env = parsed.env;
  const cataloguePath = env.CATALOGUE ?? defaultCataloguePath;
  const loaded = await startupStep({ step: "catalogue", path: cataloguePath }, () =>
    loadCatalogueFile(cataloguePath),
  );
  const allowedOrigins = env.ALLOWED_ORIGINS;
  const catalogue =
    allowedOrigins === undefined
      ? loaded
      : { ...loaded, projects: loaded.projects.map((p) => ({ ...p, allowed_origins: allowedOrigins })) };
  const database = await startupStep(
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
    catalogue,
    webhooks:
      webhookUrl && webhookSecret
        ? Object.fromEntries(
            catalogue.projects.map((p) => [p.id, { url: webhookUrl, secret: webhookSecret }]),
          )
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
  await startupStep(
    { step: "listen", host: env.HOST, port: env.PORT },
    () => app.listen({ port: env.PORT, host: env.HOST }),
    database,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
