import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { BillingError, BillingErrorCode } from "./billing-error.js";
import type { Catalogue } from "./catalogue/catalogue-schema.js";
import { seedCatalogue } from "./catalogue/seed-catalogue.js";
import type { BillingContext, Caller } from "./context.js";
import type { BillingDatabase } from "./db/database.js";
import { isDatabaseUnavailable } from "./db/database-unavailable.js";
import { apiKeys, projects } from "./db/schema.js";
import { SECURITY_HEADERS } from "./security-headers.js";
import { catalogueRoutes } from "./routes/catalogue-routes.js";
import { subscriberRoutes } from "./routes/subscriber-routes.js";
import { receiptRoutes } from "./routes/receipt-routes.js";
import { eventRoutes } from "./routes/event-routes.js";
import { subscriptionAdminRoutes } from "./routes/subscription-admin-routes.js";
import type { RenewalCharger } from "./lifecycle/renewal-charger.js";
import { checkWebhookEndpoints, type WebhookEndpoints } from "./webhooks/deliver-due-webhooks.js";
import { startWorkers, type Workers } from "./workers.js";
import { checkoutRoutes } from "./routes/checkout-routes.js";
import { stripeWebhookRoutes } from "./routes/stripe-webhook-routes.js";
import type { StripeOptions } from "./gateway/stripe-gateway.js";

/** Options of the billing server plugin. */
export interface BillingServerOptions {
  database: BillingDatabase;
  /**
   * Host-app webhooks by project id: every entitlement change is POSTed there, signed (see
   * `signWebhookBody`) and retried until acknowledged. Events of projects without one wait in the outbox.
   */
  webhooks?: Record<string, { url: string; secret: string }>;
  /**
   * Charges renewals. By default Test Store and sandbox renewals succeed and production ones fail (there is
   * no gateway to take the money).
   */
  renewalCharger?: RenewalCharger;
  /**
   * Enables the server-to-server routes (cancel a subscription) for requests whose `X-Billing-Admin-Secret`
   * header equals it; without it they answer 404.
   */
  adminSecret?: string;
  /** `false` runs no background workers (renewals, expirations, webhook delivery): call them yourself. */
  workers?: false;
  /** How often the workers run; 5000 ms by default. */
  workerIntervalMs?: number;
  /** Seeded (made the source of truth for keys, products and offerings) when the plugin registers. */
  catalogue?: Catalogue;
  /** The clock; `() => new Date()` by default. */
  now?: () => Date;
  managementUrl?: string | null;
  /** The Stripe gateway of checkout; without it checkout/start answers 7773 (no payment gateway). */
  stripe?: StripeOptions | null;
}

const ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, X-Platform, X-Version, X-Is-Sandbox, X-Platform-Flavor, X-Platform-Flavor-Version";

function allowOrigin(reply: FastifyReply, origin: string | undefined, allowed: string[] | null) {
  if (!origin || (allowed && !allowed.includes(origin))) return;
  reply.header("Access-Control-Allow-Origin", allowed ? origin : "*");
  reply.header("Vary", "Origin");
}

/** The 503 answer's message when the database cannot be reached; clients retry after `Retry-After` seconds. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The billing database is unavailable. Please retry shortly.";
const DATABASE_RETRY_AFTER_S = 5;

/** The driver's error code (SQLSTATE or errno) of an error or its cause, for logs. */
function errorCodeOf(error: unknown): string | undefined {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * The billing server as a Fastify plugin: every call of the purchases-web wire protocol, under any prefix.
 *
 * @example
 * app.register(billingServer, { prefix: "/billing", database, catalogue });
 */
export async function billingServer(app: FastifyInstance, options: BillingServerOptions): Promise<void> {
  const { database } = options;
  if (options.catalogue) await seedCatalogue(database.db, options.catalogue);
  const ctx: BillingContext = {
    db: database.db,
    database,
    now: options.now ?? (() => new Date()),
    managementUrl: options.managementUrl ?? null,
  };

  app.decorateRequest("caller", null as unknown as Caller);

  app.setErrorHandler((error: FastifyError | BillingError, request, reply) => {
    if (error instanceof BillingError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: BillingErrorCode.BadRequest, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Only the error's kind is logged: a failed query's text carries its parameters (emails, user ids).
      request.log.warn(
        { errorName: error.name, errorCode: errorCodeOf(error) },
        "billing database unavailable",
      );
      return reply
        .status(503)
        .header("Retry-After", String(DATABASE_RETRY_AFTER_S))
        .send({ code: BillingErrorCode.InternalServerError, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, "billing server error");
    return reply
      .status(500)
      .send({ code: BillingErrorCode.InternalServerError, message: "Internal server error." });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: BillingErrorCode.BadRequest, message: "Not found." }),
  );

  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });

  // CORS preflights carry no API key: they are answered for any origin; the real request is then checked
  // against the key's project's allowed origins.
  app.options("/*", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header("Access-Control-Allow-Origin", origin);
      reply.header("Vary", "Origin");
    }
    reply.header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    reply.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    reply.header("Access-Control-Max-Age", "600");
    return reply.status(204).send();
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === "OPTIONS" || request.routeOptions.config?.public === true) return;
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "");
    const key = match?.[1];
    const [row] = key
      ? await ctx.db
          .select({
            projectId: apiKeys.projectId,
            kind: apiKeys.kind,
            allowedOrigins: projects.allowedOrigins,
          })
          .from(apiKeys)
          .innerJoin(projects, eq(projects.id, apiKeys.projectId))
          .where(eq(apiKeys.key, key))
          .limit(1)
      : [];
    if (!row) {
      allowOrigin(reply, request.headers.origin, null);
      throw new BillingError(401, BillingErrorCode.InvalidApiKey, "Invalid API key.");
    }
    request.caller = {
      projectId: row.projectId,
      keyKind: row.kind,
      isSandbox: row.kind !== "production",
      allowedOrigins: row.allowedOrigins ?? null,
    };
    allowOrigin(reply, request.headers.origin, request.caller.allowedOrigins);
  });

  await app.register(catalogueRoutes, { ctx });
  await app.register(subscriberRoutes, { ctx });
  await app.register(receiptRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  if (options.adminSecret) {
    await app.register(subscriptionAdminRoutes, { ctx, adminSecret: options.adminSecret });
  }
  const webhooks: WebhookEndpoints = options.webhooks ?? {};
  checkWebhookEndpoints(webhooks);
  if (options.workers !== false) {
    let workers: Workers | null = null;
    app.addHook("onReady", async () => {
      workers = startWorkers(ctx, {
        intervalMs: options.workerIntervalMs ?? 5000,
        webhooks,
        renewalCharger: options.renewalCharger,
        log: app.log,
      });
    });
    app.addHook("onClose", async () => {
      await workers?.stop();
    });
  }
  await app.register(checkoutRoutes, { ctx, stripe: options.stripe ?? null });
  await app.register(stripeWebhookRoutes, { ctx, stripe: options.stripe ?? null });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that take no API key (gateway webhooks). */
    public?: boolean;
  }
}
