import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { BillingErrorCode } from "./billing-error.js";
import { allowAnyOrigin } from "./cors.js";
import { SECURITY_HEADERS } from "./security-headers.js";

/**
 * Fastify's `frameworkErrors` option answering in the protocol's `{ code, message }` shape. Fastify refuses
 * some requests before any route or plugin sees them (a path that is not valid percent-encoding, such as
 * `/v1/subscribers/%E0%A4%A`, or a path parameter longer than `BILLING_MAX_PARAM_LENGTH`, answered 414), and only
 * this root-level option shapes that answer: pass it when you create the Fastify instance the billing server is
 * registered on. The answer carries the security headers and CORS headers for any origin (it holds nothing of a
 * project's), so a page's SDK reads the real status instead of a network error.
 *
 * @example
 * const app = Fastify({ frameworkErrors: billingFrameworkErrors });
 * await app.register(billingServer, { prefix: "/billing", database, catalogue });
 */
export function billingFrameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  allowAnyOrigin(request, reply);
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .headers(SECURITY_HEADERS)
    .status(status)
    .send({ code: BillingErrorCode.BadRequest, message: error.message });
}

/**
 * Fastify's `routerOptions.maxParamLength` for the instance the billing server is registered on. Fastify's default (100)
 * would refuse app user ids of 101 to 256 characters in paths such as `/v1/subscribers/{app_user_id}`, which
 * the protocol allows: 256 UTF-16 code units, percent-encoded, take at most 256 × 9 characters (three UTF-8
 * bytes each), so this leaves room to spare.
 *
 * @example
 * const app = Fastify({ frameworkErrors: billingFrameworkErrors, routerOptions: { maxParamLength: BILLING_MAX_PARAM_LENGTH } });
 */
export const BILLING_MAX_PARAM_LENGTH = 3072;
