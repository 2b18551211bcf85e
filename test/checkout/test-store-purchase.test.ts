import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { performTestStorePurchase } from "../../src/checkout/test-store-purchase";
import { testStoreProductSummary } from "../../src/checkout/test-store-product-summary";
import { defaultEnvironment, type PurchasesEnvironment } from "../../src/environment";
import { ErrorCode } from "../../src/errors/error-code";
import { PurchasesError } from "../../src/errors/purchases-error";
import {
  PackageType,
  PeriodUnit,
  ProductType,
  type Package,
  type PresentedOfferingContext,
  type Price,
  type PricingPhase,
  type Product,
} from "../../src/model/types";
import { fixtures } from "../support/fixtures";
import { testBackend } from "../support/backend";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();
const RECEIPTS_URL = `${TEST_BASE_URL}/v1/receipts`;
// Far past the fixture's expiry dates: only the server's clock keeps "premium" active.
const DEVICE_NOW = Date.UTC(2030, 0, 1);

const env: PurchasesEnvironment = { ...defaultEnvironment(), now: () => DEVICE_NOW };
const backend = testBackend({ apiKey: "test_key" });

const price = (amountMicros: number, formattedPrice: string): Price => ({
  amount: amountMicros / 10_000,
  amountMicros,
  currency: "ZAR",
  formattedPrice,
});

const phase = (periodDuration: string, period: PricingPhase["period"], p: Price | null): PricingPhase => ({
  periodDuration,
  period,
  price: p,
  cycleCount: 1,
  pricePerWeek: null,
  pricePerMonth: null,
  pricePerYear: null,
});

function monthlyPackage(context: PresentedOfferingContext, overrides: Partial<Product> = {}): Package {
  const base = phase("P1M", { number: 1, unit: PeriodUnit.Month }, price(99_000_000, "R 99,00"));
  const trial = phase("P1W", { number: 1, unit: PeriodUnit.Week }, null);
  const option = { id: "base_option", priceId: "prc_monthly_zar", base, trial, introPrice: null };
  const product: Product = {
    identifier: "premium_realm_monthly",
    displayName: "Premium Realm",
    title: "Premium Realm",
    description: null,
    productType: ProductType.Subscription,
    price: base.price!,
    currentPrice: base.price!,
    normalPeriodDuration: "P1M",
    period: base.period,
    presentedOfferingIdentifier: context.offeringIdentifier,
    presentedOfferingContext: context,
    defaultPurchaseOption: option,
    defaultSubscriptionOption: option,
    subscriptionOptions: { base_option: option },
    defaultNonSubscriptionOption: null,
    freeTrialPhase: trial,
    introPricePhase: null,
    ...overrides,
  };
  return {
    identifier: "$rc_monthly",
    packageType: PackageType.Monthly,
    webBillingProduct: product,
    rcBillingProduct: product,
    webCheckoutURL: null,
  };
}

const targetedContext: PresentedOfferingContext = {
  offeringIdentifier: "default",
  placementIdentifier: "onboarding",
  targetingContext: { ruleId: "rule_za_users", revision: 3 },
};

function captureReceipts() {
  const bodies: unknown[] = [];
  server.use(
    http.post(RECEIPTS_URL, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(fixtures.customerInfo());
    }),
  );
  return bodies;
}

describe("performTestStorePurchase", () => {
  it("posts a receipt with a generated test transaction id and every attribution field", async () => {
    const bodies = captureReceipts();

    const result = await performTestStorePurchase({
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage(targetedContext),
      outcome: "valid",
    });

    expect(bodies).toHaveLength(1);
    const body = bodies[0] as Record<string, unknown>;
    expect(body.fetch_token).toMatch(/^test_\d+_[0-9a-f-]{36}$/);
    expect(body.fetch_token).toMatch(new RegExp(`^test_${DEVICE_NOW}_`));
    expect(body).toEqual({
      fetch_token: body.fetch_token,
      product_id: "premium_realm_monthly",
      app_user_id: "user_1",
      presented_offering_identifier: "default",
      presented_placement_identifier: "onboarding",
      applied_targeting_rule: { rule_id: "rule_za_users", revision: 3 },
      initiation_source: "purchase",
    });
    expect(result.storeTransaction).toEqual({
      storeTransactionId: body.fetch_token,
      productIdentifier: "premium_realm_monthly",
      purchaseDate: new Date(DEVICE_NOW),
    });
    expect(result.redemptionInfo).toBeNull();
    expect(result.operationSessionId).toMatch(/^test_store_operation_session_[0-9a-f-]{36}$/);
  });

  it("judges the returned customer info at the server's time, not the device's", async () => {
    captureReceipts();

    const { customerInfo } = await performTestStorePurchase({
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage(targetedContext),
      outcome: "valid",
    });

    expect(customerInfo.requestDate).toEqual(new Date(fixtures.customerInfo().request_date_ms));
    expect(Object.keys(customerInfo.entitlements.active)).toContain("premium");
  });

  it("sends null placement and targeting when the offering was not targeted, and the given initiation source", async () => {
    const bodies = captureReceipts();

    await performTestStorePurchase({
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage({
        offeringIdentifier: "default",
        placementIdentifier: null,
        targetingContext: null,
      }),
      outcome: "valid",
      initiationSource: "restore",
    });

    expect(bodies[0]).toMatchObject({
      presented_placement_identifier: null,
      applied_targeting_rule: null,
      initiation_source: "restore",
    });
  });

  it("makes each fetch token and operation session id unique", async () => {
    const bodies = captureReceipts();
    const options = {
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage(targetedContext),
      outcome: "valid",
    } as const;

    const first = await performTestStorePurchase(options);
    const second = await performTestStorePurchase(options);

    const [a, b] = bodies as Array<{ fetch_token: string }>;
    expect(a!.fetch_token).not.toBe(b!.fetch_token);
    expect(first.operationSessionId).not.toBe(second.operationSessionId);
  });

  it.each([
    [
      "failed",
      ErrorCode.TestStoreSimulatedPurchaseError,
      "Simulated test purchase failure: no real transaction occurred",
    ],
    ["cancelled", ErrorCode.UserCancelledError, "Purchase was cancelled."],
  ] as const)("rejects a %s outcome without posting a receipt", async (outcome, code, message) => {
    const bodies = captureReceipts();

    const error = await performTestStorePurchase({
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage(targetedContext),
      outcome,
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PurchasesError);
    expect(error).toMatchObject({ errorCode: code, message });
    expect(bodies).toHaveLength(0);
  });

  it("passes a backend rejection of the receipt through", async () => {
    const { status, body } = fixtures.errors().alreadySubscribed;
    server.use(http.post(RECEIPTS_URL, () => HttpResponse.json(body, { status })));

    const error = await performTestStorePurchase({
      backend,
      env,
      appUserId: "user_1",
      rcPackage: monthlyPackage(targetedContext),
      outcome: "valid",
    }).catch((e: unknown) => e);

    expect(error).toMatchObject({ errorCode: ErrorCode.ProductAlreadyPurchasedError });
  });
});

describe("testStoreProductSummary", () => {
  it("summarises a subscription with a free trial", () => {
    expect(testStoreProductSummary(monthlyPackage(targetedContext))).toEqual({
      title: "Premium Realm",
      productType: ProductType.Subscription,
      formattedPrice: "R 99,00",
      period: { number: 1, unit: PeriodUnit.Month },
      freeTrialPeriod: { number: 1, unit: PeriodUnit.Week },
      introPrice: null,
    });
  });

  it("includes a paid introductory phase", () => {
    const intro = phase("P1M", { number: 1, unit: PeriodUnit.Month }, price(49_000_000, "R 49,00"));
    const pkg = monthlyPackage(targetedContext, { freeTrialPhase: null, introPricePhase: intro });

    expect(testStoreProductSummary(pkg)).toMatchObject({
      freeTrialPeriod: null,
      introPrice: { formattedPrice: "R 49,00", period: { number: 1, unit: PeriodUnit.Month }, cycleCount: 1 },
    });
  });
});
