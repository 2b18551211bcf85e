// The SDK against a real billing server over HTTP on 127.0.0.1, on PGlite and (with TEST_DATABASE_URL) on
// PostgreSQL: offerings → Test Store purchase → customer info.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ErrorCode, OfferingKeyword, PackageType, Purchases } from "../../src/index";
import { defaultEnvironment } from "../../src/environment";
import { Backend } from "../../src/http/backend";
import { HttpClient } from "../../src/http/http-client";
import { performTestStorePurchase } from "../../src/checkout/test-store-purchase";
import {
  DATABASES,
  startTestServer,
  type TestServer,
} from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../examples/billing-server/test/support/webhook-receiver.js";

const WEBHOOK_SECRET = "contract-webhook-secret-0123456789";

// Until purchase() lands with the checkout widget, the Test Store step runs the SDK's headless purchase logic
// on a Backend configured exactly as Purchases.configure configures its own.
function sdkBackend(server: TestServer, apiKey: string) {
  return new Backend(
    new HttpClient({
      apiKey,
      baseUrl: server.url,
      isSandbox: true,
      additionalHeaders: {},
      platformInfo: () => null,
      env: defaultEnvironment(),
      timeoutMs: 10_000,
    }),
  );
}

describe.each(DATABASES)("SDK ↔ billing server contract on %s (Test Store)", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The real background workers deliver the host-app webhook, polling quickly.
    server = await startTestServer(kind, {
      webhooks: { realmheart: { url: receiver.url, secret: WEBHOOK_SECRET } },
      workers: undefined,
      workerIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });
  afterEach(() => {
    if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  });

  const configure = (appUserId: string, apiKey: string = KEYS.test) =>
    Purchases.configure({
      apiKey,
      appUserId,
      httpConfig: { proxyURL: server.url },
      flags: { collectAnalyticsEvents: false },
    });

  it("normalises the reference package: R99/month ZAR with a 7-day trial, in one request", async () => {
    const paths: string[] = [];
    const offerings = await Purchases.configure({
      apiKey: KEYS.test,
      appUserId: "contract_user_1",
      httpConfig: { proxyURL: server.url },
      flags: { collectAnalyticsEvents: false },
      environment: {
        fetch: (input, init) => {
          paths.push(new URL(String(input)).pathname);
          return globalThis.fetch(input, init);
        },
      },
    }).getOfferings({ currency: "ZAR" });
    // The server sends the products along with the offerings (include=product_details): no products call.
    expect(paths).toEqual([new URL(`${server.url}/v1/subscribers/contract_user_1/offerings`).pathname]);
    const monthly = offerings.current?.monthly;
    expect(monthly?.identifier).toBe("$rc_monthly");
    expect(monthly?.packageType).toBe(PackageType.Monthly);
    const product = monthly?.webBillingProduct;
    expect(product?.title).toBe("Premium Realm");
    expect(product?.currentPrice).toMatchObject({ amountMicros: 99_000_000, amount: 9900, currency: "ZAR" });
    expect(product?.period).toEqual({ number: 1, unit: "month" });
    expect(product?.freeTrialPhase?.period).toEqual({ number: 1, unit: "week" });
    expect(product?.freeTrialPhase?.price).toBeNull();
  });

  it("gives the shapes purchases-js code reads: price, hasPaywall, web checkout URLs, the current keyword", async () => {
    const purchases = configure("contract_user_shapes");
    const offerings = await purchases.getOfferings({ offeringIdentifier: OfferingKeyword.Current });
    const current = offerings.current!;
    expect(Object.keys(offerings.all)).toEqual([current.identifier]);
    expect(current.hasPaywall).toBe(true);
    // This billing server hosts no purchase page of its own.
    expect(current.webCheckoutURL).toBeNull();
    const annual = current.annual!;
    expect(annual.webCheckoutURL).toBeNull();
    expect(annual.rcBillingProduct).toBe(annual.webBillingProduct);
    const product = annual.webBillingProduct;
    expect(product.price).toMatchObject({ amountMicros: 990_000_000, currency: "ZAR" });
    expect(product.currentPrice).toBe(product.price);
    // R990 a year is R82.50 a month: a year is 12 months.
    expect(product.defaultSubscriptionOption?.base.pricePerMonth?.amountMicros).toBe(82_500_000);
  });

  it("grants premium after a Test Store purchase, judged by the server's clock", async () => {
    const purchases = configure("contract_user_2");
    expect(await purchases.isEntitledTo("premium")).toBe(false);
    const monthly = (await purchases.getOfferings()).current?.monthly;
    if (!monthly) throw new Error("no monthly package");

    const result = await performTestStorePurchase({
      backend: sdkBackend(server, KEYS.test),
      env: defaultEnvironment(),
      appUserId: "contract_user_2",
      rcPackage: monthly,
      outcome: "valid",
    });
    expect(result.customerInfo.entitlements.active.premium?.productIdentifier).toBe("premium_realm_monthly");
    expect(result.customerInfo.entitlements.active.premium?.periodType).toBe("trial");

    // The same instance that answered "not entitled" before sees the purchase made elsewhere at once.
    const info = await purchases.getCustomerInfo();
    expect(info.entitlements.active.premium?.isActive).toBe(true);
    expect(info.entitlements.active.premium?.expirationDate?.toISOString()).toBe("2026-11-28T12:00:00.000Z");
    expect([...info.activeSubscriptions]).toEqual(["premium_realm_monthly"]);
    expect(info.subscriptionsByProductIdentifier.premium_realm_monthly).toMatchObject({
      productPlanIdentifier: "base_option",
      displayName: "Premium Realm",
      price: { amountMicros: 0, currency: "ZAR" }, // the trial period is free
      autoResumeDate: null,
    });

    // The host app hears about it exactly once, signed with its secret.
    await vi.waitFor(() => expect(receiver.events()).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // several more worker passes
    expect(receiver.events()).toHaveLength(1);
    expect(receiver.events()[0]).toMatchObject({
      type: "INITIAL_PURCHASE",
      app_user_id: "contract_user_2",
      product_id: "premium_realm_monthly",
      entitlement_ids: ["premium"],
    });
    expect(receiver.requests[0]?.headers.authorization).toBe(`Bearer ${WEBHOOK_SECRET}`);
  });

  it("keeps another project's customers invisible", async () => {
    const other = configure("contract_user_2", KEYS.otherProject);
    const info = await other.getCustomerInfo();
    expect(Object.keys(info.entitlements.all)).toEqual([]);
  });

  it("surfaces a wrong key as InvalidCredentialsError from the server's 7225", async () => {
    await expect(configure("contract_user_3", "rcb_sb_unknown_key").getOfferings()).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidCredentialsError,
      extra: { statusCode: 401, backendErrorCode: 7225 },
    });
  });
});
