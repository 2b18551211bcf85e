import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BillingContext } from "../context.js";
import { isDatabaseUnavailable } from "../db/database-unavailable.js";
import { DATABASE_RETRY_AFTER_S } from "../http/error-handler.js";

/**
 * Health checks for orchestrators and load balancers, without an API key: `GET /health` (liveness: the process
 * serves HTTP; it never touches the database, so a database outage does not get the server restarted) and
 * `GET /health/ready` (readiness: the database answers a query; 503 with `Retry-After` when it cannot).
 */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.get("/health", { config: { public: true } }, async () => ({ status: "ok" }));
  app.get("/health/ready", { config: { public: true } }, async (request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: "ready", database: ctx.database.kind };
    } catch (error) {
      // Readiness answers for any failure (a bad query here means a broken database too), but logs only its kind.
      request.log.warn(
        {
          errorName: error instanceof Error ? error.name : typeof error,
          unavailable: isDatabaseUnavailable(error),
        },
        "billing readiness check failed",
      );
      return reply
        .status(503)
        .header("Retry-After", String(DATABASE_RETRY_AFTER_S))
        .send({ status: "unavailable", database: ctx.database.kind });
    }
  });
}
