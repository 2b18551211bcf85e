import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import {
  ErrorCode,
  LogLevel,
  OfferingKeyword,
  PackageType,
  Purchases,
  type PurchasesEnvironment,
} from "../../src/index";
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

  it("takes the products sent along with the offerings (this billing server) and asks for them no more", async () => {
    const asked: URLSearchParams[] = [];
    const seen = serve();
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          ...fixtures.offerings(),
          product_details: fixtures.products().product_details,
        });
      }),
    );
    const purchases = configure();
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    expect(asked.map(String)).toEqual(["include=product_details%2Cbranding&currency=ZAR"]);
    expect(seen.products).toEqual([]);
    expect(offerings.current?.monthly?.webBillingProduct.currentPrice.amountMicros).toBe(99_000_000);
    // Another currency is another answer, with its own products; the same currency again is the kept one.
    await purchases.getOfferings({ currency: "USD" });
    await purchases.getOfferings({ currency: "ZAR" });
    expect(asked.map(String)).toEqual([
      "include=product_details%2Cbranding&currency=ZAR",
      "include=product_details%2Cbranding&currency=USD",
    ]);
    expect(seen.products).toEqual([]);
  });

  it("asks for the products when the offerings come without them (a server that does not send them along)", async () => {
    const seen = serve();
    await configure().getOfferings();
    expect(seen.offerings).toBe(1);
    expect(seen.products).toHaveLength(1);
    expect(seen.products[0]?.has("currency")).toBe(false);
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

describe("purchases-js shapes of offerings (SDK parity)", () => {
  it('returns the current offering for OfferingKeyword.Current and for the text "current"', async () => {
    const seen = serve();
    const purchases = configure();
    for (const offeringIdentifier of [OfferingKeyword.Current, "current"]) {
      const offerings = await purchases.getOfferings({ offeringIdentifier });
      expect(Object.keys(offerings.all)).toEqual(["default"]);
      expect(offerings.current?.identifier).toBe("default");
    }
    expect(seen.offerings).toBe(1);
  });

  it("returns no offering for OfferingKeyword.Current when the project has no current offering", async () => {
    serve({ ...fixtures.offerings(), current_offering_id: null });
    const offerings = await configure().getOfferings({ offeringIdentifier: OfferingKeyword.Current });
    expect(offerings).toEqual({ all: {}, current: null });
  });

  it("gives products a price (currentPrice is the same value) and packages rcBillingProduct", async () => {
    serve();
    const monthly = (await configure().getOfferings()).current!.monthly!;
    const product = monthly.webBillingProduct;
    expect(product.price).toMatchObject({ amountMicros: 99_000_000, currency: "ZAR" });
    expect(product.currentPrice).toBe(product.price);
    expect(monthly.rcBillingProduct).toBe(product);
  });

  it("tells whether an offering has a paywall", async () => {
    const wire = fixtures.offerings();
    wire.offerings[1]!.paywall_components = fixtures.offerings().offerings[0]!.paywall_components ?? {
      default_locale: "en",
    };
    serve(wire);
    const { all } = await configure().getOfferings();
    expect(all.default?.hasPaywall).toBe(false);
    expect(all.holiday?.hasPaywall).toBe(true);
  });

  it("passes web checkout URLs through, and gives null where the backend sends none", async () => {
    const wire = fixtures.offerings();
    const holiday = wire.offerings[1]!;
    holiday.web_checkout_url = "https://pay.example.test/holiday";
    holiday.packages[0]!.web_checkout_url = "https://pay.example.test/holiday/annual";
    wire.offerings[0]!.web_checkout_url = "";
    serve(wire);
    const { all } = await configure().getOfferings();
    expect(all.holiday?.webCheckoutURL).toBe("https://pay.example.test/holiday");
    expect(all.holiday?.annual?.webCheckoutURL).toBe("https://pay.example.test/holiday/annual");
    expect(all.default?.webCheckoutURL).toBeNull();
    expect(all.default?.monthly?.webCheckoutURL).toBeNull();
  });

  it("shows an annual package's monthly price from its own period, cut to the cent", async () => {
    const products = fixtures.products().product_details;
    const annual = products.find((p) => p.identifier === "premium_realm_annual")!;
    const option = annual.purchase_options.annual_option as { base: { price: { amount_micros: number } } };
    option.base.price = { ...option.base.price, amount_micros: 119_990_000 };
    serve(fixtures.offerings(), products);
    const base = (await configure().getOfferings()).current!.annual!.webBillingProduct
      .defaultSubscriptionOption!.base;
    expect(base.pricePerMonth?.amountMicros).toBe(9_990_000);
    expect(base.pricePerYear?.amountMicros).toBe(119_990_000);
  });
});

describe("invalidateOfferingsCache", () => {
  it("makes the next getOfferings fetch offerings and products again", async () => {
    const seen = serve();
    const purchases = configure();
    await purchases.getOfferings();
    await purchases.getOfferings();
    expect([seen.offerings, seen.products.length]).toEqual([1, 1]);
    purchases.invalidateOfferingsCache();
    await purchases.getOfferings();
    expect([seen.offerings, seen.products.length]).toEqual([2, 2]);
  });

  it("serves a changed catalogue after the invalidation", async () => {
    const wire = fixtures.offerings();
    let current = "default";
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () =>
        HttpResponse.json({ ...wire, current_offering_id: current }),
      ),
      http.get(`${TEST_BASE_URL}/rcbilling/v1/subscribers/:id/products`, () =>
        HttpResponse.json(fixtures.products()),
      ),
    );
    const purchases = configure();
    expect((await purchases.getOfferings()).current?.identifier).toBe("default");
    current = "holiday";
    expect((await purchases.getOfferings()).current?.identifier).toBe("default");
    purchases.invalidateOfferingsCache();
    expect((await purchases.getOfferings()).current?.identifier).toBe("holiday");
  });
});

describe("the configured locale (issue #22)", () => {
  it('formats prices in the locale given to configure: ZAR 99 in "en-ZA" is "R 99,00" (a no-break space)', async () => {
    serve();
    const purchases = Purchases.configure({
      apiKey: "rcb_sb_abc",
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      flags: { collectAnalyticsEvents: false },
      locale: "en-ZA",
    });
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    expect(offerings.current?.monthly?.webBillingProduct.currentPrice.formattedPrice).toBe("R\u00a099,00");
  });

  it("logs the number of offerings fetched at LogLevel.Info", async () => {
    serve();
    const lines: string[] = [];
    Purchases.setLogHandler((level, message) => {
      if (level === LogLevel.Info) lines.push(message);
    });
    Purchases.setLogLevel(LogLevel.Info);
    try {
      const offerings = await configure().getOfferings();
      expect(lines).toContain(`${fixtures.offerings().offerings.length} offerings fetched.`);
      expect(Object.keys(offerings.all).length).toBeGreaterThan(0);
    } finally {
      Purchases.setLogHandler(null);
      Purchases.setLogLevel(LogLevel.Warn);
    }
  });
});
