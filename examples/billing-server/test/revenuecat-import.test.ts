// The RevenueCat importer: a project saved as REST API v2 answers (test/fixtures/revenuecat/, written from the
// API v2 reference's field names) becomes a catalogue parseCatalogue accepts. The fixtures are one answer per
// file: project.json (GET /projects/{id}), apps.json, products.json, entitlements.json (expand=items.product),
// offerings.json, packages-<offering>.json (GET …/offerings/{id}/packages?expand=items.product), paywalls.json
// (paywalls with expand=components), virtual-currencies.json; prices.json is the merchant's own price list.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import {
  catalogueFromRevenueCat,
  RevenueCatImportError,
  type RevenueCatExport,
  type RevenueCatImportOptions,
} from "../src/catalogue/revenuecat-import.js";

const fixture = (name: string): any =>
  JSON.parse(readFileSync(new URL(`./fixtures/revenuecat/${name}.json`, import.meta.url), "utf8"));

/** An export whose answers a test may change freely. */
type SavedProject = { [K in keyof RevenueCatExport]: any };

/** The saved project, read afresh so that a test may change it. */
function savedProject(): SavedProject {
  const offerings = fixture("offerings");
  return {
    project: fixture("project"),
    apps: fixture("apps"),
    products: fixture("products"),
    entitlements: fixture("entitlements"),
    offerings,
    packages: {
      [offerings.items[0].id]: fixture("packages-default"),
      [offerings.items[1].id]: fixture("packages-sale"),
    },
    paywalls: fixture("paywalls"),
    virtualCurrencies: fixture("virtual-currencies"),
    prices: fixture("prices"),
  };
}

const OPTIONS: RevenueCatImportOptions = {
  projectId: "realmheart",
  apiKeys: ["rcb_sb_realmheart_import", "rcb_realmheart_import"],
};

/** What converting `source` throws, as { code, message }. */
function failure(source: RevenueCatExport, options: Partial<RevenueCatImportOptions> = {}) {
  try {
    catalogueFromRevenueCat(source, { ...OPTIONS, ...options });
  } catch (error) {
    if (error instanceof RevenueCatImportError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("the conversion succeeded");
}

const convert = (source: RevenueCatExport, options: Partial<RevenueCatImportOptions> = {}) =>
  catalogueFromRevenueCat(source, { ...OPTIONS, ...options });

describe("catalogueFromRevenueCat", () => {
  it("turns the saved project into a catalogue parseCatalogue accepts, with every product's phases", () => {
    const project = parseCatalogue(convert(savedProject()).catalogue).projects[0]!;
    expect(project.name).toBe("Realmheart");
    expect(project.branding.app_name).toBe("Realmheart");
    expect(project.branding.support_email).toBe("support@realmheart.example");
    expect(project.products.map((p) => [p.identifier, p.product_type, p.title])).toEqual([
      ["premium_monthly", "subscription", "Premium (monthly)"],
      ["premium_annual", "subscription", "Premium (annual)"],
      ["premium_lifetime", "non_consumable", "Premium for life"],
      ["gems_100", "consumable", "100 gems"],
    ]);
    const [monthly, annual, lifetime, gems] = project.products;
    expect(monthly!.purchase_options).toEqual({
      base_option: {
        id: "base_option",
        price_id: "prc_premium_monthly_usd",
        base: { period_duration: "P1M", price: { amount_micros: 4990000, currency: "USD" }, cycle_count: 1 },
        trial: { period_duration: "P7D", price: null, cycle_count: 1 },
        intro_price: null,
      },
    });
    expect(annual!.purchase_options.base_option).toMatchObject({
      base: { period_duration: "P1Y", price: { amount_micros: 39990000, currency: "USD" } },
      trial: null,
    });
    expect(lifetime!.purchase_options.base_option).toEqual({
      id: "base_option",
      price_id: "prc_premium_lifetime_usd",
      base_price: { amount_micros: 99990000, currency: "USD" },
    });
    expect(gems!.virtual_currency_grants).toEqual({ GEMS: 100 });
    expect(project.virtual_currencies).toEqual([
      { code: "GEMS", name: "Gems", description: "Spent on realm upgrades." },
    ]);
  });

  it("carries over entitlements, offerings in package position order, metadata and the current offering", () => {
    const project = parseCatalogue(convert(savedProject()).catalogue).projects[0]!;
    expect(project.entitlements).toEqual([
      { identifier: "premium", products: ["premium_monthly", "premium_annual", "premium_lifetime"] },
    ]);
    const packages = (i: number) =>
      project.offerings[i]!.packages.map((p) => `${p.identifier}=${p.platform_product_identifier}`);
    expect(project.offerings.map((o) => [o.identifier, o.description, o.metadata])).toEqual([
      ["default", "Premium", { headline: "Unlock every realm" }],
      ["sale", "Winter sale", null],
    ]);
    expect(packages(0)).toEqual([
      "$rc_monthly=premium_monthly",
      "$rc_annual=premium_annual",
      "$rc_lifetime=premium_lifetime",
    ]);
    expect(packages(1)).toEqual([
      "$rc_annual=premium_annual",
      "$rc_lifetime=premium_lifetime",
      "gems=gems_100",
    ]);
    expect(project.current_offering_id).toBe("default");
  });

  it("imports a published paywall and notes one that was never published", () => {
    const { catalogue, notes } = convert(savedProject());
    const [standard, sale] = parseCatalogue(catalogue).projects[0]!.offerings;
    expect(standard!.paywall_components?.default_locale).toBe("en_US");
    expect(JSON.stringify(standard!.paywall_components).match(/"package_id":"[^"]+"/g)).toEqual([
      '"package_id":"$rc_monthly"',
      '"package_id":"$rc_annual"',
    ]);
    expect(sale!.paywall_components).toBeNull();
    expect(notes).toContain('paywall "Sale paywall" was not imported: it has never been published.');
  });

  it("reads packages embedded in the offerings (expand=items.package.product) as it reads them saved apart", () => {
    const apart = savedProject();
    const embedded = savedProject();
    for (const offering of embedded.offerings.items) offering.packages = embedded.packages![offering.id];
    delete embedded.packages;
    expect(convert(embedded).catalogue).toEqual(convert(apart).catalogue);
  });

  it("accepts plain arrays and arrays of pages, and notes a list saved without its last pages", () => {
    const source = savedProject();
    const products = source.products.items;
    source.products = products;
    source.offerings = [
      { ...source.offerings, items: source.offerings.items.slice(0, 1), next_page: "/v2/…?starting_after=x" },
      { ...source.offerings, items: source.offerings.items.slice(1), next_page: "/v2/…?starting_after=y" },
    ];
    const { catalogue, notes } = convert(source);
    const project = parseCatalogue(catalogue).projects[0]!;
    expect(project.products).toHaveLength(4);
    expect(project.offerings.map((o) => o.identifier)).toEqual(["default", "sale"]);
    expect(notes.filter((n) => n.startsWith("offerings has more pages"))).toEqual([
      "offerings has more pages than were saved (next_page /v2/…?starting_after=y): save every page to import the rest.",
    ]);
  });

  it("lets options.prices win over the export's and fills a missing currency from options, then the app", () => {
    const source = savedProject();
    source.prices!.gems_100 = { amount_micros: 2990000 };
    const fromApp = parseCatalogue(
      convert(source, { prices: { premium_annual: { amount_micros: 29990000, currency: "EUR" } } }).catalogue,
    ).projects[0]!;
    const price = (identifier: string, of = fromApp) => {
      const option: any = of.products.find((p) => p.identifier === identifier)!.purchase_options.base_option;
      return option.base?.price ?? option.base_price;
    };
    expect(price("premium_annual")).toEqual({ amount_micros: 29990000, currency: "EUR" });
    expect(price("gems_100")).toEqual({ amount_micros: 2990000, currency: "USD" });
    const fromOptions = parseCatalogue(convert(source, { currency: "ZAR" }).catalogue).projects[0]!;
    expect(price("gems_100", fromOptions)).toEqual({ amount_micros: 2990000, currency: "ZAR" });
  });

  it("refuses products without a price, naming them and saying how to give prices", () => {
    const source = savedProject();
    delete source.prices!.premium_annual;
    delete source.prices!.gems_100;
    const { code, message } = failure(source);
    expect(code).toBe("missing_prices");
    expect(message).toMatch(/no price for premium_annual, gems_100: give each one in options\.prices/);
    expect(message).not.toMatch(/premium_monthly/);
  });

  it("refuses a price that is not whole millionths of an ISO currency", () => {
    const source = savedProject();
    source.prices!.gems_100 = { amount_micros: 1.99, currency: "USD" };
    expect(failure(source)).toMatchObject({
      code: "invalid_price",
      message: expect.stringMatching(/gems_100/),
    });
    source.prices!.gems_100 = { amount_micros: 1990000, currency: "usd" };
    expect(failure(source).message).toMatch(/the price of gems_100 needs a currency, an upper-case ISO 4217/);
  });

  it("refuses an offering whose package names a product the products answer lacks", () => {
    const source = savedProject();
    source.packages!.ofrng6e7f8a9b0.items[2].products.items[0].product.id = "prodMissing01";
    expect(failure(source)).toEqual({
      code: "unknown_product",
      message:
        "package gems of offering sale names product prodMissing01, which is not in the products answer: save every page of it.",
    });
  });

  it("refuses a file that is not a RevenueCat list answer, naming it", () => {
    const source = savedProject();
    source.offerings = { object: "offering", id: "ofrng1a2b3c4d5" };
    expect(failure(source)).toEqual({
      code: "not_a_list",
      message:
        'offerings is neither a RevenueCat list answer ({ "object": "list", "items": [...] }) nor an array of its items.',
    });
    expect(failure({ ...savedProject(), products: [42] })).toMatchObject({ code: "invalid_object" });
  });

  it("refuses a duration the catalogue cannot express, naming the product and the field", () => {
    const source = savedProject();
    source.products.items[0].subscription.duration = "P1M2D";
    expect(failure(source)).toEqual({
      code: "unknown_duration",
      message: expect.stringMatching(/^the subscription\.duration of product prod5a1b2c3d4e is "P1M2D"/),
    });
    const trial = savedProject();
    trial.products.items[0].subscription.trial_duration = "P0D";
    expect(failure(trial).message).toMatch(/trial_duration of product prod5a1b2c3d4e is "P0D"/);
  });

  it("imports only the Web Billing app's products when another app shares a store identifier", () => {
    const source = savedProject();
    const ios = { object: "app", id: "app0ios00001", name: "Realmheart iOS", type: "app_store" };
    source.apps.items.push(ios);
    const iosMonthly = { ...source.products.items[0], id: "prodIos000001", app_id: ios.id };
    source.products.items.push(iosMonthly);
    source.entitlements.items[0].products.items.push(iosMonthly);
    const monthly = source.packages!.ofrng1a2b3c4d5.items[1];
    monthly.products.items.unshift({ product: iosMonthly, eligibility_criteria: "all" });
    const { catalogue, notes } = convert(source);
    const project = parseCatalogue(catalogue).projects[0]!;
    expect(project.products.map((p) => p.identifier)).toEqual([
      "premium_monthly",
      "premium_annual",
      "premium_lifetime",
      "gems_100",
    ]);
    expect(project.entitlements[0]!.products).toEqual([
      "premium_monthly",
      "premium_annual",
      "premium_lifetime",
    ]);
    expect(notes).toContain(
      'product premium_monthly of app "Realmheart iOS" (app0ios00001, app_store) was skipped: only app app7f3e2d1c0b\'s are imported.',
    );
    expect(failure({ ...source, apps: [ios] }).code).toBe("no_app");
  });

  it("notes what it did not carry over or guessed", () => {
    const source = savedProject();
    const [monthly, , lifetime] = source.products.items;
    monthly.subscription.grace_period_duration = "P3D";
    lifetime.type = "one_time";
    lifetime.one_time = null;
    source.products.items.push({
      ...monthly,
      id: "prodNr0000001",
      store_identifier: "pass",
      type: "non_renewing_subscription",
    });
    source.offerings.items[0].is_current = false;
    delete source.entitlements.items[0].products;
    const { catalogue, notes } = convert(source);
    const project = parseCatalogue(catalogue).projects[0]!;
    expect(project.products.find((p) => p.identifier === "premium_lifetime")!.product_type).toBe(
      "non_consumable",
    );
    expect(project.products.map((p) => p.identifier)).not.toContain("pass");
    expect(project.entitlements).toEqual([]);
    expect(project.current_offering_id).toBeNull();
    expect(notes).toEqual(
      expect.arrayContaining([
        "the grace period P3D of premium_monthly was not carried over: the catalogue has none per product.",
        "one-time product premium_lifetime does not say whether it is consumable: it was imported as non_consumable.",
        "product pass is a non_renewing_subscription, which the billing server does not sell: it was not imported.",
        "entitlement premium was saved without its products (expand=items.product): it was not carried over.",
        "no imported offering is current: current_offering_id is null.",
        "RevenueCat's API v2 has no product descriptions, introductory prices, subscription groups, placements or targeting: add them to the catalogue by hand.",
      ]),
    );
  });

  it("drops a package whose product is not imported, and an offering left without packages", () => {
    const source = savedProject();
    source.products.items[3].type = "non_renewing_subscription";
    source.packages!.ofrng6e7f8a9b0.items = source.packages!.ofrng6e7f8a9b0.items.slice(2);
    const { catalogue, notes } = convert(source);
    const project = parseCatalogue(catalogue).projects[0]!;
    expect(project.offerings.map((o) => o.identifier)).toEqual(["default"]);
    expect(notes).toContain(
      "package gems of offering sale sells no product the catalogue imported: it was not carried over.",
    );
    expect(notes).toContain(
      'paywall "Sale paywall" was not imported: it is for offering ofrng6e7f8a9b0, which is not in the catalogue.',
    );
  });
});
