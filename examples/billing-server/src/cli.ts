#!/usr/bin/env node
// Serves the billing server alone: `purchases-billing-server` (configuration from the environment).
import Fastify from "fastify";
import { z } from "zod";
import { loadCatalogueFile } from "./catalogue/load-catalogue.js";
import { openBillingDatabase } from "./db/database.js";
import { BILLING_MAX_PARAM_LENGTH, billingFrameworkErrors } from "./http/framework-errors.js";
import { billingServer } from "./plugin.js";

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().default("127.0.0.1"),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default("./data/billing"),
    CATALOGUE: z.string().optional(),
    MANAGEMENT_URL: z.string().url().optional(),
    /** Turns on the hosted "Manage subscription" page; it signs the links. */
    MANAGEMENT_SECRET: z.string().min(32, "use at least 32 characters").optional(),
    /** The server's public base URL including PREFIX (for the management links); by default each request's own. */
    PUBLIC_URL: z.string().url().optional(),
    PREFIX: z
      .string()
      .regex(/^(\/[\w-]+)*$/, "PREFIX is a path such as /billing, without a trailing slash")
      .default(""),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_API_BASE: z.string().url().optional(),
    STRIPE_ACCOUNT_ID: z.string().min(1).optional(),
    // Host-app webhooks: one endpoint for every project of the catalogue.
    WEBHOOK_URL: z.string().url().optional(),
    WEBHOOK_SECRET: z.string().min(16, "use at least 16 characters").optional(),
    ADMIN_SECRET: z.string().min(16, "use at least 16 characters").optional(),
    WORKER_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.WEBHOOK_URL) !== Boolean(env.WEBHOOK_SECRET)) {
      const missing = env.WEBHOOK_URL ? "WEBHOOK_SECRET" : "WEBHOOK_URL";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "WEBHOOK_URL and WEBHOOK_SECRET go together",
      });
    }
    // Checkout needs all three Stripe secrets or none: a half-configured gateway would fail customers mid-purchase.
    if (!env.STRIPE_SECRET_KEY) return;
    for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const) {
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: "required with STRIPE_SECRET_KEY" });
    }
  });

async function main() {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
    process.exit(1);
  }
  const env = parsed.data;
  const database = await openBillingDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR, pgliteThread: true },
  );
  const catalogue = await loadCatalogueFile(env.CATALOGUE);
  const { WEBHOOK_URL: webhookUrl, WEBHOOK_SECRET: webhookSecret } = env;
  const app = Fastify({
    logger: { level: "info", redact: ["req.headers.authorization"] },
    frameworkErrors: billingFrameworkErrors,
    routerOptions: { maxParamLength: BILLING_MAX_PARAM_LENGTH },
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
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "",
          apiBase: env.STRIPE_API_BASE,
          accountId: env.STRIPE_ACCOUNT_ID,
        }
      : null,
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
