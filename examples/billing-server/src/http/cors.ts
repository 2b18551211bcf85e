import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// RFC 9110's `token`: what a header name may be.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

// Which request headers a preflight allows: a deny-list, not an allow-list. The SDK sends Authorization,
// Content-Type, Accept and X-Platform, X-Version, X-Is-Sandbox, X-Platform-Flavor(-Version); purchases-js adds
// X-RC-Subscriber-Token; and both let an integrator add any headers of their own (`httpConfig.additionalHeaders`,
// e.g. X-Tenant for their proxy), so an allow-list would break integrations the SDK documents. What is denied is
// every header a page has no business sending: names the Fetch standard forbids, and whole families that proxies,
// CDNs and frameworks trust to route, rewrite, re-method or attribute a request (a page that could set them would
// choose its own client address, path, host or method behind such a proxy).

/**
 * Request headers a preflight never allows by exact name: the Fetch standard's forbidden request header names (a
 * browser never lets a page set them; asking is a sign of a confused or hostile caller), `Forwarded` (RFC 7239),
 * the client-address and host overrides without a family prefix, and the server-to-server admin secret (it must
 * never be sent from a browser).
 */
const DENIED_HEADERS = new Set([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "access-control-request-private-network",
  "connection",
  "content-length",
  "cookie",
  "cookie2",
  "date",
  "dnt",
  "expect",
  "host",
  "keep-alive",
  "origin",
  "referer",
  "set-cookie",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
  "forwarded",
  "x-real-ip",
  "x-host",
  "x-billing-admin-secret",
]);

/**
 * Families of request headers a preflight never allows: `Proxy-*` and `Sec-*` (forbidden by Fetch), `X-Forwarded-*`
 * (client address, host, scheme, port, prefix), `X-Original-*` and `X-Rewrite-*` (the path or host a proxy routes
 * by, e.g. X-Original-URL), `CF-*` (Cloudflare's, e.g. CF-Connecting-IP), `*-Client-IP` (X-Client-IP,
 * True-Client-IP, X-Cluster-Client-IP) and method overrides (X-HTTP-Method, X-HTTP-Method-Override,
 * X-Method-Override).
 */
const DENIED_FAMILIES = [
  /^proxy-/,
  /^sec-/,
  /^x-forwarded-/,
  /^x-original-/,
  /^x-rewrite-/,
  /^cf-/,
  /-client-ip$/,
  /^x-(http-)?method(-override)?$/,
];

/** How many names one preflight may ask for; the SDK sends nine plus the integrator's few. */
const MAX_PREFLIGHT_HEADERS = 50;

/** Response headers a page may read besides the safelisted ones: the 503's retry delay. */
const EXPOSED_HEADERS = "Retry-After";

/**
 * Whether a preflight may allow a page to send the request header `name`: any syntactically valid header name
 * except the denied ones (forbidden names, `Proxy-*`, `Sec-*`, `X-Forwarded-*`, `Forwarded`, `X-Original-*`,
 * `X-Rewrite-*`, `CF-*`, client-address and host overrides, method overrides, `X-Billing-Admin-Secret`).
 *
 * @example
 * isAllowedRequestHeader("X-Tenant"); // true
 * isAllowedRequestHeader("X-Forwarded-For"); // false
 */
export function isAllowedRequestHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    HEADER_NAME.test(name) &&
    !DENIED_HEADERS.has(lower) &&
    !DENIED_FAMILIES.some((family) => family.test(lower))
  );
}

/**
 * The `Access-Control-Allow-Headers` value answering a preflight's `Access-Control-Request-Headers`: the
 * requested names that {@link isAllowedRequestHeader} accepts (at most 50), lower-cased. A denied name is left
 * out, so the browser refuses the real request.
 *
 * @example
 * preflightAllowedHeaders("authorization,x-tenant,cookie"); // "authorization, x-tenant"
 */
export function preflightAllowedHeaders(requested: string | undefined): string {
  const names = (requested ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, MAX_PREFLIGHT_HEADERS);
  return [...new Set(names.filter(isAllowedRequestHeader).map((name) => name.toLowerCase()))].join(", ");
}

/**
 * Lets `origin` read the answer when `allowed` holds it; `allowed` null means any origin (answers that carry
 * nothing of a project's: a refused API key or origin, an unknown path, the database unavailable before the key is
 * known).
 */
function allowOrigin(
  reply: FastifyReply,
  origin: string | undefined,
  allowed: readonly string[] | null,
): void {
  if (!origin || (allowed && !allowed.includes(origin))) return;
  reply.header("Access-Control-Allow-Origin", allowed ? origin : "*");
  reply.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  reply.header("Vary", "Origin");
}

/**
 * The CORS headers of an answer Fastify gives before any plugin sees the request (`frameworkErrors`): it
 * carries nothing of a project's, so any origin may read it.
 */
export function allowAnyOrigin(request: FastifyRequest, reply: FastifyReply): void {
  allowOrigin(reply, request.headers.origin, null);
}

/**
 * CORS for the billing server's routes. Preflights carry no API key, so they are answered for any origin and
 * for the request headers {@link preflightAllowedHeaders} accepts. Every other answer — successes, errors,
 * 404s, 413s, 503s — gets `Access-Control-Allow-Origin` when the key's project allows the origin
 * (`allowed_origins`, any when null), or for any origin when no key was accepted (an unknown key, or a page on an
 * origin the project refuses: `requireApiKey` answers 403 before the route runs, and the page reads why). Routes marked
 * `config: { public: true }` (gateway webhooks, the manage page, health) are not for pages on other sites and
 * get none.
 */
export function useCors(app: FastifyInstance): void {
  app.options("/*", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header("Access-Control-Allow-Origin", origin);
      reply.header("Vary", "Origin, Access-Control-Request-Headers");
    }
    reply.header("Access-Control-Allow-Methods", "GET, POST, PATCH, OPTIONS");
    const allowed = preflightAllowedHeaders(request.headers["access-control-request-headers"]);
    if (allowed) reply.header("Access-Control-Allow-Headers", allowed);
    reply.header("Access-Control-Max-Age", "600");
    return reply.status(204).send();
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.method === "OPTIONS" || request.routeOptions.config?.public === true) return;
    allowOrigin(reply, request.headers.origin, request.caller?.allowedOrigins ?? null);
  });
}
