import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { BillingErrorCode } from "./billing-error.js";
import { SECURITY_HEADERS } from "./security-headers.js";

/** What Node says about a request it could not parse. */
const ANSWERS: Record<string, [status: number, message: string]> = {
  // The request line and headers together exceed Node's limit (16 KiB): a URL that long is the usual cause.
  HPE_HEADER_OVERFLOW: [431, "The request's URL or headers are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
};

/**
 * Fastify's `clientErrorHandler` option answering in the protocol's `{ code: 7226, message }` shape. Node answers
 * some requests itself, on the raw connection, before Fastify parses them (431 for a URL or headers over 16 KiB, 408
 * for a request that never finishes arriving, 400 for bytes that are not HTTP); this answer adds the security
 * headers and `Access-Control-Allow-Origin: *` (the request's Origin cannot be read, and the answer holds nothing
 * of a project's), so a page's SDK reads the status instead of a network error. Pass it when you create the Fastify
 * instance the billing server is registered on.
 *
 * @example
 * const app = Fastify({ frameworkErrors: billingFrameworkErrors, clientErrorHandler: billingClientErrors });
 */
export function billingClientErrors(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
  const [status, message] = ANSWERS[error.code ?? ""] ?? [400, "The request is not valid HTTP."];
  const body = JSON.stringify({ code: BillingErrorCode.BadRequest, message });
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "Retry-After",
    vary: "Origin",
    ...SECURITY_HEADERS,
    connection: "close",
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}
