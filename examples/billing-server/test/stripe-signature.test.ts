import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyStripeSignature } from "../src/gateway/stripe-signature.js";

// Signed here independently of the code under test, exactly as Stripe documents it.
const secret = "whsec_test_secret";
const payload = JSON.stringify({ id: "evt_1", type: "setup_intent.succeeded" }, null, 2);
const now = new Date("2026-11-21T12:00:00Z");
const t = now.getTime() / 1000;
const sign = (timestamp: number, body = payload, key = secret) =>
  createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex");

describe("Stripe-Signature verification", () => {
  it("accepts t=…,v1=… computed over the raw body with the endpoint secret", () => {
    expect(verifyStripeSignature({ header: `t=${t},v1=${sign(t)}`, payload, secret, now })).toBeNull();
  });

  it("accepts a header carrying several signatures when one matches (secret roll) and ignores v0", () => {
    const header = `t=${t},v1=${sign(t, payload, "whsec_old")},v1=${sign(t)},v0=${"0".repeat(64)}`;
    expect(verifyStripeSignature({ header, payload, secret, now })).toBeNull();
  });

  it("rejects a missing header, a header without t or v1, a wrong secret and a changed body", () => {
    expect(verifyStripeSignature({ header: undefined, payload, secret, now })).toBe("missing");
    expect(verifyStripeSignature({ header: "", payload, secret, now })).toBe("missing");
    expect(verifyStripeSignature({ header: `v1=${sign(t)}`, payload, secret, now })).toBe("malformed");
    expect(verifyStripeSignature({ header: `t=${t}`, payload, secret, now })).toBe("malformed");
    expect(verifyStripeSignature({ header: `t=${t},v1=zz`, payload, secret, now })).toBe("malformed");
    expect(
      verifyStripeSignature({ header: `t=${t},v1=${sign(t, payload, "whsec_other")}`, payload, secret, now }),
    ).toBe("mismatch");
    expect(
      verifyStripeSignature({
        header: `t=${t},v1=${sign(t)}`,
        payload: payload.replace("1", "2"),
        secret,
        now,
      }),
    ).toBe("mismatch");
  });

  it("rejects a genuine signature more than five minutes from the server's clock", () => {
    const at = (offsetSeconds: number) =>
      verifyStripeSignature({
        header: `t=${t + offsetSeconds},v1=${sign(t + offsetSeconds)}`,
        payload,
        secret,
        now,
      });
    expect(at(-300)).toBeNull();
    expect(at(-301)).toBe("stale");
    expect(at(301)).toBe("stale");
  });
});
