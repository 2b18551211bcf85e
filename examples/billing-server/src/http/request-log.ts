import type { FastifyRequest } from "fastify";

/**
 * The path of a request URL as logs show it: without the query string (it can carry emails, tokens or a
 * customer's language and other details nobody needs in logs) and with a Manage subscription link's token
 * (a credential) replaced by `:token`.
 *
 * @example
 * loggedPath("/billing/v1/subscribers/u1/offerings?email=a%40b.example"); // "/billing/v1/subscribers/u1/offerings"
 */
export function loggedPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "";
  return path.replace(/\/manage\/[^/]+/, "/manage/:token");
}

/**
 * Pino serializers for a Fastify logger that serves the billing server: request logs name the method and the
 * {@link loggedPath} only (no query string, no headers).
 *
 * @example
 * const app = Fastify({ logger: { level: "info", serializers: billingLogSerializers } });
 */
export const billingLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedPath(request.url),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};
