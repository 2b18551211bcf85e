import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a webhook's signed timestamp may be from the server's clock (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a `Stripe-Signature` header was rejected. */
export type SignatureFailure = "missing" | "malformed" | "mismatch" | "stale";

const hmacHex = (secret: string, timestamp: number, payload: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, possibly with
 * several v1 entries while a secret is rolled) against the raw request body.
 *
 * @returns null when the signature is valid, else why it is not.
 * @example
 * verifyStripeSignature({ header, payload: rawBody, secret: "whsec_…", now: new Date() }); // null
 */
export function verifyStripeSignature(input: {
  header: string | undefined;
  payload: string;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): SignatureFailure | null {
  if (!input.header) return "missing";
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of input.header.split(",")) {
    const separator = part.indexOf("=");
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp ??= Number(value);
    if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return "malformed";
  const expected = Buffer.from(hmacHex(input.secret, timestamp, input.payload), "hex");
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected))) return "mismatch";
  const ageSeconds = Math.abs(input.now.getTime() / 1000 - timestamp);
  // Checked after the HMAC so that a stale signature says "stale" only when it is genuine.
  return ageSeconds > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS) ? "stale" : null;
}
