import { isDatabaseUnavailable } from "@purchases-web/billing-server";
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { ApiError, serviceUnavailable } from "./api-error.js";
import { describeError } from "./log-safety.js";

const invalidJson = () => new ApiError(400, "The request body is not valid JSON", "invalid_json");

/** Maps what Fastify itself rejects (before any route runs) to the API's error shape; null for a 5xx. */
function fromFastifyError(error: Partial<FastifyError>): ApiError | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "Request body is too large", "payload_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "Unsupported content type", "unsupported_media_type");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return invalidJson();
  }
  if (error instanceof SyntaxError) return invalidJson();
  return new ApiError(status, status === 404 ? "Not found" : "Bad request", "bad_request");
}

/**
 * The {@link ApiError} any failure is answered with: an `ApiError` as it is; Fastify's own 4xx refusals in the
 * API's shape; 503 `service_unavailable` with Retry-After when the database cannot be reached (logged as a
 * warning); anything else a bare 500 `internal` (logged as an error). Logs never carry query parameters.
 *
 * @example
 * stream.send("error", toApiError(error, request.log).toBody());
 */
export function toApiError(error: unknown, log: FastifyBaseLogger): ApiError {
  if (error instanceof ApiError) return error;
  const refusal = typeof error === "object" && error !== null ? fromFastifyError(error) : null;
  if (refusal) return refusal;
  if (isDatabaseUnavailable(error)) {
    // Expected during a restart or a network drop, and answered with a retry: a warning, not an error.
    log.warn({ reason: describeError(error) }, "database unavailable");
    return serviceUnavailable();
  }
  log.error({ err: error }, "request failed");
  return new ApiError(500, "Internal server error", "internal");
}

/**
 * Sends `error` as `{ message, code?, fields? }` with its status, and Retry-After when it has one.
 *
 * @example
 * return sendApiError(reply, toApiError(error, request.log));
 */
export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send(error.toBody());
}

/**
 * Installs the JSON error handler on `app` (inherited by every plugin that does not set its own): every failure
 * answers `{ message, code }` as {@link toApiError} decides.
 *
 * @example
 * installErrorHandler(app);
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) =>
    sendApiError(reply, toApiError(error, request.log)),
  );
}
