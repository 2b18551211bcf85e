import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { BillingErrorCode } from "./billing-error.js";
import { SECURITY_HEADERS } from "./security-headers.js";

/**
 * Fastify's `frameworkErrors` option answering in the protocol's `{ code, message }` shape. Fastify refuses
 * some requests before any route or plugin sees them (a path that is not valid percent-encoding, such as
 * `/v1/subscribers/%E0%A4%A`), and only this root-level option shapes that answer: pass it when you create the
 * Fastify instance the billing server is registered on.
 *
 * @example
 * const app = Fastify({ frameworkErrors: billingFrameworkErrors });
 * await app.register(billingServer, { prefix: "/billing", database, catalogue });
 */
export function billingFrameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .headers(SECURITY_HEADERS)
    .status(status)
    .send({ code: BillingErrorCode.BadRequest, message: error.message });
}
