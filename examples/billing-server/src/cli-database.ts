// What the CLI's database commands share: who runs them, and their database.
import { hostname, userInfo } from "node:os";
import type { CliEnv } from "./cli-env.js";
import { cliStep } from "./cli-step.js";
import { openBillingDatabase, type BillingDatabase } from "./db/database.js";

/**
 * Who runs the CLI, for the catalogue versions and audit entries its commands make: "cli alice@billing-1".
 *
 * @example
 * await importCatalogue(db, catalogue, { source: "file ./c.json", actor: cliActor() });
 */
export function cliActor(): string {
  let user = "unknown user";
  try {
    user = userInfo().username;
  } catch {
    // no user name in this container
  }
  return `cli ${user}@${hostname()}`;
}

/**
 * Opens the CLI's database (DATABASE_URL, else PGlite in DATA_DIR), or exits with one sentence naming why it
 * cannot, after "purchases-billing-server {what}.".
 *
 * @example
 * const database = await openCliDatabase(env, "cannot list the secret keys");
 */
export function openCliDatabase(env: CliEnv, what: string): Promise<BillingDatabase> {
  return cliStep(
    { step: "database", databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR },
    () =>
      openBillingDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }),
    { what },
  );
}
