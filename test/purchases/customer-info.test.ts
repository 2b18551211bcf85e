import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorCode, Purchases, type PurchasesEnvironment } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

function configure(environment?: Partial<PurchasesEnvironment>, appUserId = "user_1") {
  return Purchases.configure({
    apiKey: "rcb_sb_abc",
    appUserId,
    httpConfig: { proxyURL: TEST_BASE_URL },
    flags: { collectAnalyticsEvents: false },
    environment,
  });
}

function serveCustomerInfo() {
  const requested: string[] = [];
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ params }) => {
      requested.push(String(params.id));
      return HttpResponse.json(fixtures.customerInfo());
    }),
  );
  return requested;
}

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("getCustomerInfo", () => {
  it("maps entitlements, subscriptions and purchases from the wire", async () => {
    serveCustomerInfo();
    const info = await configure().getCustomerInfo();
    expect(Object.keys(info.entitlements.all).sort()).toEqual(["dragon_rider", "old_perk", "premium"]);
    expect(Object.keys(info.entitlements.active).sort()).toEqual(["dragon_rider", "premium"]);
    expect([...info.activeSubscriptions]).toEqual(["premium_realm_monthly"]);
    expect(info.managementURL).toBe("https://billing.example.test/manage");
    expect(info.originalAppUserId).toBe("user_123");
    expect(info.nonSubscriptionTransactions.map((t) => t.transactionIdentifier)).toEqual(["nst_1"]);
    expect(info.entitlements.all.premium?.expirationDate?.toISOString()).toBe("2026-12-21T12:00:00.000Z");
  });

  it("judges expiry by the server's request date, not a wrong client clock", async () => {
    serveCustomerInfo();
    // A client clock ten years ahead must not expire an entitlement the server sees as active.
    const tenYears = 10 * 365 * 24 * 3600 * 1000;
    const info = await configure({
      now: () => Date.parse("2026-11-21T12:00:00Z") + tenYears,
    }).getCustomerInfo();
    expect(info.entitlements.active.premium?.isActive).toBe(true);
  });

  it("adds the time elapsed since the response when a cached answer is read later", async () => {
    const wire = fixtures.customerInfo();
    const expiresMs = wire.request_date_ms + 10_000;
    const premium = wire.subscriber.entitlements.premium;
    if (premium) premium.expires_date = new Date(expiresMs).toISOString();
    let calls = 0;
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, () => {
        calls++;
        return HttpResponse.json(wire);
      }),
    );
    let now = 5_000; // the client clock is unrelated to the server's
    const purchases = configure({ now: () => now });
    expect("premium" in (await purchases.getCustomerInfo()).entitlements.active).toBe(true);
    now += 15_000; // still cached; the server's clock has moved past the expiry meanwhile
    expect("premium" in (await purchases.getCustomerInfo()).entitlements.active).toBe(false);
    expect(calls).toBe(1);
  });

  it("isEntitledTo reads the active entitlements", async () => {
    serveCustomerInfo();
    const purchases = configure();
    expect(await purchases.isEntitledTo("premium")).toBe(true);
    expect(await purchases.isEntitledTo("old_perk")).toBe(false);
    await expect(purchases.isEntitledTo("")).rejects.toMatchObject({
      errorCode: ErrorCode.ConfigurationError,
    });
  });
});

describe("changeUser", () => {
  it("switches the app user id, refetches and rejects invalid ids without changing anything", async () => {
    const requested = serveCustomerInfo();
    const purchases = configure();
    await purchases.getCustomerInfo();
    await purchases.changeUser("user_2");
    expect(purchases.getAppUserId()).toBe("user_2");
    expect(requested).toEqual(["user_1", "user_2"]);
    await expect(purchases.changeUser("null")).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidAppUserIdError,
    });
    expect(purchases.getAppUserId()).toBe("user_2");
  });
});

describe("setAttributes", () => {
  it("posts each attribute with its value and the update time", async () => {
    let body: unknown;
    server.use(
      http.post(`${TEST_BASE_URL}/v1/subscribers/:id/attributes`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    await configure({ now: () => 1_700_000_000_000 }).setAttributes({
      $email: "ada@example.com",
      nickname: null,
    });
    expect(body).toEqual({
      attributes: {
        $email: { value: "ada@example.com", updated_at_ms: 1_700_000_000_000 },
        nickname: { value: null, updated_at_ms: 1_700_000_000_000 },
      },
    });
  });

  it("rejects attributes that are not strings or null before sending anything", async () => {
    let calls = 0;
    server.use(
      http.post(`${TEST_BASE_URL}/v1/subscribers/:id/attributes`, () => {
        calls++;
        return HttpResponse.json({});
      }),
    );
    await expect(configure().setAttributes({ age: 18 as unknown as string })).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidSubscriberAttributesError,
    });
    expect(calls).toBe(0);
  });

  it("maps a backend rejection of the attributes", async () => {
    server.use(
      http.post(`${TEST_BASE_URL}/v1/subscribers/:id/attributes`, () =>
        HttpResponse.json({ code: 7263, message: "bad attribute" }, { status: 400 }),
      ),
    );
    await expect(configure().setAttributes({ a: "b" })).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidSubscriberAttributesError,
    });
  });
});

describe("subscription details purchases-js reads", () => {
  it("gives each subscription its plan, display name, paid price, management URL and resume date", async () => {
    serveCustomerInfo();
    const info = await configure().getCustomerInfo();
    const monthly = info.subscriptionsByProductIdentifier.premium_realm_monthly;
    expect(monthly).toMatchObject({
      productPlanIdentifier: "base_option",
      displayName: "Premium Realm",
      price: { amountMicros: 99_000_000, currency: "ZAR", amount: 9900 },
      managementURL: "https://billing.example.test/manage/sub_1",
      autoResumeDate: null,
    });
    // A subscription the backend describes less fully gets nulls, never undefined.
    expect(info.subscriptionsByProductIdentifier.premium_realm_weekly).toMatchObject({
      productPlanIdentifier: null,
      displayName: null,
      price: null,
      managementURL: null,
      autoResumeDate: null,
    });
  });
});
