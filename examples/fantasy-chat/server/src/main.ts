// Starts Realmheart: configuration from the environment, databases migrated, billing server mounted, then
// listening on HOST:PORT until SIGINT or SIGTERM, when it stops taking requests and closes the databases.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { buildApp } from "./app.js";
import { openBilling } from "./billing/mount-billing.js";
import { OffsetClock, systemClock } from "./clock.js";
import { ConfigError, loadConfig } from "./config.js";
import { openAppDatabase } from "./db/database.js";
import { appLoggerOptions } from "./http/log-safety.js";

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const database = await openAppDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: join(config.dataDir, "app"), pgliteThread: true },
  );
  const billing = await openBilling(config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // The end-to-end suite moves time through POST /api/test/clock; nothing else may.
  const clock = config.nodeEnv === "test" ? new OffsetClock() : systemClock;
  const app = await buildApp({
    config,
    database,
    billing,
    clock,
    logger: appLoggerOptions(config.logLevel),
  });
  if (config.nodeEnv === "test") {
    app.log.warn(
      "NODE_ENV=test: the test controls under /api/test are enabled; never run production like this",
    );
  }
  if (config.sessionSecretGenerated) {
    app.log.warn(
      "SESSION_SECRET is not set: using a random one, so everyone is signed out when the server restarts",
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      await billing.database.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("Realmheart failed to start:", error);
  process.exit(1);
});
