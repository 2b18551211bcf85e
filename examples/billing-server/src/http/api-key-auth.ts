import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BillingContext, Caller } from "../context.js";
import { apiKeys, projects } from "../db/schema.js";
import { API_KEY_KINDS } from "../kinds/api-key-kind.js";
import { BillingError, BillingErrorCode } from "./billing-error.js";
import { SECRET_KEY_PREFIX } from "../access/secret-keys.js";
import { SECRET_KEY_REQUIRED_MESSAGE, admitSecretKey, merchantRefusal } from "./secret-key-auth.js";
import { DEFAULT_SECRET_KEY_REQUESTS_PER_MINUTE, secretKeyRateLimit } from "./secret-key-rate-limit.js";

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
 * `config: { public: true }` (gateway webhooks), and a secret key (`sk_…`, {@link admitSecretKey}) on the merchant
 * API's routes (`config.merchant`; those with `publicKeys` take either). A secret key is refused on every other route
 * and a public key on a secret-only one (403). A public key names the project and its kind (`request.caller`); an
 * unknown or missing key is 401 with 7225, and so is a Test Store key when `testStore` is off (with
 * {@link TEST_STORE_OFF_MESSAGE}). A browser page on an origin the project does not allow (its `allowed_origins`, or
 * `allowedOrigins` for every project when given: the CLI's ALLOWED_ORIGINS) is refused before the route runs, with
 * 403 and 7225 naming its origin ({@link foreignOrigin}); the refusal is logged once per project and origin.
 *
 * @example
 * requireApiKey(app, ctx, { testStore: testStoreOnByDefault(process.env.NODE_ENV) });
 */
export function requireApiKey(
  app: FastifyInstance,
  ctx: BillingContext,
  {
    testStore,
    allowedOrigins,
    secretKeyRequestsPerMinute = DEFAULT_SECRET_KEY_REQUESTS_PER_MINUTE,
  }: { testStore: boolean; allowedOrigins?: string[] | null; secretKeyRequestsPerMinute?: number },
): void {
  app.decorateRequest("caller", null as unknown as Caller);
  app.decorateRequest("merchant", null);
  const secretKeyLimit = secretKeyRateLimit(secretKeyRequestsPerMinute);
  app.addHook("onRequest", async (request) => {
    if (request.method === "OPTIONS" || request.routeOptions.config?.public === true) return;
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "");
    const key = match?.[1];
    const merchantRoute = request.routeOptions.config?.merchant;
    if (key?.startsWith(SECRET_KEY_PREFIX)) {
      request.merchant = await admitSecretKey(ctx, request, key, secretKeyLimit.take);
      return;
    }
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
    if (!row) throw merchantRefusal(merchantRoute, 401, "Invalid API key.");
    if (merchantRoute && !merchantRoute.publicKeys)
      throw merchantRefusal(merchantRoute, 403, SECRET_KEY_REQUIRED_MESSAGE);
    const kind = API_KEY_KINDS[row.kind];
    if (kind.refusedWhenTestStoreOff && !testStore) {
      throw new BillingError(401, BillingErrorCode.InvalidApiKey, TEST_STORE_OFF_MESSAGE);
    }
    const allowed = allowedOrigins !== undefined ? allowedOrigins : (row.allowedOrigins ?? null);
    const foreign = foreignOrigin(request.headers.origin, request.headers.host, allowed);
    if (foreign) {
      logRefusal(request, row.projectId, foreign, allowed ?? []);
      throw new BillingError(
        403,
        BillingErrorCode.InvalidApiKey,
        `This API key's project does not allow requests from pages on ${foreign}: add the origin to the project's allowed_origins (ALLOWED_ORIGINS for the CLI).`,
      );
    }
    request.caller = {
      projectId: row.projectId,
      keyKind: row.kind,
      isSandbox: kind.isSandbox,
      allowedOrigins: allowed,
    };
  });

  const refusalsLogged = new Set<string>();
  function logRefusal(request: FastifyRequest, projectId: string, origin: string, allowed: string[]): void {
    const refusal = `${projectId}\n${origin}`;
    if (refusalsLogged.has(refusal)) return;
    if (refusalsLogged.size < 1000) refusalsLogged.add(refusal);
    request.log.warn(
      `Refused a page on ${origin}: project ${projectId} allows requests only from ${allowed.join(", ") || "no origin"} (its allowed_origins, or ALLOWED_ORIGINS).`,
    );
  }
}

/**
 * The origin of a browser page that `allowed` does not let use the key, or null: no `Origin` (not a page, or a
 * same-origin GET), any origin allowed (`allowed` null), the origin listed, or a page on the billing server's own
 * host (a same-origin request needs no CORS, so a host mounting the plugin is never refused by its own list).
 *
 * @example
 * foreignOrigin("https://evil.example", "billing.example", ["https://app.example"]); // "https://evil.example"
 * foreignOrigin("https://billing.example", "billing.example", ["https://app.example"]); // null
 */
export function foreignOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[] | null,
): string | null {
  if (!origin || !allowed || allowed.includes(origin)) return null;
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    // `Origin: null` (a sandboxed frame, a file) or garbage: not the server's own host
  }
  return originHost !== null && originHost === host ? null : origin.slice(0, 200);
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that take no API key (gateway webhooks). */
    public?: boolean;
  }
}
