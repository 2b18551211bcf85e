import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { sendApiError, toApiError } from "./error-handler.js";
import { setSecurityHeaders } from "./security-headers.js";

/** The shape of Fastify's `frameworkErrors` option. */
export type FrameworkErrorHandler = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => void;

/** Whether `url` is `prefix` itself or a path (or query) under it. */
function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

/**
 * Fastify's `frameworkErrors` option. Fastify refuses some requests before any route, hook or error handler runs
 * (a path that is not valid percent-encoding, such as `/api/chats/%E0%A4%A`); this answers them like every other
 * refusal: the API's `{ message, code }` with the security headers. A path under a mounted server's prefix is
 * answered by that server's own handler, so the mounted API keeps its protocol's error shape.
 *
 * @example
 * Fastify({ frameworkErrors: frameworkErrors({ "/billing": billingFrameworkErrors }) });
 */
export function frameworkErrors(
  mounts: Readonly<Record<string, FrameworkErrorHandler>> = {},
): FrameworkErrorHandler {
  return (error, request, reply) => {
    for (const [prefix, answer] of Object.entries(mounts)) {
      if (isUnder(request.url, prefix)) return answer(error, request, reply);
    }
    setSecurityHeaders(request, reply);
    sendApiError(reply, toApiError(error, request.log));
  };
}
