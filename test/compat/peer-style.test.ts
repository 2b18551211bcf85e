// The run-time half of peer-style.ts: its mutations (sorting and splicing packages, deleting from records, adding to
// the active subscriptions, spending from the balances) run on what @revenuecat/purchases-js and purchases-web
// really answer, from a real billing server over HTTP on 127.0.0.1. Both SDKs must take them without throwing and
// end in the same state. purchases-web hands out copies of its own, so the next answer is the server's, untouched;
// the peer's is not always (see "the peer's own caches" below).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as peer from "@revenuecat/purchases-js";
import type { CustomerInfo, EntitlementInfo, Offerings, Purchases } from "@revenuecat/purchases-js";
import * as ours from "../../src/index";
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
import { customerInfoOf, offeringsOf } from "./outcomes";
import {
  addPackage,
  dropOptions,
  grantLocally,
  inWeeks,
  keepPackages,
  pruneOfferings,
  revokeLocally,
  sortByPrice,
  spendLocally,
} from "./peer-style";
import type { Sdk } from "./sdk";
import { installDom } from "./support/dom";

interface SdkRun {
  readonly name: string;
  readonly sdk: Sdk;
  /** This run's customer, who bought a consumable and a subscription before the tests (see beforeAll). */
  readonly appUserId: string;
}

const PEER: SdkRun = { name: "@revenuecat/purchases-js", sdk: peer, appUserId: "peer_style_peer" };
const OURS: SdkRun = { name: "purchases-web", sdk: ours as unknown as Sdk, appUserId: "peer_style_ours" };

let removeDom: () => Promise<void>;
beforeAll(() => {
  removeDom = installDom();
});
afterAll(() => removeDom?.());

/** Everything mutable a customer-info answer holds, mutated as peer-style.ts does. */
function mutateCustomerInfo(info: CustomerInfo): string[] {
  const [productId] = info.activeSubscriptions;
  const entitlement = Object.values(info.entitlements.all)[0] as EntitlementInfo;
  grantLocally(info, "made_up_product", { ...entitlement, identifier: "made_up" });
  if (productId) revokeLocally(info, productId);
  for (const transaction of [...info.nonSubscriptionTransactions])
    revokeLocally(info, transaction.productIdentifier);
  return [
    ...[...info.activeSubscriptions].sort(),
    ...Object.keys(info.entitlements.all).sort(),
    ...Object.keys(info.subscriptionsByProductIdentifier),
    String(info.nonSubscriptionTransactions.length),
  ];
}

/** Every mutable container of an offerings answer, mutated as peer-style.ts does. */
function mutateOfferings(offerings: Offerings): string[] {
  const [keep, ...rest] = Object.keys(offerings.all).sort();
  pruneOfferings(offerings, new Set([keep!]));
  const offering = offerings.all[keep!]!;
  const [first] = sortByPrice(offering);
  addPackage(offering, first!);
  keepPackages(offering, [first!.packageType]);
  for (const rcPackage of offering.availablePackages) {
    const product = rcPackage.webBillingProduct;
    dropOptions(product, "no_such_option");
    if (product.period) Object.assign(product.period, { number: 14, unit: peer.PeriodUnit.Day });
    if (product.period) inWeeks(product.period);
  }
  return [
    ...rest.map((id) => `${id} ${id in offerings.all}`),
    ...offering.availablePackages.map((p) => p.identifier),
    ...Object.keys(offering.packagesById),
    ...offering.availablePackages.map((p) => JSON.stringify(p.webBillingProduct.period)),
    ...offering.availablePackages.map((p) => Object.keys(p.webBillingProduct.subscriptionOptions).join()),
    JSON.stringify(offering.metadata),
  ];
}

describe.each(DATABASES)("peer-style code on each SDK's answers, billing server on %s", (kind) => {
  let server: TestServer;

  /** Buys a consumable and a subscription for `appUserId` past either SDK: the server is the same for both. */
  async function seedCustomer(appUserId: string) {
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
    const purchases = ours.Purchases.configure({
      apiKey: KEYS.arcadeTest,
      appUserId,
      httpConfig: { proxyURL: server.url },
      flags: { collectAnalyticsEvents: false },
    });
    const packages = (await purchases.getOfferings()).current?.availablePackages ?? [];
    purchases.close();
    for (const identifier of ["gems_100", "$rc_monthly"]) {
      const rcPackage = packages.find((p) => p.identifier === identifier);
      if (!rcPackage) throw new Error(`the arcade's current offering has no package ${identifier}`);
      await performTestStorePurchase({ backend, env, appUserId, rcPackage, outcome: "valid" });
    }
  }

  beforeAll(async () => {
    // purchases-js decides what is active by this machine's clock: the server keeps the same time.
    server = await startTestServer(kind, {}, { now: new Date() });
    for (const { appUserId } of [PEER, OURS]) await seedCustomer(appUserId);
    for (const { sdk } of [PEER, OURS]) sdk.Purchases.setLogLevel(sdk.LogLevel.Silent);
  });
  afterAll(() => server?.close());

  function configure({ sdk, appUserId }: SdkRun): Purchases {
    return sdk.Purchases.configure({
      apiKey: KEYS.arcadeTest,
      appUserId,
      httpConfig: { proxyURL: server.url },
      flags: { collectAnalyticsEvents: false },
    });
  }

  /** Runs `body` on a fresh instance of each SDK, one after the other, and answers both outcomes. */
  async function onBoth<T>(body: (purchases: Purchases) => Promise<T>) {
    const outcomes: T[] = [];
    for (const run of [PEER, OURS]) {
      const purchases = configure(run);
      try {
        outcomes.push(await body(purchases));
      } finally {
        purchases.close();
      }
    }
    return { peer: outcomes[0]!, ours: outcomes[1]! };
  }

  it("both take sorting, splicing and deleting in an offerings answer, ending in the same state", async () => {
    const { peer: theirs, ours: mine } = await onBoth(async (purchases) =>
      mutateOfferings(await purchases.getOfferings()),
    );
    expect(mine).toEqual(theirs);
  });

  it("both take adding to the active subscriptions and deleting from every record of a customer info", async () => {
    const { peer: theirs, ours: mine } = await onBoth(async (purchases) =>
      mutateCustomerInfo(await purchases.getCustomerInfo()),
    );
    expect(mine).toEqual(theirs);
    expect(mine).toEqual(["made_up_product", "made_up", "pass", "0"]);
  });

  it("both take spending from the balances, in getVirtualCurrencies's and getCachedVirtualCurrencies's answers", async () => {
    const fetched = await onBoth(async (purchases) => {
      const currencies = await purchases.getVirtualCurrencies();
      spendLocally(currencies, "GEMS", 30);
      spendLocally(currencies, "COINS", 0);
      return currencies.all;
    });
    const cached = await onBoth(async (purchases) => {
      await purchases.getVirtualCurrencies();
      const currencies = purchases.getCachedVirtualCurrencies()!;
      spendLocally(currencies, "GEMS", 1000);
      return currencies.all;
    });
    expect(fetched.ours).toEqual(fetched.peer);
    expect(fetched.ours).toEqual({ GEMS: expect.objectContaining({ balance: 70 }) });
    expect(cached.ours).toEqual(cached.peer);
    expect(Object.keys(cached.ours)).toEqual(["COINS"]);
  });

  // The peer builds offerings and customer info afresh for every call too: the same promise holds for both.
  it.each([PEER, OURS])(
    "$name answers the server's offerings again after a caller changed its copy, and a copy per concurrent call",
    async (run) => {
      const purchases = configure(run);
      const [first, concurrent] = await Promise.all([purchases.getOfferings(), purchases.getOfferings()]);
      const before = offeringsOf(concurrent);
      mutateOfferings(first);
      expect(offeringsOf(concurrent)).toEqual(before);
      expect(offeringsOf(await purchases.getOfferings())).toEqual(before);
      const placed = await purchases.getCurrentOfferingForPlacement("anywhere");
      placed?.availablePackages.splice(0);
      expect(offeringsOf(await purchases.getOfferings())).toEqual(before);
      purchases.close();
    },
  );

  it.each([PEER, OURS])(
    "$name answers the server's customer info again after a caller changed its copy, and a copy per concurrent call",
    async (run) => {
      const purchases = configure(run);
      const [first, concurrent] = await Promise.all([
        purchases.getCustomerInfo(),
        purchases.getCustomerInfo(),
      ]);
      const before = customerInfoOf(concurrent, run.appUserId);
      expect(before.activeSubscriptions).toEqual(["arcade_pass_monthly"]);
      mutateCustomerInfo(first);
      expect(customerInfoOf(concurrent, run.appUserId)).toEqual(before);
      expect(customerInfoOf(await purchases.getCustomerInfo(), run.appUserId)).toEqual(before);
      purchases.close();
    },
  );

  it("purchases-web answers the cached balances again after a caller changed its copy, and a copy per call", async () => {
    const purchases = configure(OURS);
    const [first, concurrent] = await Promise.all([
      purchases.getVirtualCurrencies(),
      purchases.getVirtualCurrencies(),
    ]);
    const before = structuredClone(concurrent.all);
    expect(before.GEMS?.balance).toBe(100);
    spendLocally(first, "GEMS", 1000);
    spendLocally(purchases.getCachedVirtualCurrencies()!, "COINS", 1000);
    expect(concurrent.all).toEqual(before);
    expect((await purchases.getVirtualCurrencies()).all).toEqual(before);
    expect(purchases.getCachedVirtualCurrencies()?.all).toEqual(before);
    purchases.close();
  });

  it("@revenuecat/purchases-js hands every caller its cached balances themselves, so one caller's edit shows in the next answer", async () => {
    // The one difference: purchases-web copies (above). Kept so that a peer release that starts copying shows here.
    const purchases = configure(PEER);
    spendLocally(await purchases.getVirtualCurrencies(), "GEMS", 1000);
    expect((await purchases.getVirtualCurrencies()).all.GEMS).toBeUndefined();
    purchases.close();
  });

  it("both construct errors positionally and let subclasses name themselves", () => {
    const [theirs, mine] = [PEER, OURS].map(({ sdk }) => {
      const { PurchasesError, ErrorCode } = sdk;
      class AppError extends PurchasesError {
        constructor() {
          super(ErrorCode.PurchaseNotAllowedError, "Not now", "closed on Sundays", { statusCode: 403 });
          this.name = "AppError";
        }
      }
      const error = new AppError();
      const plain = new PurchasesError(ErrorCode.NetworkError, "Offline", undefined, undefined);
      return [
        error instanceof PurchasesError,
        error.name,
        error.errorCode,
        error.message,
        error.underlyingErrorMessage,
        error.extra,
        plain.underlyingErrorMessage ?? null,
        plain.extra,
      ];
    });
    expect(mine).toEqual(theirs);
    expect(mine).toEqual([
      true,
      "AppError",
      3,
      "Not now",
      "closed on Sundays",
      { statusCode: 403 },
      null,
      undefined,
    ]);
  });
});
