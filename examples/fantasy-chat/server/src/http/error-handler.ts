import type { FastifyError, FastifyInstance } from "fastify";
import { ApiError, type ApiErrorBody } from "./api-error.js";

/** Maps what Fastify itself rejects (before any route runs) to the API's error shape. */
function fromFastifyError(error: FastifyError): { status: number; body: ApiErrorBody } | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, body: { message: "Request body is too large", code: "payload_too_large" } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: { message: "Unsupported content type", code: "unsupported_media_type" } };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, body: { message: "The request body is not valid JSON", code: "invalid_json" } };
  }
  if (error instanceof SyntaxError) {
    return { status: 400, body: { message: "The request body is not valid JSON", code: "invalid_json" } };
  }
  return { status, body: { message: status === 404 ? "Not found" : "Bad request", code: "bad_request" } };
}

/**
 * Installs the JSON error handler on `app` (inherited by every plugin that does not set its own): expected
 * failures answer `{ message, code? }` with their status; anything else is logged and answers a bare 500.
 *
 * @example
 * installErrorHandler(app);
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }
    const mapped = fromFastifyError(error);
    if (mapped) return reply.status(mapped.status).send(mapped.body);
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ message: "Internal server error", code: "internal" } satisfies ApiErrorBody);
  });
}
