import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The Content-Security-Policy for the React client served from this origin plus the purchases-web SDK: the
 * SDK's card form loads Stripe.js and its frames, and the checkout widget injects styles (inline styles are
 * allowed; scripts only from here and Stripe). Nobody may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * True when the client reached us over TLS, directly or through a proxy that terminated it. Trusting the
 * header without TRUST_PROXY is harmless here: it only ever makes cookies stricter and adds HSTS.
 */
export function isBehindTls(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/**
 * Sets the security headers on one response (HSTS only over TLS, where it means something and cannot lock a
 * plain-HTTP development host out). For answers sent before any hook runs, such as Fastify's framework errors.
 *
 * @example
 * setSecurityHeaders(request, reply);
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(HEADERS);
  if (isBehindTls(request)) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
}

/**
 * Adds the security headers to every response of `app` and its plugins.
 *
 * @example
 * installSecurityHeaders(app);
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => setSecurityHeaders(request, reply));
}
