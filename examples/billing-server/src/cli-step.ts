import type { BillingDatabase } from "./db/database.js";
import { describeStartupFailure, type StartupStage } from "./startup-failure.js";

/**
 * Runs one step of a CLI command; a failure is printed as one sentence naming its cause (`purchases-billing-server
 * cannot start. …`, or `what` for the other commands), the database given is closed, and the CLI exits with 1.
 *
 * @example
 * const catalogue = await cliStep({ step: "catalogue", path }, () => loadCatalogueFile(path));
 */
export async function cliStep<T>(
  stage: StartupStage,
  run: () => Promise<T>,
  { opened, what = "cannot start" }: { opened?: BillingDatabase; what?: string } = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(`purchases-billing-server ${what}. ${describeStartupFailure(stage, error)}`);
    await opened?.close().catch(() => undefined);
    process.exit(1);
  }
}
