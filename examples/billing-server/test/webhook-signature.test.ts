import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookRetryDelayMs } from "../src/webhooks/webhook-retry-delay.js";
import { signWebhookBody, verifyWebhookSignature } from "../src/webhooks/webhook-signature.js";

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
