// The Stripe settings a deployer writes in the environment, read as the CLI reads them.
import { describe, expect, it } from "vitest";
import { parseCliEnv } from "../src/cli-env.js";

const stripeEnv = (webhookSecret: string) => ({
  STRIPE_SECRET_KEY: "sk_test_123",
  STRIPE_PUBLISHABLE_KEY: "pk_test_123",
  STRIPE_WEBHOOK_SECRET: webhookSecret,
});

describe("STRIPE_WEBHOOK_SECRET", () => {
  it("takes several signing secrets, comma-separated, for a rolled secret or a Connect endpoint", () => {
    const parsed = parseCliEnv(stripeEnv("whsec_new, whsec_old,whsec_connect"));
    expect(parsed.ok && parsed.env.STRIPE_WEBHOOK_SECRET).toEqual([
      "whsec_new",
      "whsec_old",
      "whsec_connect",
    ]);
    const one = parseCliEnv(stripeEnv("whsec_only"));
    expect(one.ok && one.env.STRIPE_WEBHOOK_SECRET).toEqual(["whsec_only"]);
  });

  it("refuses a value that is not a list of whsec_ secrets, naming the variable", () => {
    for (const value of ["sk_test_123", "whsec_a,,whsec_b", "whsec_a, nope"]) {
      const parsed = parseCliEnv(stripeEnv(value));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain("STRIPE_WEBHOOK_SECRET: a comma-separated list");
    }
  });

  it("is required with STRIPE_SECRET_KEY", () => {
    const parsed = parseCliEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_PUBLISHABLE_KEY: "pk_test_123" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.message).toContain("STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY");
  });
});
