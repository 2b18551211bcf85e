import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BillingContext, Caller } from "../context.js";
import { apiKeys, projects } from "../db/schema.js";
import { BillingError, BillingErrorCode } from "./billing-error.js";

/**
 * Requires `Authorization: Bearer <public API key>` on every route but preflights and routes marked
 * `config: { public: true }` (gateway webhooks): the key names the project and its kind (`request.caller`); an
 * unknown or missing key is 401 with 7225. The project's allowed origins decide CORS (`useCors`).
 */
export function requireApiKey(app: FastifyInstance, ctx: BillingContext): void {
  app.decorateRequest("caller", null as unknown as Caller);
  app.addHook("onRequest", async (request) => {
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
    if (!row) throw new BillingError(401, BillingErrorCode.InvalidApiKey, "Invalid API key.");
    request.caller = {
      projectId: row.projectId,
      keyKind: row.kind,
      isSandbox: row.kind !== "production",
      allowedOrigins: row.allowedOrigins ?? null,
    };
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that take no API key (gateway webhooks). */
    public?: boolean;
  }
}
