import { describe, expect, it } from "vitest";
import {
  applyBillingEvent,
  countsInEnvironment,
  NO_EXPIRY,
  type PremiumState,
} from "../../src/premium/billing-event.js";
import { loadCatalogueFile } from "@purchases-web/billing-server";
import { BILLING_PROJECT_ID } from "../../src/billing/mount-billing.js";
import { STORE_PLANS, storeMonthlyAmount } from "../../src/billing/store-plans.js";
import { describeError } from "../../src/http/log-safety.js";
import { judgeTransaction } from "../../src/payments/judge-transaction.js";
import {
  addMonths,
  formatRand,
  nextPeriodEnd,
  PREMIUM_PRICE,
  trialEndFrom,
} from "../../src/premium/money.js";
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
    storeProductId: null,
    storePeriodType: null,
    storeCancelledAt: null,
    storeRenewalChangedAt: null,
    storeBillingIssueAt: null,
    storeTrialEndsAt: null,
    storeTrialConvertedAt: null,
  };
  const event = (
    type: string,
    expiresAt: string | null,
    entitlements = ["premium"],
    more: {
      period_type?: string;
      product_id?: string;
      event_timestamp_ms?: number;
      grace_period_expiration_at_ms?: number;
      cancel_reason?: string;
    } = {},
  ) => ({
    id: "evt",
    type,
    app_user_id: "u",
    entitlement_ids: entitlements,
    expiration_at_ms: expiresAt === null ? null : at(expiresAt).getTime(),
    ...more,
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

  it("ignores events for other entitlements; a billing issue is past due, with access through its grace period", () => {
    expect(
      applyBillingEvent(trialUser, event("INITIAL_PURCHASE", "2026-12-21T12:00:00Z", ["gold"]), now),
    ).toBe(trialUser);
    const active: PremiumState = {
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-11-21T11:00:00Z"),
    };
    const issue = applyBillingEvent(
      active,
      event("BILLING_ISSUE", "2026-11-21T11:00:00Z", ["premium"], {
        grace_period_expiration_at_ms: at("2026-11-27T11:00:00Z").getTime(),
      }),
      now,
    );
    expect(issue).toEqual({
      ...active,
      storeBillingIssueAt: now,
      storeEntitlementExpiresAt: at("2026-11-27T11:00:00Z"),
    });
    // The renewal that finally goes through ends it.
    const paid = applyBillingEvent(issue, event("RENEWAL", "2026-12-21T11:00:00Z"), now);
    expect(paid.storeBillingIssueAt).toBeNull();
  });

  it("records a store trial's end and its conversion into a paid period", () => {
    const trial = applyBillingEvent(
      trialUser,
      event("INITIAL_PURCHASE", "2026-11-28T12:00:00Z", ["premium"], { period_type: "TRIAL" }),
      now,
    );
    expect(trial).toMatchObject({
      storeTrialEndsAt: at("2026-11-28T12:00:00Z"),
      storeTrialConvertedAt: null,
    });
    const paidAt = at("2026-11-28T12:00:05Z");
    const paid = applyBillingEvent(
      trial,
      event("RENEWAL", "2026-12-28T12:00:00Z", ["premium"], {
        period_type: "NORMAL",
        event_timestamp_ms: paidAt.getTime(),
      }),
      paidAt,
    );
    expect(paid).toMatchObject({
      storeTrialEndsAt: at("2026-11-28T12:00:00Z"),
      storeTrialConvertedAt: paidAt,
    });
  });

  it("ignores a CANCELLATION delivered after the UNCANCELLATION that undid it", () => {
    const bought = applyBillingEvent(trialUser, event("INITIAL_PURCHASE", "2026-12-21T12:00:00Z"), now);
    const cancelAt = now.getTime() + 1_000;
    const cancel = event("CANCELLATION", "2026-12-21T12:00:00Z", ["premium"], {
      event_timestamp_ms: cancelAt,
    });
    const cancelled = applyBillingEvent(bought, cancel, now);
    const resumed = applyBillingEvent(
      cancelled,
      event("UNCANCELLATION", "2026-12-21T12:00:00Z", ["premium"], { event_timestamp_ms: cancelAt + 1_000 }),
      now,
    );
    expect(resumed.storeCancelledAt).toBeNull();
    // The first delivery of the CANCELLATION failed and its retry arrives now: still renewing.
    expect(applyBillingEvent(resumed, { ...cancel, id: "evt-retry" }, now)).toBe(resumed);
  });

  it("keeps the latest period's product and trial state, and turns renewal off and on with CANCELLATION and UNCANCELLATION", () => {
    const trial = applyBillingEvent(
      trialUser,
      event("INITIAL_PURCHASE", "2026-11-28T12:00:00Z", ["premium"], {
        product_id: "premium_realm_annual",
        period_type: "TRIAL",
      }),
      now,
    );
    expect(trial).toMatchObject({
      subscriptionStatus: "active",
      storeProductId: "premium_realm_annual",
      storePeriodType: "trial",
      storeCancelledAt: null,
    });
    const cancelled = applyBillingEvent(trial, event("CANCELLATION", "2026-11-28T12:00:00Z"), now);
    expect(cancelled).toMatchObject({ subscriptionStatus: "active", storeCancelledAt: now });
    // A second cancellation keeps the first one's time; an UNCANCELLATION older than it (a retry) changes nothing.
    const later = new Date(now.getTime() + 60_000);
    expect(applyBillingEvent(cancelled, event("CANCELLATION", "2026-11-28T12:00:00Z"), later)).toBe(
      cancelled,
    );
    const stale = event("UNCANCELLATION", "2026-11-28T12:00:00Z", ["premium"], {
      event_timestamp_ms: now.getTime() - 60_000,
    });
    expect(applyBillingEvent(cancelled, stale, later)).toBe(cancelled);
    const resumed = applyBillingEvent(cancelled, event("UNCANCELLATION", "2026-11-28T12:00:00Z"), later);
    expect(resumed.storeCancelledAt).toBeNull();
    // A renewal into a paid period is no longer a trial; a cancellation of an older period changes nothing.
    const paid = applyBillingEvent(
      resumed,
      event("RENEWAL", "2027-11-28T12:00:00Z", ["premium"], { period_type: "NORMAL" }),
      later,
    );
    expect(paid).toMatchObject({ storePeriodType: "normal", storeProductId: "premium_realm_annual" });
    expect(applyBillingEvent(paid, event("CANCELLATION", "2026-11-28T12:00:00Z"), later)).toBe(paid);
  });

  it("expires premium on EXPIRATION unless a card-paid month runs or a later renewal is already known", () => {
    const active: PremiumState = {
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-11-21T11:00:00Z"),
    };
    const cancelledTrial = {
      ...active,
      storeProductId: "premium_realm_monthly",
      storePeriodType: "trial" as const,
      storeCancelledAt: at("2026-11-20T00:00:00Z"),
    };
    expect(applyBillingEvent(cancelledTrial, event("EXPIRATION", "2026-11-21T11:00:00Z"), now)).toEqual({
      ...active,
      storeRenewalChangedAt: null,
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

  it("ends premium at once on a refund (CANCELLATION for CUSTOMER_SUPPORT), not at the period's end", () => {
    const paying: PremiumState = {
      ...trialUser,
      subscriptionStatus: "active",
      storeEntitlementExpiresAt: at("2026-12-21T12:00:00Z"),
      storeProductId: "premium_realm_monthly",
      storePeriodType: "normal",
    };
    const refund = event("CANCELLATION", "2026-11-21T12:00:00Z", ["premium"], {
      product_id: "premium_realm_monthly",
      cancel_reason: "CUSTOMER_SUPPORT",
    });
    expect(applyBillingEvent(paying, refund, now)).toMatchObject({
      subscriptionStatus: "expired",
      storeEntitlementExpiresAt: null,
      storeProductId: null,
    });
    // A plain cancellation keeps access to the period's end; a refund of another product changes nothing.
    const cancel = event("CANCELLATION", "2026-12-21T12:00:00Z", ["premium"], {
      product_id: "premium_realm_monthly",
    });
    expect(applyBillingEvent(paying, cancel, now)).toMatchObject({
      subscriptionStatus: "active",
      storeCancelledAt: now,
    });
    const other = event("CANCELLATION", "2026-11-21T12:00:00Z", ["premium"], {
      product_id: "premium_realm_annual",
      cancel_reason: "CUSTOMER_SUPPORT",
    });
    expect(applyBillingEvent(paying, other, now)).toBe(paying);
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

describe("store plans", () => {
  it("price each store subscription a month as the billing server's shipped catalogue does", async () => {
    const catalogue = await loadCatalogueFile();
    const products = catalogue.projects.find((p) => p.id === BILLING_PROJECT_ID)!.products;
    const premium = products.filter((p) => p.product_type === "subscription");
    expect(premium.map((p) => p.identifier).sort()).toEqual(Object.keys(STORE_PLANS).sort());
    for (const product of premium) {
      const option = product.purchase_options[product.default_purchase_option_id]!;
      if (!("base" in option)) throw new Error(`${product.identifier} is not a subscription option`);
      const base = option.base;
      const months = { P1M: 1, P1Y: 12 }[base.period_duration as "P1M" | "P1Y"];
      expect(STORE_PLANS[product.identifier], product.identifier).toEqual({
        amount: base.price!.amount_micros / 10_000,
        months,
      });
      expect(base.price!.currency).toBe(PREMIUM_PRICE.currency);
    }
    expect(storeMonthlyAmount("premium_realm_monthly")).toBe(9900);
    expect(storeMonthlyAmount("premium_realm_annual")).toBe(8250);
    expect(storeMonthlyAmount(null)).toBe(9900);
  });
});
