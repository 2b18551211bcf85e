import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode } from "../../src/errors/error-code";
import { isPurchasesError } from "../../src/errors/purchases-error";
import { toCustomerInfo } from "../../src/model/customer-info";
import { fixtures } from "../support/fixtures";

const date = (iso: string) => new Date(iso);
const SERVER_NOW = Date.parse("2026-11-21T12:00:00Z");

function build(
  change: (wire: ReturnType<typeof fixtures.customerInfo>) => void = () => {},
  now = SERVER_NOW,
) {
  const wire = fixtures.customerInfo();
  change(wire);
  return toCustomerInfo(wire, now);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("toCustomerInfo", () => {
  it("uses the fixture's request time as the server's time", () => {
    expect(fixtures.customerInfo().request_date_ms).toBe(SERVER_NOW);
  });

  it("normalises an active subscription entitlement", () => {
    expect(build().entitlements.all.premium).toEqual({
      identifier: "premium",
      isActive: true,
      willRenew: true,
      store: "rc_billing",
      latestPurchaseDate: date("2026-11-21T11:00:00Z"),
      originalPurchaseDate: date("2026-11-14T11:00:00Z"),
      expirationDate: date("2026-12-21T12:00:00Z"),
      productIdentifier: "premium_realm_monthly",
      productPlanIdentifier: "base_option",
      unsubscribeDetectedAt: null,
      billingIssueDetectedAt: null,
      isSandbox: true,
      periodType: "normal",
      ownershipType: "PURCHASED",
    });
  });

  it("marks an expired entitlement inactive and lists only active ones as active", () => {
    const { entitlements } = build();
    expect(entitlements.all.old_perk?.isActive).toBe(false);
    expect(Object.keys(entitlements.all).sort()).toEqual(["dragon_rider", "old_perk", "premium"]);
    expect(Object.keys(entitlements.active).sort()).toEqual(["dragon_rider", "premium"]);
    expect(entitlements.active.premium).toBe(entitlements.all.premium);
  });

  it("fills an entitlement's defaults and details from its subscription", () => {
    expect(build().entitlements.all.old_perk).toMatchObject({
      willRenew: false,
      unsubscribeDetectedAt: date("2026-10-26T00:00:00Z"),
      productPlanIdentifier: null,
      ownershipType: "UNKNOWN",
      periodType: "normal",
      originalPurchaseDate: date("2026-10-25T00:00:00Z"),
    });
  });

  it("makes a non-subscription entitlement always active, never renewing and without expiry", () => {
    expect(build().entitlements.all.dragon_rider).toEqual({
      identifier: "dragon_rider",
      isActive: true,
      willRenew: false,
      store: "rc_billing",
      latestPurchaseDate: date("2026-10-01T09:30:00Z"),
      originalPurchaseDate: date("2026-10-01T09:30:00Z"),
      expirationDate: null,
      productIdentifier: "dragon_egg_lifetime",
      productPlanIdentifier: null,
      unsubscribeDetectedAt: null,
      billingIssueDetectedAt: null,
      isSandbox: true,
      periodType: "normal",
      ownershipType: "UNKNOWN",
    });
  });

  it("keeps a non-subscription entitlement active whatever its expiry says", () => {
    const info = build(
      (w) => (w.subscriber.entitlements.dragon_rider!.expires_date = "2020-01-01T00:00:00Z"),
    );
    expect(info.entitlements.all.dragon_rider).toMatchObject({ isActive: true, expirationDate: null });
  });

  it("judges activity by the server time passed in, not by the client clock", () => {
    vi.useFakeTimers();
    vi.setSystemTime(date("2030-01-01T00:00:00Z"));
    const info = build();
    expect(info.entitlements.all.premium?.isActive).toBe(true);
    expect(info.activeSubscriptions.has("premium_realm_monthly")).toBe(true);
  });

  it("makes an entitlement inactive once the server time passes its expiry", () => {
    const info = build(undefined, Date.parse("2026-12-22T00:00:00Z"));
    expect(info.entitlements.all.premium?.isActive).toBe(false);
    expect(info.entitlements.active).not.toHaveProperty("premium");
    expect(info.activeSubscriptions.size).toBe(0);
  });

  it("makes an entitlement active when the server time is before its expiry", () => {
    const info = build(undefined, Date.parse("2026-10-30T00:00:00Z"));
    expect(info.entitlements.all.old_perk?.isActive).toBe(true);
    expect(info.subscriptionsByProductIdentifier.premium_realm_weekly?.isActive).toBe(true);
  });

  it("treats an expiry exactly at the server time as expired", () => {
    const info = build(undefined, Date.parse("2026-12-21T12:00:00Z"));
    expect(info.entitlements.all.premium?.isActive).toBe(false);
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly?.isActive).toBe(false);
  });

  it("makes a subscription entitlement without expiry active but not renewing", () => {
    const info = build((w) => {
      w.subscriber.entitlements.premium!.expires_date = null;
      w.subscriber.subscriptions.premium_realm_monthly!.expires_date = null;
    }, Date.parse("2099-01-01T00:00:00Z"));
    expect(info.entitlements.all.premium).toMatchObject({
      isActive: true,
      willRenew: false,
      expirationDate: null,
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly).toMatchObject({
      isActive: true,
      willRenew: false,
    });
  });

  it("does not renew a promotional entitlement", () => {
    const info = build((w) => (w.subscriber.subscriptions.premium_realm_monthly!.store = "promotional"));
    expect(info.entitlements.all.premium).toMatchObject({
      store: "promotional",
      isActive: true,
      willRenew: false,
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly?.willRenew).toBe(false);
  });

  it("does not renew after an unsubscribe was detected", () => {
    const at = "2026-11-21T11:30:00Z";
    const info = build(
      (w) => (w.subscriber.subscriptions.premium_realm_monthly!.unsubscribe_detected_at = at),
    );
    expect(info.entitlements.all.premium).toMatchObject({
      willRenew: false,
      unsubscribeDetectedAt: date(at),
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly?.willRenew).toBe(false);
  });

  it("does not renew after a billing issue was detected", () => {
    const at = "2026-11-21T11:30:00Z";
    const info = build(
      (w) => (w.subscriber.subscriptions.premium_realm_monthly!.billing_issues_detected_at = at),
    );
    expect(info.entitlements.all.premium).toMatchObject({
      willRenew: false,
      billingIssueDetectedAt: date(at),
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly).toMatchObject({
      willRenew: false,
      billingIssuesDetectedAt: date(at),
    });
  });

  it("maps an unknown store to unknown and keeps known period and ownership types", () => {
    const info = build((w) => {
      const sub = w.subscriber.subscriptions.premium_realm_monthly!;
      sub.store = "floppy_disk_store";
      sub.period_type = "trial";
      sub.ownership_type = "FAMILY_SHARED";
      w.subscriber.non_subscriptions.dragon_egg_lifetime![0]!.store = "somewhere";
    });
    expect(info.entitlements.all.premium).toMatchObject({
      store: "unknown",
      periodType: "trial",
      ownershipType: "FAMILY_SHARED",
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly?.store).toBe("unknown");
    expect(info.nonSubscriptionTransactions[0]?.store).toBe("unknown");
    expect(info.entitlements.all.dragon_rider?.store).toBe("unknown");
  });

  it("defaults unknown period and ownership types to normal and UNKNOWN", () => {
    const info = build((w) => {
      const sub = w.subscriber.subscriptions.premium_realm_monthly!;
      sub.period_type = "mystery";
      sub.ownership_type = "BORROWED";
    });
    expect(info.entitlements.all.premium).toMatchObject({ periodType: "normal", ownershipType: "UNKNOWN" });
  });

  it("uses the entitlement's purchase date as original purchase date when the subscription has none", () => {
    const info = build(
      (w) => (w.subscriber.subscriptions.premium_realm_monthly!.original_purchase_date = null),
    );
    expect(info.entitlements.all.premium?.originalPurchaseDate).toEqual(date("2026-11-21T11:00:00Z"));
  });

  it("throws a customer-info error when an entitlement's product is nowhere", () => {
    let error: unknown;
    try {
      build((w) => (w.subscriber.entitlements.premium!.product_identifier = "ghost_product"));
    } catch (e) {
      error = e;
    }
    expect(isPurchasesError(error)).toBe(true);
    expect(error).toMatchObject({
      errorCode: ErrorCode.CustomerInfoError,
      message: "Could not find entitlement product in subscriptions or non-subscriptions.",
    });
  });

  it("lists expiration dates of subscriptions only and purchase dates of every product", () => {
    const info = build();
    // A one-time product never expires: purchases-js leaves it out of the expiration dates, not null.
    expect(info.allExpirationDatesByProduct).toEqual({
      premium_realm_monthly: date("2026-12-21T12:00:00Z"),
      premium_realm_weekly: date("2026-11-01T00:00:00Z"),
    });
    expect(info.allPurchaseDatesByProduct).toEqual({
      premium_realm_monthly: date("2026-11-21T11:00:00Z"),
      premium_realm_weekly: date("2026-10-25T00:00:00Z"),
      dragon_egg_lifetime: date("2026-10-01T09:30:00Z"),
    });
  });

  it("uses the latest one-time purchase for its product's purchase date and entitlement", () => {
    const info = build((w) => {
      const txns = w.subscriber.non_subscriptions.dragon_egg_lifetime!;
      txns.unshift({ ...txns[0]!, id: "nst_2", purchase_date: "2026-11-02T00:00:00Z", is_sandbox: false });
    });
    expect(info.allPurchaseDatesByProduct.dragon_egg_lifetime).toEqual(date("2026-11-02T00:00:00Z"));
    expect(info.entitlements.all.dragon_rider?.isSandbox).toBe(false);
  });

  it("lists active subscriptions as a set of product ids", () => {
    expect(build().activeSubscriptions).toEqual(new Set(["premium_realm_monthly"]));
  });

  it("copies the subscriber's own fields", () => {
    const info = build();
    expect(info.managementURL).toBe("https://billing.example.test/manage");
    expect(info.requestDate).toEqual(date("2026-11-21T12:00:00Z"));
    expect(info.firstSeenDate).toEqual(date("2026-10-01T09:00:00Z"));
    expect(info.originalPurchaseDate).toEqual(date("2026-10-01T09:30:00Z"));
    expect(info.originalAppUserId).toBe("user_123");
  });

  it("keeps missing subscriber dates and URLs null", () => {
    const info = build((w) => {
      w.subscriber.original_purchase_date = null;
      w.subscriber.management_url = null;
    });
    expect(info.originalPurchaseDate).toBeNull();
    expect(info.managementURL).toBeNull();
  });

  it("flattens the one-time purchases into transactions", () => {
    const info = build((w) => {
      w.subscriber.non_subscriptions.gems_100 = [
        {
          id: "nst_g1",
          purchase_date: "2026-11-01T00:00:00Z",
          original_purchase_date: null,
          store: "stripe",
          is_sandbox: false,
        },
      ];
    });
    expect(info.nonSubscriptionTransactions).toEqual([
      {
        transactionIdentifier: "nst_1",
        productIdentifier: "dragon_egg_lifetime",
        purchaseDate: date("2026-10-01T09:30:00Z"),
        storeTransactionId: "txn_egg_1",
        store: "rc_billing",
      },
      {
        transactionIdentifier: "nst_g1",
        productIdentifier: "gems_100",
        purchaseDate: date("2026-11-01T00:00:00Z"),
        storeTransactionId: null,
        store: "stripe",
      },
    ]);
  });

  it("normalises each subscription", () => {
    const subscriptions = build().subscriptionsByProductIdentifier;
    expect(subscriptions.premium_realm_monthly).toEqual({
      productIdentifier: "premium_realm_monthly",
      productPlanIdentifier: "base_option",
      displayName: "Premium Realm",
      price: {
        amount: 9900,
        amountMicros: 99_000_000,
        currency: "ZAR",
        formattedPrice: expect.stringMatching(/^ZAR\s99\.00$/),
      },
      managementURL: "https://billing.example.test/manage/sub_1",
      autoResumeDate: null,
      purchaseDate: date("2026-11-21T11:00:00Z"),
      originalPurchaseDate: date("2026-11-14T11:00:00Z"),
      expiresDate: date("2026-12-21T12:00:00Z"),
      store: "rc_billing",
      unsubscribeDetectedAt: null,
      isSandbox: true,
      billingIssuesDetectedAt: null,
      gracePeriodExpiresDate: null,
      ownershipType: "PURCHASED",
      periodType: "normal",
      refundedAt: null,
      storeTransactionId: "txn_monthly_1",
      isActive: true,
      willRenew: true,
    });
    expect(subscriptions.premium_realm_weekly).toMatchObject({
      isActive: false,
      willRenew: false,
      ownershipType: "UNKNOWN",
      storeTransactionId: null,
      gracePeriodExpiresDate: null,
      refundedAt: null,
      productPlanIdentifier: null,
      displayName: null,
      price: null,
      managementURL: null,
      autoResumeDate: null,
    });
  });

  it("turns the paid price's whole units into micros without float error, formatted in the given locale", () => {
    const wire = fixtures.customerInfo();
    const sub = wire.subscriber.subscriptions.premium_realm_monthly!;
    sub.price = { amount: 119.99, currency: "USD" };
    sub.auto_resume_date = "2027-01-05T00:00:00Z";
    const info = toCustomerInfo(wire, wire.request_date_ms, "en-US");
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly).toMatchObject({
      price: { amount: 11999, amountMicros: 119_990_000, currency: "USD", formattedPrice: "$119.99" },
      autoResumeDate: new Date("2027-01-05T00:00:00Z"),
    });
  });

  it("formats a free trial's zero price with its fraction digits, as purchases-js does", () => {
    const wire = fixtures.customerInfo();
    wire.subscriber.subscriptions.premium_realm_monthly!.price = { amount: 0, currency: "USD" };
    const info = toCustomerInfo(wire, wire.request_date_ms, "en-US");
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly!.price).toEqual({
      amount: 0,
      amountMicros: 0,
      currency: "USD",
      formattedPrice: "$0.00",
    });
  });

  it("parses the optional subscription dates when present", () => {
    const info = build((w) => {
      const sub = w.subscriber.subscriptions.premium_realm_monthly!;
      sub.grace_period_expires_date = "2026-12-28T12:00:00Z";
      sub.refunded_at = "2026-11-21T11:45:00Z";
    });
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly).toMatchObject({
      gracePeriodExpiresDate: date("2026-12-28T12:00:00Z"),
      refundedAt: date("2026-11-21T11:45:00Z"),
    });
  });
});
