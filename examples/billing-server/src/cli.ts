#!/usr/bin/env node
// Serves the billing server alone: `purchases-billing-server` (configuration from the environment).
import Fastify from "fastify";
import { z } from "zod";
import { loadCatalogueFile } from "./catalogue/load-catalogue.js";
import { openBillingDatabase } from "./db/database.js";
import { billingServer } from "./plugin.js";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data/billing"),
  CATALOGUE: z.string().optional(),
  MANAGEMENT_URL: z.string().url().optional(),
  PREFIX: z
    .string()
    .regex(/^(\/[\w-]+)*$/, "PREFIX is a path such as /billing, without a trailing slash")
    .default(""),
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
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  const app = Fastify({ logger: { level: "info", redact: ["req.headers.authorization"] } });
  await app.register(billingServer, {
    prefix: env.PREFIX,
    database,
    catalogue: await loadCatalogueFile(env.CATALOGUE),
    managementUrl: env.MANAGEMENT_URL ?? null,
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
