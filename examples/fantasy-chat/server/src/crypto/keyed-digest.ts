import { createHmac } from "node:crypto";
import { rememberLast } from "../remember-last.js";

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

/**
 * {@link keyedDigest} under one secret, remembering the last `limit` values' digests: for the digests taken on
 * every request (the session token's, the send limit's user), where the same few values come again and again. A
 * remembered value is already in this process's memory while its session or user is in use.
 *
 * @example
 * const digest = rememberedDigests(config.sessionSecret);
 * digest(`session:${token}`); // the same as keyedDigest(config.sessionSecret, `session:${token}`)
 */
export function rememberedDigests(secret: string, limit = 10_000): (value: string) => string {
  return rememberLast(limit, (value) => keyedDigest(secret, value));
}
