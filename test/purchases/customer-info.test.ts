import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
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

/**
 * A customer whom the test changes as the app's backend would (`cancel()` turns renewal off, `revoke()` ends the
 * premium entitlement). Each answer is the state when its request arrived, names the user asked for, and is held
 * back while `hold` is set, so that a test can change the state while a request is in flight.
 */
function serveChangingCustomer() {
  const customer = {
    requested: [] as string[],
    cancelled: false,
    revoked: false,
    hold: null as Promise<void> | null,
    cancel: () => void (customer.cancelled = true),
    revoke: () => void (customer.revoked = true),
  };
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, async ({ params }) => {
      customer.requested.push(String(params.id));
      const wire = fixtures.customerInfo();
      wire.subscriber.original_app_user_id = String(params.id);
      const monthly = wire.subscriber.subscriptions.premium_realm_monthly!;
      if (customer.cancelled) monthly.unsubscribe_detected_at = "2026-11-21T11:30:00Z";
      if (customer.revoked) {
        monthly.expires_date = "2026-11-21T11:45:00Z";
        wire.subscriber.entitlements.premium!.expires_date = monthly.expires_date;
      }
      await customer.hold;
      return HttpResponse.json(wire);
    }),
  );
  return customer;
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

  it("judges each answer by its own request date: an entitlement that ran out on the server between two calls is gone", async () => {
    const wire = fixtures.customerInfo();
    const expiresMs = wire.request_date_ms + 10_000;
    wire.subscriber.entitlements.premium!.expires_date = new Date(expiresMs).toISOString();
    let serverNow = wire.request_date_ms;
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, () =>
        HttpResponse.json({
          ...wire,
          request_date: new Date(serverNow).toISOString(),
          request_date_ms: serverNow,
        }),
      ),
    );
    // The device clock stands still and is unrelated to the server's: only the answers decide.
    const purchases = configure({ now: () => 5_000 });
    expect(await purchases.isEntitledTo("premium")).toBe(true);
    serverNow += 15_000;
    expect("premium" in (await purchases.getCustomerInfo()).entitlements.active).toBe(false);
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

describe("freshness: every call asks the server, as purchases-js does", () => {
  it("answers a cancellation the app's backend made since the previous call, at once", async () => {
    const customer = serveChangingCustomer();
    // A device clock that never moves: no amount of waiting is needed for the change to show.
    const purchases = configure({ now: () => 1_000 });
    const before = (await purchases.getCustomerInfo()).entitlements.active.premium;
    expect(before).toMatchObject({ willRenew: true, unsubscribeDetectedAt: null });
    customer.cancel();
    const after = (await purchases.getCustomerInfo()).entitlements.active.premium;
    expect(after?.willRenew).toBe(false);
    expect(after?.unsubscribeDetectedAt?.toISOString()).toBe("2026-11-21T11:30:00.000Z");
    expect(customer.requested).toEqual(["user_1", "user_1"]);
  });

  it("isEntitledTo asks the server too: an entitlement the backend ended is gone at the next call", async () => {
    const customer = serveChangingCustomer();
    const purchases = configure({ now: () => 1_000 });
    expect(await purchases.isEntitledTo("premium")).toBe(true);
    customer.revoke();
    expect(await purchases.isEntitledTo("premium")).toBe(false);
    expect(customer.requested).toHaveLength(2);
  });

  it("answers calls made together alike, each from its own request and with its own objects", async () => {
    const customer = serveChangingCustomer();
    const purchases = configure();
    const [a, b, entitled] = await Promise.all([
      purchases.getCustomerInfo(),
      purchases.getCustomerInfo(),
      purchases.isEntitledTo("premium"),
    ]);
    expect(customer.requested).toEqual(["user_1", "user_1", "user_1"]);
    expect(a).not.toBe(b); // a caller that changes its object changes nobody else's
    expect(a).toEqual(b);
    expect(entitled).toBe(true);
  });

  it("gives a call made while an earlier request is in flight its own request, which sees what changed meanwhile", async () => {
    const customer = serveChangingCustomer();
    let release!: () => void;
    customer.hold = new Promise((resolve) => (release = resolve));
    const purchases = configure();
    const earlier = purchases.getCustomerInfo();
    await vi.waitFor(() => expect(customer.requested).toHaveLength(1)); // the server has read the state
    customer.cancel();
    customer.hold = null;
    const later = await purchases.getCustomerInfo();
    expect(later.entitlements.active.premium?.willRenew).toBe(false);
    release();
    expect((await earlier).entitlements.active.premium?.willRenew).toBe(true);
    expect(customer.requested).toEqual(["user_1", "user_1"]);
  });

  it("never answers the previous user's customer info after changeUser, even from a call made together with it", async () => {
    const customer = serveChangingCustomer();
    const purchases = configure();
    const [before, switched] = await Promise.all([
      purchases.getCustomerInfo(),
      purchases.changeUser("user_2"),
    ]);
    expect(before.originalAppUserId).toBe("user_1");
    expect(switched.originalAppUserId).toBe("user_2");
    expect((await purchases.getCustomerInfo()).originalAppUserId).toBe("user_2");
    expect(customer.requested).toEqual(["user_1", "user_2", "user_2"]);
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
