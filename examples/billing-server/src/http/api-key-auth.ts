import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BillingContext, Caller } from "../context.js";
import { apiKeys, projects } from "../db/schema.js";
import { API_KEY_KINDS } from "../kinds/api-key-kind.js";
import { BillingError, BillingErrorCode } from "./billing-error.js";

/** The refusal of a Test Store key on a server where they are off: the invalid-key code, and how to turn them on. */
export const TEST_STORE_OFF_MESSAGE =
  "Test Store keys (test_…) are turned off on this server: they grant entitlements without payment, so they are off " +
  "by default when NODE_ENV is production. Turn them on with the plugin option testStore: true (TEST_STORE=on for " +
  "the CLI), or use a production or sandbox key.";

/**
 * Whether Test Store keys are accepted when the host does not say: on, except when `NODE_ENV` is `production`.
 *
 * @example
 * testStoreOnByDefault(process.env.NODE_ENV); // false in production
 */
export function testStoreOnByDefault(nodeEnv: string | undefined): boolean {
  return nodeEnv !== "production";
}

/**
 * Requires `Authorization: Bearer <public API key>` on every route but preflights and routes marked
 * `config: { public: true }` (gateway webhooks): the key names the project and its kind (`request.caller`); an
 * unknown or missing key is 401 with 7225, and so is a Test Store key when `testStore` is off (with
 * {@link TEST_STORE_OFF_MESSAGE}). The project's allowed origins decide CORS (`useCors`), or `allowedOrigins` for every
 * project when given (the CLI's ALLOWED_ORIGINS).
 *
 * @example
 * requireApiKey(app, ctx, { testStore: testStoreOnByDefault(process.env.NODE_ENV) });
 */
export function requireApiKey(
  app: FastifyInstance,
  ctx: BillingContext,
  { testStore, allowedOrigins }: { testStore: boolean; allowedOrigins?: string[] | null },
): void {
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
    const kind = API_KEY_KINDS[row.kind];
    if (kind.refusedWhenTestStoreOff && !testStore) {
      throw new BillingError(401, BillingErrorCode.InvalidApiKey, TEST_STORE_OFF_MESSAGE);
    }
    request.caller = {
      projectId: row.projectId,
      keyKind: row.kind,
      isSandbox: kind.isSandbox,
      allowedOrigins: allowedOrigins !== undefined ? allowedOrigins : (row.allowedOrigins ?? null),
    };
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that take no API key (gateway webhooks). */
    public?: boolean;
  }
}
