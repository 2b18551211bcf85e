// The SDK against a real billing server over HTTP on 127.0.0.1, on PGlite and (with TEST_DATABASE_URL) on
// PostgreSQL: a Test Store purchase of a product that grants a virtual currency, then getVirtualCurrencies shows
// the balance. That purchase() itself forgets cached balances is shown with the modal in
// test/virtual-currencies/purchase-forgets-balances.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, Purchases, type Package } from "../../src/index";
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

describe.each(DATABASES)("virtual currencies, SDK ↔ billing server on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());
  afterEach(() => {
    if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  });

  const configure = (appUserId: string, apiKey: string = KEYS.arcadeTest) =>
    Purchases.configure({
      apiKey,
      appUserId,
      httpConfig: { proxyURL: server.url },
      flags: { collectAnalyticsEvents: false },
    });

  /** The Test Store modal's "Test valid purchase", on a backend configured as Purchases configures its own. */
  async function buy(purchases: Purchases, identifier: string) {
    const offerings = await purchases.getOfferings();
    const rcPackage = offerings.current?.availablePackages.find((p: Package) => p.identifier === identifier);
    if (!rcPackage) throw new Error(`no package ${identifier}`);
    const env = defaultEnvironment();
    const backend = new Backend(
      new HttpClient({
        apiKey: KEYS.arcadeTest,
        baseUrl: server.url,
        isSandbox: true,
        additionalHeaders: {},
        platformInfo: () => null,
        env,
        timeoutMs: 10_000,
      }),
    );
    const appUserId = purchases.getAppUserId();
    return performTestStorePurchase({ backend, env, appUserId, rcPackage, outcome: "valid" });
  }

  it("shows every currency at 0 for a new customer, then the 100 gems each purchase granted", async () => {
    const purchases = configure("vc_contract_1");
    const before = await purchases.getVirtualCurrencies();
    expect(before.all).toEqual({
      GEMS: { balance: 0, name: "Gems", code: "GEMS", serverDescription: "Spent on power-ups." },
      COINS: { balance: 0, name: "Coins", code: "COINS", serverDescription: null },
    });

    const result = await buy(purchases, "gems_100");
    expect(result.storeTransaction?.productIdentifier).toBe("gems_100");
    // Bought past the SDK here: its cache still holds the old balances until told otherwise.
    expect(purchases.getCachedVirtualCurrencies()).toEqual(before);
    purchases.invalidateVirtualCurrenciesCache();
    expect((await purchases.getVirtualCurrencies()).all.GEMS?.balance).toBe(100);

    await buy(purchases, "gems_100");
    purchases.invalidateVirtualCurrenciesCache();
    const after = await purchases.getVirtualCurrencies();
    expect([after.all.GEMS?.balance, after.all.COINS?.balance]).toEqual([200, 0]);
  });

  it("grants nothing for the pass's free trial", async () => {
    const purchases = configure("vc_contract_2");
    const result = await buy(purchases, "$rc_monthly");
    expect(result.customerInfo.entitlements.active.pass?.periodType).toBe("trial");
    const { all } = await purchases.getVirtualCurrencies();
    expect([all.GEMS?.balance, all.COINS?.balance]).toEqual([0, 0]);
  });

  it("answers an empty map for a project without virtual currencies", async () => {
    expect(await configure("vc_contract_3", KEYS.test).getVirtualCurrencies()).toEqual({ all: {} });
  });

  it("keeps another project's balances invisible", async () => {
    const purchases = configure("vc_contract_4");
    await buy(purchases, "gems_100");
    expect((await configure("vc_contract_4", KEYS.otherProject).getVirtualCurrencies()).all).toEqual({});
  });

  it("surfaces a wrong key as InvalidCredentialsError from the server's 7225", async () => {
    await expect(
      configure("vc_contract_5", "rcb_sb_unknown_key").getVirtualCurrencies(),
    ).rejects.toMatchObject({
      errorCode: ErrorCode.InvalidCredentialsError,
      extra: { statusCode: 401, backendErrorCode: 7225 },
    });
  });
});
