// The secret-key half of the key check (issue #48): which routes take a secret key, with which scope, from where,
// how often. The public-key half is http/api-key-auth.ts, which calls this for `sk_…` keys and merchant routes.
import type { FastifyRequest } from "fastify";
import type { BillingContext } from "../context.js";
import { BillingError } from "./billing-error.js";
import { MerchantError, merchantErrorTypeOf, protocolCodeOf } from "./merchant-error.js";
import { grantsScope, type SecretKeyScope } from "../access/secret-key-scopes.js";
import { authenticateSecretKey, type MerchantCaller, type SecretKeyRefusal } from "../access/secret-keys.js";

/** Which of RevenueCat's APIs a merchant route follows: v1 (`{ code, message }` errors) or v2 (`error` objects). */
export type MerchantApiVersion = "v1" | "v2";

/** What the key check reads off a merchant route (`config.merchant`). */
export interface MerchantRouteConfig {
  api: MerchantApiVersion;
  scope: SecretKeyScope;
  /** The project's public API keys are taken too (v1 calls the SDK also makes). */
  publicKeys: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A merchant-API route: which API it follows, the scope a secret key needs, and whether public keys may call. */
    merchant?: MerchantRouteConfig;
  }
  interface FastifyRequest {
    /** The secret key's caller on a merchant route; null otherwise. */
    merchant: MerchantCaller | null;
  }
}

/** A refusal in the shape of the route's API: v2 error objects, else the protocol's `{ code, message }`. */
export function merchantRefusal(
  route: MerchantRouteConfig | undefined,
  status: number,
  message: string,
  retryAfterS?: number,
): Error {
  if (route?.api === "v2") {
    return new MerchantError(
      status,
      merchantErrorTypeOf(status),
      message,
      retryAfterS ? { retryAfterS } : {},
    );
  }
  const error = new BillingError(status, protocolCodeOf(status), message);
  return retryAfterS ? Object.assign(error, { retryAfterS }) : error;
}

/** The message of a refused public key on a merchant route. */
export const SECRET_KEY_REQUIRED_MESSAGE =
  "This call takes a secret API key (sk_…) of the project, made with `purchases-billing-server secret-key create`: public API keys ship inside apps and web pages, so they cannot make it.";

/** The message of a secret key on one of the SDK's routes. */
export const SECRET_KEY_ON_SDK_ROUTE_MESSAGE =
  "Secret API keys (sk_…) belong on your server and cannot call the SDK's routes: configure the SDK with the project's public API key. If this key was in an app or a web page, revoke it (purchases-billing-server secret-key revoke ID).";

const REFUSALS: Record<SecretKeyRefusal, string> = {
  unknown: "Invalid API key.",
  revoked: "This secret API key was revoked.",
  expired: "This secret API key has expired.",
};

/**
 * Admits a request presenting a secret key, or throws why not: on one of the SDK's routes (403), from a browser page
 * (403: a page with a secret key is a leaked key), unknown, revoked or expired (401), without the route's scope (403),
 * or past its rate (429 with `Retry-After`).
 *
 * @example
 * request.merchant = await admitSecretKey(ctx, request, key, take);
 */
export async function admitSecretKey(
  ctx: BillingContext,
  request: FastifyRequest,
  key: string,
  take: (keyId: string, nowMs: number) => number | null,
): Promise<MerchantCaller> {
  const route = request.routeOptions.config?.merchant;
  if (!route) throw merchantRefusal(route, 403, SECRET_KEY_ON_SDK_ROUTE_MESSAGE);
  if (request.headers.origin !== undefined) {
    throw merchantRefusal(
      route,
      403,
      "Secret API keys (sk_…) are for servers, and this request came from a web page (it has an Origin): revoke the key if a page holds it.",
    );
  }
  const now = ctx.now();
  const checked = await authenticateSecretKey(ctx.db, key, now);
  if (!checked.ok) throw merchantRefusal(route, 401, REFUSALS[checked.refusal]);
  if (!grantsScope(checked.caller.scopes, route.scope)) {
    throw merchantRefusal(
      route,
      403,
      `This secret API key lacks the scope ${route.scope}: make a key with it (purchases-billing-server secret-key create --scope ${route.scope}).`,
    );
  }
  const retryAfterS = take(checked.caller.keyId, now.getTime());
  if (retryAfterS !== null) {
    throw merchantRefusal(
      route,
      429,
      "Too many requests with this secret API key: retry later.",
      retryAfterS,
    );
  }
  return checked.caller;
}
