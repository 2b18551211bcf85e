import { describe, expect, it } from "vitest";
import {
  applyBillingEvent,
  countsInEnvironment,
  NO_EXPIRY,
  type PremiumState,
} from "../../src/billing/billing-event.js";
import { describeError } from "../../src/http/log-safety.js";
import { judgeTransaction } from "../../src/payments/judge-transaction.js";
import { addMonths, formatRand, nextPeriodEnd, trialEndFrom } from "../../src/payments/money.js";
import type { GatewayTransaction } from "../../src/payments/gateways/payment-gateway.js";
import { paystackStatus } from "../../src/payments/gateways/paystack-gateway.js";

const at = (iso: string) => new Date(iso);

describe("money and period arithmetic", () => {
  it("formats rand cents", () => {
    expect(formatRand(9900)).toBe("R99.00");
    expect(formatRand(100)).toBe("R1.00");
    expect(formatRand(5)).toBe("R0.05");
  });

  it("adds calendar months, clamping to the end of a shorter month", () => {
    expect(addMonths(at("2026-01-31T09:00:00Z"), 1)).toEqual(at("2026-02-28T09:00:00Z"));
    expect(addMonths(at("2028-01-31T09:00:00Z"), 1)).toEqual(at("2028-02-29T09:00:00Z"));
    expect(addMonths(at("2026-11-21T12:00:00Z"), 1)).toEqual(at("2026-12-21T12:00:00Z"));
    expect(addMonths(at("2026-12-15T00:00:00Z"), 1)).toEqual(at("2027-01-15T00:00:00Z"));
  });

  it("ends a trial 7 days after it starts", () => {
    expect(trialEndFrom(at("2026-11-21T12:00:00Z"))).toEqual(at("2026-11-28T12:00:00Z"));
  });

  it("starts a paid month after the paid one, or now when that would already be over", () => {
    const now = at("2026-11-21T12:00:00Z");
    expect(nextPeriodEnd(null, now)).toEqual(at("2026-12-21T12:00:00Z"));
    expect(nextPeriodEnd(at("2026-11-21T11:59:00Z"), now)).toEqual(at("2026-12-21T11:59:00Z"));
    expect(nextPeriodEnd(at("2026-12-01T00:00:00Z"), now)).toEqual(at("2027-01-01T00:00:00Z"));
    expect(nextPeriodEnd(at("2026-08-01T00:00:00Z"), now)).toEqual(at("2026-12-21T12:00:00Z"));
  });
});

describe("judging a gateway's report of a payment", () => {
  const subscription = { kind: "subscription" as const, amount: 9900, currency: "ZAR" };
  const report = (fields: Partial<GatewayTransaction>): GatewayTransaction => ({
    reference: "rh-1",
    status: "success",
    amount: 9900,
    currency: "ZAR",
    authorization: { code: "AUTH_1", reusable: true },
    customerEmail: "a@b.test",
    gatewayResponse: "Approved",
    ...fields,
  });

  it("grants only a success for exactly the amount and currency asked", () => {
    expect(judgeTransaction(subscription, report({}))).toEqual({
      result: "success",
      authorization: { code: "AUTH_1", reusable: true },
    });
    expect(judgeTransaction(subscription, report({ amount: 100 }))).toEqual({
      result: "failed",
      reason: "amount_mismatch",
    });
    expect(judgeTransaction(subscription, report({ currency: "NGN" }))).toEqual({
      result: "failed",
      reason: "amount_mismatch",
    });
  });

  it("treats a refusal as failed and anything unfinished or unknown as pending", () => {
    expect(judgeTransaction(subscription, report({ status: "failed" }))).toEqual({
      result: "failed",
      reason: "declined",
    });
    expect(judgeTransaction(subscription, report({ status: "pending" }))).toEqual({ result: "pending" });
    expect(judgeTransaction(subscription, null)).toEqual({ result: "pending" });
  });

  it("requires a reusable card for a trial setup", () => {
    const trial = { kind: "trial_setup" as const, amount: 100, currency: "ZAR" };
    expect(
      judgeTransaction(trial, report({ amount: 100, authorization: { code: "AUTH_2", reusable: false } })),
    ).toEqual({
      result: "failed",
      reason: "card_not_reusable",
    });
    expect(judgeTransaction(trial, report({ amount: 100, authorization: null })).result).toBe("failed");
  });

  it("reads Paystack's statuses", () => {
    expect(paystackStatus("success")).toBe("success");
    for (const status of ["failed", "reversed"]) expect(paystackStatus(status)).toBe("failed");
    for (const status of ["abandoned", "ongoing", "pending", "processing", "queued", "send_otp"]) {
      expect(paystackStatus(status)).toBe("pending");
    }
  });
});

describe("billing-server events applied to a user", () => {
  const now = at("2026-11-21T12:00:00Z");
  const trialUser: PremiumState = {
    subscriptionStatus: "trial",
    subscriptionPeriodEnd: null,
    storeEntitlementExpiresAt: null,
  };
  const event = (type: string, expiresAt: string | null, entitlements = ["premium"]) => ({
    id: "evt",
    type,
    app_user_id: "u",
    entitlement_ids: entitlements,
    expiration_at_ms: expiresAt === null ? null : at(expiresAt).getTime(),
  });

  it("makes a purchase or renewal of premium active until its expiration, never shortening it", () => {
    const bought = applyBillingEvent(trialUser, event("INITIAL_PURCHASE", "2026-12-21T12:00:00Z"), now);
    expect(bought).toEqual({
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-12-21T12:00:00Z"),
    });
    const late = applyBillingEvent(bought, event("RENEWAL", "2026-12-01T00:00:00Z"), now);
    expect(late.storeEntitlementExpiresAt).toEqual(at("2026-12-21T12:00:00Z"));
    expect(
      applyBillingEvent(trialUser, event("INITIAL_PURCHASE", null), now).storeEntitlementExpiresAt,
    ).toEqual(NO_EXPIRY);
  });

  it("ignores events for other entitlements, and cancellations and billing issues until the expiration", () => {
    expect(
      applyBillingEvent(trialUser, event("INITIAL_PURCHASE", "2026-12-21T12:00:00Z", ["gold"]), now),
    ).toBe(trialUser);
    const active: PremiumState = {
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-12-21T12:00:00Z"),
    };
    expect(applyBillingEvent(active, event("CANCELLATION", "2026-12-21T12:00:00Z"), now)).toBe(active);
    expect(applyBillingEvent(active, event("BILLING_ISSUE", "2026-12-21T12:00:00Z"), now)).toBe(active);
  });

  it("expires premium on EXPIRATION unless a card-paid month runs or a later renewal is already known", () => {
    const active: PremiumState = {
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-11-21T11:00:00Z"),
    };
    expect(applyBillingEvent(active, event("EXPIRATION", "2026-11-21T11:00:00Z"), now)).toEqual({
      ...active,
      subscriptionStatus: "expired",
      storeEntitlementExpiresAt: null,
    });
    const alsoCard = { ...active, subscriptionPeriodEnd: at("2026-12-01T00:00:00Z") };
    expect(
      applyBillingEvent(alsoCard, event("EXPIRATION", "2026-11-21T11:00:00Z"), now).subscriptionStatus,
    ).toBe("active");
    const renewed = { ...active, storeEntitlementExpiresAt: at("2026-12-21T11:00:00Z") };
    expect(applyBillingEvent(renewed, event("EXPIRATION", "2026-11-21T11:00:00Z"), now)).toBe(renewed);
  });
});

describe("which billing-server environments count", () => {
  it("ignores sandbox and Test Store events on a production SDK key, and counts everything otherwise", () => {
    expect(countsInEnvironment("rcb_realmheart", "SANDBOX")).toBe(false);
    expect(countsInEnvironment("rcb_realmheart", undefined)).toBe(false);
    expect(countsInEnvironment("rcb_realmheart", "PRODUCTION")).toBe(true);
    expect(countsInEnvironment("rcb_sb_realmheart", "SANDBOX")).toBe(true);
    expect(countsInEnvironment("test_realmheart_local", "SANDBOX")).toBe(true);
  });
});

describe("logging errors safely", () => {
  it("drops query parameters (which can hold authorization codes) from database errors", () => {
    const error = new Error(
      'Failed query: insert into "payment_methods" values ($1, $2)\nparams: u1,AUTH_secret123',
    );
    const described = describeError(error);
    expect(described).not.toContain("AUTH_secret123");
    expect(described).toContain("params: [redacted]");
  });
});
