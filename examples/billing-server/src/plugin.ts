import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { BillingError, BillingErrorCode } from "./billing-error.js";
import type { Catalogue } from "./catalogue/catalogue-schema.js";
import { seedCatalogue } from "./catalogue/seed-catalogue.js";
import type { BillingContext, Caller } from "./context.js";
import type { BillingDatabase } from "./db/database.js";
import { apiKeys, projects } from "./db/schema.js";
import { catalogueRoutes } from "./routes/catalogue-routes.js";
import { subscriberRoutes } from "./routes/subscriber-routes.js";
import { receiptRoutes } from "./routes/receipt-routes.js";
import { eventRoutes } from "./routes/event-routes.js";

/** Options of the billing server plugin. */
export interface BillingServerOptions {
  database: BillingDatabase;
  /** Seeded (made the source of truth for keys, products and offerings) when the plugin registers. */
  catalogue?: Catalogue;
  /** The clock; `() => new Date()` by default. */
  now?: () => Date;
  managementUrl?: string | null;
}

const ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, X-Platform, X-Version, X-Is-Sandbox, X-Platform-Flavor, X-Platform-Flavor-Version";

function allowOrigin(reply: FastifyReply, origin: string | undefined, allowed: string[] | null) {
  if (!origin || (allowed && !allowed.includes(origin))) return;
  reply.header("Access-Control-Allow-Origin", allowed ? origin : "*");
  reply.header("Vary", "Origin");
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
    request.log.error({ err: error }, "billing server error");
    return reply
      .status(500)
      .send({ code: BillingErrorCode.InternalServerError, message: "Internal server error." });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: BillingErrorCode.BadRequest, message: "Not found." }),
  );

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
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that take no API key (gateway webhooks). */
    public?: boolean;
  }
}
