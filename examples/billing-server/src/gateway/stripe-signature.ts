import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a webhook's signed timestamp may be from the server's clock (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a `Stripe-Signature` header was rejected. */
export type SignatureFailure = "missing" | "malformed" | "mismatch" | "stale";

const hmacHex = (secret: string, timestamp: number, payload: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");

/**
 * Checks a `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, possibly with
 * several v1 entries while Stripe rolls a secret) against the raw request body, with any of the endpoint's signing
 * secrets (ours are rolled too, and an account endpoint and a Connect endpoint sign with different ones). It accepts
 * what the `stripe` package's `webhooks.constructEvent` accepts, and also refuses a timestamp further in the future
 * than the tolerance (test/stripe-signature.test.ts compares the two).
 *
 * @returns null when the signature is valid, else why it is not.
 * @example
 * verifyStripeSignature({ header, payload: rawBody, secret: ["whsec_new…", "whsec_old…"], now: new Date() }); // null
 */
export function verifyStripeSignature(input: {
  header: string | undefined;
  payload: string;
  secret: string | readonly string[];
  now: Date;
  toleranceSeconds?: number;
}): SignatureFailure | null {
  if (!input.header) return "missing";
  // Read as the stripe package reads it: `key=value` items split on "," and "=", the last `t` item counting (a `t`
  // without digits leaves no timestamp), every `v1` item a candidate (only well-formed ones can match).
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of input.header.split(",")) {
    const [key, value = ""] = part.split("=");
    if (key === "t") timestamp = /^\d{1,12}$/.test(value) ? Number(value) : null;
    if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return "malformed";
  const secrets = typeof input.secret === "string" ? [input.secret] : input.secret;
  const signedBy = (secret: string) => {
    const expected = Buffer.from(hmacHex(secret, timestamp, input.payload), "hex");
    return signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
  };
  if (!secrets.some(signedBy)) return "mismatch";
  const ageSeconds = Math.abs(input.now.getTime() / 1000 - timestamp);
  // Checked after the HMAC so that a stale signature says "stale" only when it is genuine.
  return ageSeconds > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS) ? "stale" : null;
}
