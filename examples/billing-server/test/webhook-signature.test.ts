import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookRetryDelayMs } from "../src/webhooks/webhook-retry-delay.js";
import {
  signWebhookBody,
  signWebhookTimestamped,
  verifyWebhookSignature,
  webhookAuthHeaders,
} from "../src/webhooks/webhook-signature.js";

describe("webhook signature", () => {
  const body = '{"api_version":"1.0","event":{"id":"e1","type":"RENEWAL"}}';

  it("is sha256= and the hex HMAC-SHA256 of the raw body keyed with the secret", () => {
    const hex = createHmac("sha256", "whsec_1").update(body).digest("hex");
    expect(signWebhookBody(body, "whsec_1")).toBe(`sha256=${hex}`);
  });

  it("verifies only the exact body with the right secret", () => {
    const header = signWebhookBody(body, "whsec_1");
    expect(verifyWebhookSignature(body, "whsec_1", header)).toBe(true);
    expect(verifyWebhookSignature(body.replace("RENEWAL", "EXPIRATION"), "whsec_1", header)).toBe(false);
    expect(verifyWebhookSignature(body, "whsec_2", header)).toBe(false);
    expect(verifyWebhookSignature(body, "whsec_1", undefined)).toBe(false);
    expect(verifyWebhookSignature(body, "whsec_1", [header])).toBe(false);
    expect(verifyWebhookSignature(body, "whsec_1", "sha256=00")).toBe(false);
  });
});

describe("timestamped webhook signature with rotating secrets", () => {
  const body = '{"api_version":"1.0","event":{"id":"e1","type":"RENEWAL","app_user_id":"u1"}}';
  const OLD = "whsec_old_0123456789abcdef";
  const NEW = "whsec_new_0123456789abcdef";
  const sentAt = new Date("2026-11-21T12:00:00.750Z");
  const t = 1795262400;
  // From the signed second (sentAt's milliseconds are dropped from the timestamp).
  const minutes = (n: number) => new Date(t * 1000 + n * 60_000);

  it("signs `${timestamp}.${body}` with each secret, after the timestamp in unix seconds", () => {
    const hmac = (secret: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(signWebhookTimestamped(body, [OLD, NEW], t)).toBe(`t=${t},v1=${hmac(OLD)},v1=${hmac(NEW)}`);
    expect(webhookAuthHeaders(body, [OLD, NEW], sentAt)).toEqual({
      authorization: `Bearer ${OLD}`,
      "x-webhook-timestamp": String(t),
      "x-webhook-timestamped-signature": `t=${t},v1=${hmac(OLD)},v1=${hmac(NEW)}`,
      // Receivers written before timestamps were signed keep checking the first secret's body signature.
      "x-webhook-signature": signWebhookBody(body, OLD),
    });
  });

  it("accepts a fresh delivery with the secret the receiver knows, up to 5 minutes either way", () => {
    const headers = webhookAuthHeaders(body, NEW, sentAt);
    expect(verifyWebhookSignature(body, NEW, headers, { now: sentAt })).toBe(true);
    expect(verifyWebhookSignature(body, NEW, headers, { now: minutes(5) })).toBe(true);
    expect(verifyWebhookSignature(body, NEW, headers, { now: minutes(-5) })).toBe(true);
  });

  it("accepts both secrets at every step of a rotation: receiver first, then server, then the old one dropped", () => {
    // 1. The receiver adds the new secret while the server still signs with the old one only.
    const before = webhookAuthHeaders(body, OLD, sentAt);
    expect(verifyWebhookSignature(body, [OLD, NEW], before, { now: sentAt })).toBe(true);
    // 2. The server signs with both: a receiver knowing either one accepts.
    const during = webhookAuthHeaders(body, [OLD, NEW], sentAt);
    expect(verifyWebhookSignature(body, [OLD, NEW], during, { now: sentAt })).toBe(true);
    expect(verifyWebhookSignature(body, OLD, during, { now: sentAt })).toBe(true);
    expect(verifyWebhookSignature(body, NEW, during, { now: sentAt })).toBe(true);
    // 3. The server drops the old secret; the receiver then does too.
    const after = webhookAuthHeaders(body, NEW, sentAt);
    expect(verifyWebhookSignature(body, [OLD, NEW], after, { now: sentAt })).toBe(true);
    expect(verifyWebhookSignature(body, NEW, after, { now: sentAt })).toBe(true);
  });

  it("refuses a delivery signed only with a secret the receiver has dropped", () => {
    const stale = webhookAuthHeaders(body, OLD, sentAt);
    expect(verifyWebhookSignature(body, NEW, stale, { now: sentAt })).toBe(false);
    expect(verifyWebhookSignature(body, [NEW, "whsec_other_0123456789"], stale, { now: sentAt })).toBe(false);
  });

  it("refuses an altered body, even by one character", () => {
    const headers = webhookAuthHeaders(body, NEW, sentAt);
    expect(
      verifyWebhookSignature(body.replace("RENEWAL", "INITIAL_PURCHASE"), NEW, headers, { now: sentAt }),
    ).toBe(false);
    expect(verifyWebhookSignature(`${body} `, NEW, headers, { now: sentAt })).toBe(false);
  });

  it("refuses a captured delivery replayed after the tolerance, or dated ahead, and takes a tolerance of its own", () => {
    const captured = webhookAuthHeaders(body, NEW, sentAt);
    expect(verifyWebhookSignature(body, NEW, captured, { now: new Date((t + 301) * 1000) })).toBe(false);
    expect(verifyWebhookSignature(body, NEW, captured, { now: minutes(60 * 24) })).toBe(false);
    expect(verifyWebhookSignature(body, NEW, captured, { now: minutes(-5.1) })).toBe(false);
    expect(verifyWebhookSignature(body, NEW, captured, { now: minutes(2), toleranceSeconds: 60 })).toBe(
      false,
    );
    expect(verifyWebhookSignature(body, NEW, captured, { now: minutes(0.5), toleranceSeconds: 60 })).toBe(
      true,
    );
  });

  it("refuses a replayed delivery whose timestamp the attacker moved forward without the secret", () => {
    const captured = webhookAuthHeaders(body, NEW, sentAt);
    const later = String(t + 3600);
    const moved = {
      ...captured,
      "x-webhook-timestamp": later,
      "x-webhook-timestamped-signature": captured["x-webhook-timestamped-signature"]!.replace(
        `t=${t}`,
        `t=${later}`,
      ),
    };
    expect(verifyWebhookSignature(body, NEW, moved, { now: minutes(60) })).toBe(false);
    // Only the separate header moved: the signed timestamp and it disagree.
    expect(
      verifyWebhookSignature(body, NEW, { ...captured, "x-webhook-timestamp": later }, { now: sentAt }),
    ).toBe(false);
    // Two timestamps in the signature header, the signed one first.
    const doubled = {
      ...captured,
      "x-webhook-timestamped-signature": `${captured["x-webhook-timestamped-signature"]},t=${later}`,
    };
    expect(verifyWebhookSignature(body, NEW, doubled, { now: sentAt })).toBe(false);
  });

  it("refuses missing headers, and a request stripped down to the body signature alone", () => {
    const headers = webhookAuthHeaders(body, NEW, sentAt);
    const without = (name: string) =>
      Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
    expect(
      verifyWebhookSignature(body, NEW, without("x-webhook-timestamped-signature"), { now: sentAt }),
    ).toBe(false);
    expect(verifyWebhookSignature(body, NEW, without("x-webhook-timestamp"), { now: sentAt })).toBe(false);
    expect(verifyWebhookSignature(body, NEW, {}, { now: sentAt })).toBe(false);
    expect(verifyWebhookSignature(body, NEW, undefined, { now: sentAt })).toBe(false);
    // A receiver that passes the headers never falls back to the timeless body signature.
    expect(
      verifyWebhookSignature(
        body,
        NEW,
        { "x-webhook-signature": headers["x-webhook-signature"] },
        { now: sentAt },
      ),
    ).toBe(false);
    // Repeated headers arrive as arrays: not one signature to check.
    expect(
      verifyWebhookSignature(
        body,
        NEW,
        { ...headers, "x-webhook-timestamp": [headers["x-webhook-timestamp"]!, String(t + 1)] },
        { now: sentAt },
      ),
    ).toBe(false);
  });

  it("refuses everything when the receiver has no secret, so an unset secret fails closed", () => {
    const forged = webhookAuthHeaders(body, "", sentAt);
    expect(verifyWebhookSignature(body, "", forged, { now: sentAt })).toBe(false);
    expect(verifyWebhookSignature(body, [], forged, { now: sentAt })).toBe(false);
    expect(verifyWebhookSignature(body, "", signWebhookBody(body, ""))).toBe(false);
  });

  it("still verifies the body signature alone for receivers written before, with any of their secrets", () => {
    const header = signWebhookBody(body, OLD);
    expect(verifyWebhookSignature(body, OLD, header)).toBe(true);
    expect(verifyWebhookSignature(body, [NEW, OLD], header)).toBe(true);
    expect(verifyWebhookSignature(body, NEW, header)).toBe(false);
  });
});

describe("webhook retry delay", () => {
  it("starts at 10 s and doubles up to an hour", () => {
    const nominal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => webhookRetryDelayMs(n, () => 1));
    expect(nominal).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 1_280_000, 2_560_000, 3_600_000, 3_600_000,
      3_600_000,
    ]);
  });

  it("takes up to 20 % off with jitter, never adds to it", () => {
    expect(webhookRetryDelayMs(1, () => 0)).toBe(8_000);
    expect(webhookRetryDelayMs(3, () => 0.5)).toBe(36_000);
    expect(webhookRetryDelayMs(1_000, () => 0)).toBe(2_880_000);
  });
});
