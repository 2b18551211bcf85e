import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorCode, PackageType, Purchases, type PurchasesEnvironment } from "../../src/index";
import type { WireOfferingsResponse, WireProductDetails } from "../../src/http/wire";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

interface Seen {
  offerings: number;
  products: URLSearchParams[];
}

function serve(
  offerings: WireOfferingsResponse = fixtures.offerings(),
  products = fixtures.products().product_details,
) {
  const seen: Seen = { offerings: 0, products: [] };
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () => {
      seen.offerings++;
      return HttpResponse.json(offerings);
    }),
    http.get(`${TEST_BASE_URL}/rcbilling/v1/subscribers/:id/products`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.products.push(params);
      const ids = params.getAll("id");
      return HttpResponse.json({ product_details: products.filter((p) => ids.includes(p.identifier)) });
    }),
  );
  return seen;
}

function configure(environment?: Partial<PurchasesEnvironment>) {
  return Purchases.configure({
    apiKey: "rcb_sb_abc",
    appUserId: "user_1",
    httpConfig: { proxyURL: TEST_BASE_URL },
    flags: { collectAnalyticsEvents: false },
    environment,
  });
}

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
});

describe("getOfferings", () => {
  it("fetches offerings then their products and normalises the reference catalogue", async () => {
    const seen = serve();
    const offerings = await configure().getOfferings({ currency: "ZAR" });
    expect(seen.offerings).toBe(1);
    expect(seen.products[0]?.get("currency")).toBe("ZAR");
    expect(offerings.current?.identifier).toBe("default");
    const monthly = offerings.current?.monthly;
    expect(monthly?.packageType).toBe(PackageType.Monthly);
    expect(monthly?.webBillingProduct.title).toBe("Premium Realm");
    expect(monthly?.webBillingProduct.currentPrice.amountMicros).toBe(99_000_000);
    expect(monthly?.webBillingProduct.currentPrice.amount).toBe(9900);
    expect(monthly?.webBillingProduct.freeTrialPhase?.periodDuration).toBe("P1W");
    expect(monthly?.webBillingProduct.presentedOfferingContext).toEqual({
      offeringIdentifier: "default",
      placementIdentifier: null,
      targetingContext: { ruleId: "rule_za_users", revision: 3 },
    });
  });

  it("drops offerings whose packages are all unsellable", async () => {
    serve();
    const offerings = await configure().getOfferings();
    expect(Object.keys(offerings.all).sort()).toEqual(["default", "holiday"]);
  });

  it.each(["zar", "ZA", "ZARR", "12A", ""])(
    "rejects the currency %j with the exact ConfigurationError",
    async (currency) => {
      const seen = serve();
      await expect(configure().getOfferings({ currency })).rejects.toMatchObject({
        errorCode: ErrorCode.ConfigurationError,
        message: `Currency code ${currency} is not valid. Please provide a valid ISO 4217 currency code.`,
      });
      expect(seen.offerings).toBe(0);
    },
  );

  it("returns only the named offering when offeringIdentifier is given", async () => {
    const seen = serve();
    const offerings = await configure().getOfferings({ offeringIdentifier: "holiday" });
    expect(Object.keys(offerings.all)).toEqual(["holiday"]);
    expect(seen.products.flatMap((p) => p.getAll("id"))).toEqual(["premium_realm_annual"]);
  });

  it("shares one fetch among concurrent identical calls and caches the result briefly", async () => {
    let now = 1_000_000;
    const seen = serve();
    const purchases = configure({ now: () => now });
    await Promise.all([purchases.getOfferings(), purchases.getOfferings(), purchases.getOfferings()]);
    expect(seen.offerings).toBe(1);
    expect(seen.products).toHaveLength(1);
    now += 60_000;
    await purchases.getOfferings();
    expect(seen.offerings).toBe(1);
    now += 5 * 60_000;
    await purchases.getOfferings();
    expect(seen.offerings).toBe(2);
  });

  it("does not cache failures", async () => {
    let fail = true;
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () =>
        fail
          ? HttpResponse.json({ code: 7110, message: "x" }, { status: 500 })
          : HttpResponse.json(fixtures.offerings()),
      ),
      http.get(`${TEST_BASE_URL}/rcbilling/v1/subscribers/:id/products`, () =>
        HttpResponse.json(fixtures.products()),
      ),
    );
    const purchases = configure();
    await expect(purchases.getOfferings()).rejects.toMatchObject({
      errorCode: ErrorCode.UnknownBackendError,
    });
    fail = false;
    expect((await purchases.getOfferings()).current?.identifier).toBe("default");
  });

  it("requests large catalogues in parallel batches of product ids", async () => {
    const template = fixtures.products().product_details[0] as WireProductDetails;
    const products = Array.from({ length: 45 }, (_, i) => ({ ...template, identifier: `p${i}` }));
    const offerings: WireOfferingsResponse = {
      current_offering_id: "big",
      offerings: [
        {
          identifier: "big",
          description: "many",
          metadata: null,
          paywall_components: null,
          packages: products.map((p, i) => ({
            identifier: `pkg_${i}`,
            platform_product_identifier: p.identifier,
          })),
        },
      ],
    };
    const seen = serve(offerings, products);
    const result = await configure().getOfferings();
    expect(seen.products.map((p) => p.getAll("id").length)).toEqual([20, 20, 5]);
    expect(result.current?.availablePackages).toHaveLength(45);
  });
});

describe("getCurrentOfferingForPlacement", () => {
  it("returns the placement's offering with the placement in every product's context", async () => {
    serve();
    const offering = await configure().getCurrentOfferingForPlacement("onboarding");
    expect(offering?.identifier).toBe("holiday");
    expect(offering?.annual?.webBillingProduct.presentedOfferingContext.placementIdentifier).toBe(
      "onboarding",
    );
  });

  it("falls back to the fallback offering for an unknown placement", async () => {
    serve();
    expect((await configure().getCurrentOfferingForPlacement("paywall_home"))?.identifier).toBe("default");
  });

  it("returns null for a placement explicitly without an offering", async () => {
    serve();
    expect(await configure().getCurrentOfferingForPlacement("disabled_spot")).toBeNull();
  });

  it("rejects an empty placement id", async () => {
    await expect(configure().getCurrentOfferingForPlacement("")).rejects.toMatchObject({
      errorCode: ErrorCode.ConfigurationError,
    });
  });
});
