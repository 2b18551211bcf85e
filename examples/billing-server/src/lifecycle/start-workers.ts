import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import { vacuumPgliteTables } from "../db/pglite-upkeep.js";
import * as schema from "../db/schema.js";
import { startPeriodicWorker, type PeriodicWorker } from "./periodic-worker.js";
import { runLifecycle, type LifecycleOptions } from "./run-lifecycle.js";
import type { RenewalCharger } from "./renewal-charger.js";
import { deliverDueWebhooks, type WebhookEndpoints } from "../webhooks/deliver-due-webhooks.js";

/** What the background workers need. */
export interface WorkerOptions {
  intervalMs: number;
  webhooks: WebhookEndpoints;
  renewalCharger?: RenewalCharger;
  /** Tells a customer that a renewal payment waits for their confirmation (SCA); see {@link LifecycleOptions}. */
  onAuthenticationRequired?: LifecycleOptions["onAuthenticationRequired"];
  /** How often a pass also runs the database's upkeep (PGlite's `VACUUM (ANALYZE)`); hourly by default. */
  upkeepIntervalMs?: number;
  log: { error(object: object, message: string): void };
}

/** PGlite has no autovacuum: once an hour is plenty for its upkeep. */
const UPKEEP_INTERVAL_MS = 60 * 60_000;

/** Running workers: a pass is the lifecycle, then webhook delivery (so its events go out in the same pass). */
export type Workers = PeriodicWorker<void>;

/**
 * Runs {@link runLifecycle} and {@link deliverDueWebhooks} every `intervalMs`, and once per `upkeepIntervalMs` (an
 * hour after start, then hourly) {@link vacuumPgliteTables} on PGlite. Passes never overlap within a process;
 * across processes the workers' row claims keep them apart. Nothing is held in memory between passes: a restart
 * picks up where the database says.
 *
 * @example
 * const workers = startWorkers(ctx, { intervalMs: 5000, webhooks, log: app.log });
 * await workers.stop();
 */
export function startWorkers(ctx: BillingContext, options: WorkerOptions): Workers {
  const upkeepEvery = options.upkeepIntervalMs ?? UPKEEP_INTERVAL_MS;
  let lastUpkeep = performance.now();
  const pass = async () => {
    try {
      await runLifecycle(ctx, {
        renewalCharger: options.renewalCharger,
        onAuthenticationRequired: options.onAuthenticationRequired,
      });
    } catch (err) {
      options.log.error({ err }, "billing lifecycle pass failed");
    }
    try {
      await deliverDueWebhooks(ctx, { webhooks: options.webhooks });
    } catch (err) {
      options.log.error({ err }, "billing webhook delivery pass failed");
    }
    if (performance.now() - lastUpkeep >= upkeepEvery) {
      lastUpkeep = performance.now();
      try {
        await vacuumPgliteTables(ctx.database, schema);
      } catch (err) {
        options.log.error({ err }, "billing database upkeep failed");
      }
    }
  };
  // Each part catches its own failure, so one failing does not keep the others from their turn.
  return startPeriodicWorker(options.intervalMs, pass, (err) =>
    options.log.error({ err }, "billing worker pass failed"),
  );
}

/**
 * Starts the workers when `app` is ready and stops them (waiting for a pass in progress) when it closes.
 *
 * @example
 * runWorkersWith(app, ctx, { intervalMs: 5000, webhooks });
 */
export function runWorkersWith(
  app: FastifyInstance,
  ctx: BillingContext,
  options: Omit<WorkerOptions, "log">,
): void {
  let workers: Workers | null = null;
  app.addHook("onReady", async () => {
    workers = startWorkers(ctx, { ...options, log: app.log });
  });
  app.addHook("onClose", async () => {
    await workers?.stop();
  });
}
