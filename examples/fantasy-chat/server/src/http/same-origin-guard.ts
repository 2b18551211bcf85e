import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "./api-error.js";
import { isBehindTls } from "./security-headers.js";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a state-changing request may come from where it says it comes from. Browsers send `Sec-Fetch-Site`
 * and `Origin` on cross-site requests; a request with neither (curl, server-to-server webhooks) carries no
 * ambient browser credentials that could be abused, so it passes.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return true;
  if (!isSameOriginNavigation(request)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // `Origin: null` (sandboxed frames, some redirects) fails to parse and is refused. The scheme counts too: a
    // page on http://host (injected on a plain-HTTP hop) is not the https://host site.
    const url = new URL(origin);
    return url.host === request.host && url.protocol === (isBehindTls(request) ? "https:" : "http:");
  } catch {
    return false;
  }
}

/**
 * Whether a request, a plain navigation included, was not started by another site: browsers say where it came
 * from in `Sec-Fetch-Site` (`none` when the address was typed or bookmarked); a request without it passes, as in
 * {@link isSameOriginRequest}.
 */
export function isSameOriginNavigation(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site !== "cross-site" && site !== "same-site";
}

/**
 * Refuses cross-origin state-changing requests with 403 (CSRF protection on top of SameSite=Lax cookies), except
 * on routes marked `config: { allowCrossOrigin: true }`.
 *
 * @example
 * await app.register(async (api) => { installSameOriginGuard(api); ... }, { prefix: "/api" });
 */
export function installSameOriginGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.allowCrossOrigin === true) return;
    if (!isSameOriginRequest(request)) throw forbidden("cross_origin");
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A server-to-server route that authenticates by signature, not by cookie (a payment webhook): the
     * cross-origin check does not apply to it.
     */
    allowCrossOrigin?: boolean;
  }
}
