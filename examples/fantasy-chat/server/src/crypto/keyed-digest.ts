import { createHmac } from "node:crypto";

/**
 * HMAC-SHA256 of `value` under `secret`, base64url. Used for what the database stores in place of a secret
 * (session tokens) or personal data it only needs to recognise (the email and IP behind a rate limit).
 *
 * @example
 * keyedDigest(config.sessionSecret, token); // "pQ3…" (43 characters)
 */
export function keyedDigest(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}
