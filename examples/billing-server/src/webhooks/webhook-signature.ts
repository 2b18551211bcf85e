import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeSignature } from "../gateway/stripe-signature.js";

/** How far a delivery's `X-Webhook-Timestamp` may be from the receiver's clock by default: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = SIGNATURE_TOLERANCE_SECONDS;

/** The header of the timestamped signatures: `t=<unix seconds>,v1=<hex>` with one `v1` per secret. */
export const TIMESTAMPED_SIGNATURE_HEADER = "x-webhook-timestamped-signature";

/** A webhook endpoint's secrets: one, or several while one is rotated (each signs every delivery). */
export type WebhookSecrets = string | readonly string[];

/** The request headers a receiver got (Node's and Fastify's `request.headers`). */
export type WebhookRequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** How {@link verifyWebhookSignature} checks the timestamped signature. */
export interface WebhookVerifyOptions {
  /** The receiver's clock; the machine's by default. */
  now?: Date;
  /** The oldest (or furthest in the future) `X-Webhook-Timestamp` accepted, in seconds; 300 by default. */
  toleranceSeconds?: number;
}

const secretList = (secrets: WebhookSecrets): readonly string[] =>
  typeof secrets === "string" ? [secrets] : secrets;

/**
 * Signs a webhook body for the `X-Webhook-Signature` header: `sha256=` followed by the lower-case hex HMAC-SHA256 of
 * the raw request body (the exact bytes sent, UTF-8), keyed with the secret. Kept for receivers written before
 * timestamps were signed; it proves the body was not altered but not when it was sent, so a captured request can be
 * replayed to such a receiver (deduplicating on `X-Webhook-Id` makes that harmless).
 *
 * @example
 * signWebhookBody('{"event":{}}', "whsec_1"); // "sha256=5c1f…"
 */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * The timestamped signature header's value: `t=<unix seconds>` then one `v1=<hex HMAC-SHA256 of "t.body">` per
 * secret, so that a receiver knowing any one of them can verify while a secret is rotated.
 *
 * @example
 * signWebhookTimestamped(body, ["whsec_old_0123456789", "whsec_new_0123456789"], 1795262400); // "t=1795262400,v1=…,v1=…"
 */
export function signWebhookTimestamped(body: string, secrets: WebhookSecrets, timestamp: number): string {
  const signatures = secretList(secrets).map(
    (secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`,
  );
  return [`t=${timestamp}`, ...signatures].join(",");
}

/**
 * The headers that authenticate one delivery of `body`, sent at `sentAt`:
 *
 * - `X-Webhook-Timestamp: <unix seconds>` and `X-Webhook-Timestamped-Signature: t=<same>,v1=<hex>,v1=<hex>…` — an
 *   HMAC-SHA256 of `${timestamp}.${body}` with each secret. Receivers check one of them and refuse a timestamp older
 *   than a few minutes ({@link verifyWebhookSignature} with the request's headers), so a captured request cannot be
 *   replayed later.
 * - `X-Webhook-Signature: sha256=<hex HMAC of the body>` and `Authorization: Bearer <secret>`, with the first secret,
 *   for receivers written before: they keep working unchanged as long as the first secret is theirs.
 *
 * @example
 * webhookAuthHeaders(body, ["whsec_current_0123456789", "whsec_next_0123456789"], new Date());
 */
export function webhookAuthHeaders(
  body: string,
  secrets: WebhookSecrets,
  sentAt: Date,
): Record<string, string> {
  const list = secretList(secrets);
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    authorization: `Bearer ${list[0]}`,
    "x-webhook-timestamp": String(timestamp),
    [TIMESTAMPED_SIGNATURE_HEADER]: signWebhookTimestamped(body, list, timestamp),
    "x-webhook-signature": signWebhookBody(body, list[0]!),
  };
}

/**
 * Checks a delivery against its raw body with any of the receiver's secrets, in constant time. For host apps: verify
 * before parsing the body, and handle each event id at most once.
 *
 * Given the request's headers, it checks `X-Webhook-Timestamped-Signature` and `X-Webhook-Timestamp`: both present
 * and equal, one `v1` signature made with one of `secrets`, and the timestamp within `toleranceSeconds` (5 minutes) of
 * `now`. A request carrying only the body signature is refused then, so it cannot be downgraded.
 *
 * Given a string (the `X-Webhook-Signature` header alone: receivers written before timestamps were signed), it checks
 * the body signature `sha256=…` only, which proves the body but not its age.
 *
 * @example
 * // rawBody: the request body as received, before JSON parsing
 * if (!verifyWebhookSignature(rawBody, [currentSecret, nextSecret], request.headers)) {
 *   return reply.status(401).send();
 * }
 * // then handle JSON.parse(rawBody).event, at most once per event id
 */
export function verifyWebhookSignature(
  body: string,
  secrets: WebhookSecrets,
  headers: WebhookRequestHeaders | string | string[] | undefined,
  options: WebhookVerifyOptions = {},
): boolean {
  const list = secretList(secrets).filter((secret) => secret.length > 0);
  if (list.length === 0 || headers === undefined || Array.isArray(headers)) return false;
  if (typeof headers === "string")
    return list.some((secret) => sameText(headers.trim(), signWebhookBody(body, secret)));
  const signature = headers[TIMESTAMPED_SIGNATURE_HEADER];
  const timestamp = headers["x-webhook-timestamp"];
  if (typeof signature !== "string" || typeof timestamp !== "string") return false;
  // The signed `t` is the one that counts; a separate header saying otherwise is a tampered request.
  const signedTimes = signature.split(",").filter((part) => part.startsWith("t="));
  if (signedTimes.length !== 1 || signedTimes[0] !== `t=${timestamp.trim()}`) return false;
  const failure = verifyStripeSignature({
    header: signature,
    payload: body,
    secret: list,
    now: options.now ?? new Date(),
    toleranceSeconds: options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS,
  });
  return failure === null;
}

/** Compares two texts in constant time, whatever their lengths. */
function sameText(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
