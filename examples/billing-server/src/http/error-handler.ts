import type { FastifyError, FastifyInstance } from "fastify";
import { isDatabaseUnavailable } from "../db/database-unavailable.js";
import { BillingError, BillingErrorCode } from "./billing-error.js";
import { MerchantError, merchantErrorTypeOf } from "./merchant-error.js";

/** The 503 answer's message when the database cannot be reached; clients retry after `Retry-After` seconds. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The billing database is unavailable. Please retry shortly.";
/** Seconds a client waits before retrying when the database is unavailable (`Retry-After`). */
export const DATABASE_RETRY_AFTER_S = 5;

/** The driver's error code (SQLSTATE or errno) of an error or its cause, for logs. */
function errorCodeOf(error: unknown): string | undefined {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Answers every failure of the billing server's routes in the protocol's `{ code, message }` shape: a
 * `BillingError` as itself, bad input as 400 (7226), an unreachable database as 503 with `Retry-After`, anything
 * else as 500 (7110) with the error logged. Unknown paths are 404.
 */
export function useBillingErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | BillingError | MerchantError, request, reply) => {
    const retryAfterS = (error as { retryAfterS?: number }).retryAfterS;
    if (retryAfterS) reply.header("Retry-After", String(retryAfterS));
    if (error instanceof MerchantError) return reply.status(error.statusCode).send(error.body());
    // A v2 merchant route answers a domain function's refusal as RevenueCat's v2 error object.
    if (error instanceof BillingError && request.routeOptions.config?.merchant?.api === "v2") {
      const v2 = new MerchantError(error.statusCode, merchantErrorTypeOf(error.statusCode), error.message);
      return reply.status(error.statusCode).send(v2.body());
    }
    if (error instanceof BillingError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && request.routeOptions.config?.merchant?.api === "v2") {
      return reply
        .status(status)
        .send(new MerchantError(status, merchantErrorTypeOf(status), error.message).body());
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: BillingErrorCode.BadRequest, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Only the error's kind is logged: a failed query's text carries its parameters (emails, user ids).
      request.log.warn(
        { errorName: error.name, errorCode: errorCodeOf(error) },
        "billing database unavailable",
      );
      return reply
        .status(503)
        .header("Retry-After", String(DATABASE_RETRY_AFTER_S))
        .send({ code: BillingErrorCode.InternalServerError, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, "billing server error");
    return reply
      .status(500)
      .send({ code: BillingErrorCode.InternalServerError, message: "Internal server error." });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: BillingErrorCode.BadRequest, message: "Not found." }),
  );
}
