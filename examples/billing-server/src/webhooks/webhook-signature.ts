import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signs a webhook body for the `X-Webhook-Signature` header.
 *
 * The scheme: `sha256=` followed by the lower-case hex HMAC-SHA256 of the raw request body (the exact bytes
 * sent, UTF-8), keyed with the project's webhook secret. The same secret is also sent as
 * `Authorization: Bearer <secret>`, for receivers that only compare a token; the signature additionally
 * proves that the body was not altered. Every delivery of one event carries the same `X-Webhook-Id` (the
 * event id, also `event.id` in the body): receivers deduplicate on it, which also makes a replayed request
 * harmless.
 *
 * @example
 * signWebhookBody('{"event":{}}', "whsec_1"); // "sha256=5c1f…"
 */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * Checks an `X-Webhook-Signature` header against the raw body, in constant time. For host apps: verify
 * before parsing the body.
 *
 * @example
 * // rawBody: the request body as received, before JSON parsing
 * if (!verifyWebhookSignature(rawBody, webhookSecret, request.headers["x-webhook-signature"])) {
 *   return reply.status(401).send();
 * }
 * // then handle JSON.parse(rawBody).event, at most once per event id
 */
export function verifyWebhookSignature(
  body: string,
  secret: string,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(signWebhookBody(body, secret));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
