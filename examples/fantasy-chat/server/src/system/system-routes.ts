import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { sql } from "drizzle-orm";
import { serviceUnavailable } from "../http/api-error.js";
import { describeError } from "../http/log-safety.js";
import type { ClientConfig } from "./client-config.js";

/** The billing server's mount point, as the web client configures the SDK's proxyURL. */
export const BILLING_PREFIX = "/billing";

/**
 * `GET /api/health` (liveness: the process serves requests), `GET /api/ready` (readiness: the database answers a
 * query; 503 `service_unavailable` with Retry-After when it does not, so a load balancer stops sending traffic
 * here until it does) and `GET /api/config` (what the web client needs to
 * configure the purchases-web SDK and to know which payment provider it is talking to).
 *
 * @example
 * await api.register(systemRoutes, { ctx });
 */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get("/health", async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );

  app.get("/ready", async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
    } catch (error) {
      ctx.log.warn({ reason: describeError(error) }, "not ready");
      throw serviceUnavailable();
    }
    return reply.header("cache-control", "no-store").send({ status: "ready" });
  });

  app.get("/config", async (): Promise<ClientConfig> => clientConfigOf(ctx));
}

/**
 * What the web client is told of this server (`GET /api/config`, and written into the page it serves).
 *
 * @example
 * clientConfigOf(ctx).paymentProvider; // "sandbox"
 */
export function clientConfigOf(ctx: Pick<AppContext, "config" | "gateway">): ClientConfig {
  return {
    sdkApiKey: ctx.config.sdkApiKey,
    billingBaseUrl: BILLING_PREFIX,
    paymentProvider: ctx.gateway.name,
    // Production on sandbox money (ALLOW_SANDBOX_PAYMENTS=true): the client shows it on every page.
    sandboxPayments: ctx.config.sandboxPaymentsInProduction,
  };
}
