import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, testCatalogue } from "./support/catalogue.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

describe.each(DATABASES)("catalogue calls on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it("serves the reference offering: default with monthly and annual packages, its paywall and ui_config", async () => {
    const { status, body } = await call(server, "GET", "/v1/subscribers/user_1/offerings");
    expect(status).toBe(200);
    const realmheart = testCatalogue().projects.find((p) => p.id === "realmheart")!;
    expect(body).toEqual({
      current_offering_id: "default",
      offerings: [
        {
          identifier: "default",
          description: "Premium Realm",
          metadata: null,
          packages: [
            {
              identifier: "$rc_monthly",
              platform_product_identifier: "premium_realm_monthly",
              web_checkout_url: null,
            },
            {
              identifier: "$rc_annual",
              platform_product_identifier: "premium_realm_annual",
              web_checkout_url: null,
            },
          ],
          paywall_components: realmheart.offerings[0]!.paywall_components,
          web_checkout_url: null,
        },
      ],
      placements: null,
      targeting: null,
      ui_config: realmheart.ui_config,
    });
    expect(body.offerings[0].paywall_components).toMatchObject({
      default_locale: "en",
      components_config: { base: { stack: { type: "stack" }, sticky_footer: { type: "footer" } } },
    });
    expect(Object.keys(body.ui_config.app.colors)).toContain("primary");
  });

  it("sends an empty ui_config for a project that sets none (purchases-js's renderers read it unchecked)", async () => {
    const { body } = await call(server, "GET", "/v1/subscribers/user_1/offerings", { key: KEYS.arcadeTest });
    expect(body.ui_config).toEqual({ app: { colors: {}, fonts: {} }, custom_variables: {} });
  });

  it("serves the annual package's product: R990 a year with a 7-day trial, granting premium", async () => {
    const { body } = await call(
      server,
      "GET",
      "/rcbilling/v1/subscribers/user_1/products?id=premium_realm_annual&currency=ZAR",
    );
    const option = body.product_details[0].purchase_options.base_option;
    expect(option.base).toEqual({
      period_duration: "P1Y",
      price: { amount_micros: 990_000_000, currency: "ZAR" },
      cycle_count: 1,
    });
    expect(option.trial).toEqual({ period_duration: "P1W", price: null, cycle_count: 1 });
    const realmheart = testCatalogue().projects.find((p) => p.id === "realmheart")!;
    expect(realmheart.entitlements).toEqual([
      { identifier: "premium", products: ["premium_realm_monthly", "premium_realm_annual"] },
    ]);
  });

  it("serves Premium Realm: 99,000,000 micros ZAR per month with a 7-day trial", async () => {
    const { status, body } = await call(
      server,
      "GET",
      "/rcbilling/v1/subscribers/user_1/products?id=premium_realm_monthly&id=unknown&currency=ZAR",
    );
    expect(status).toBe(200);
    expect(body.product_details).toHaveLength(1);
    const option = body.product_details[0].purchase_options.base_option;
    expect(option.base).toEqual({
      period_duration: "P1M",
      price: { amount_micros: 99_000_000, currency: "ZAR" },
      cycle_count: 1,
    });
    expect(option.trial).toEqual({ period_duration: "P1W", price: null, cycle_count: 1 });
  });

  it("rejects malformed product queries with 400 and a code", async () => {
    const noIds = await call(server, "GET", "/rcbilling/v1/subscribers/user_1/products");
    expect(noIds.status).toBe(400);
    expect(noIds.body.code).toBe(7662);
    const badCurrency = await call(
      server,
      "GET",
      "/rcbilling/v1/subscribers/user_1/products?id=a&currency=zar",
    );
    expect(badCurrency.status).toBe(400);
    expect(typeof badCurrency.body.message).toBe("string");
  });

  it("sends the offerings' products along when asked (include=product_details), as the products call lists them", async () => {
    const { status, body } = await call(
      server,
      "GET",
      "/v1/subscribers/user_1/offerings?include=product_details&currency=ZAR",
    );
    expect(status).toBe(200);
    const products = await call(
      server,
      "GET",
      "/rcbilling/v1/subscribers/user_1/products?id=premium_realm_monthly&id=premium_realm_annual&currency=ZAR",
    );
    expect(body.product_details).toEqual(products.body.product_details);
    expect(body.product_details.map((p: { identifier: string }) => p.identifier)).toEqual([
      "premium_realm_monthly",
      "premium_realm_annual",
    ]);
    // The rest of the answer is the offerings' own.
    const plain = await call(server, "GET", "/v1/subscribers/user_1/offerings");
    const { product_details: _sent, ...rest } = body;
    expect(rest).toEqual(plain.body);
    expect(plain.body).not.toHaveProperty("product_details");
  });

  it("sends the project's branding along when asked (include=branding), as the branding call answers it", async () => {
    const { status, body } = await call(
      server,
      "GET",
      "/v1/subscribers/user_1/offerings?include=product_details,branding",
    );
    expect(status).toBe(200);
    const branding = await call(server, "GET", "/rcbilling/v1/branding");
    expect(body.branding).toEqual(branding.body);
    expect(Object.keys(body.branding)).toContain("app_name");
    expect(body.product_details).toHaveLength(2);
    const alone = await call(server, "GET", "/v1/subscribers/user_1/offerings?include=branding");
    expect(alone.body.branding).toEqual(branding.body);
    expect(alone.body).not.toHaveProperty("product_details");
  });

  it("refuses an unknown include or a malformed currency on the offerings call with 400 naming it", async () => {
    const include = await call(server, "GET", "/v1/subscribers/user_1/offerings?include=everything");
    expect(include.status).toBe(400);
    expect(include.body.message).toContain('include lists "product_details", "branding" or both');
    const currency = await call(
      server,
      "GET",
      "/v1/subscribers/user_1/offerings?include=product_details&currency=zar",
    );
    expect(currency.status).toBe(400);
    expect(currency.body.message).toContain("currency must be three uppercase letters");
  });

  it("serves the project's branding", async () => {
    const { body } = await call(server, "GET", "/rcbilling/v1/branding");
    expect(body).toMatchObject({ app_name: "Realmheart", gateway_tax_collection_enabled: true });
  });

  it.each([
    ["GET", "/v1/subscribers/user_1/offerings"],
    ["GET", "/rcbilling/v1/subscribers/user_1/products?id=premium_realm_monthly"],
    ["GET", "/v1/subscribers/user_1"],
    ["GET", "/rcbilling/v1/branding"],
    ["POST", "/v1/receipts"],
    ["POST", "/v1/events"],
    ["POST", "/v1/subscribers/user_1/attributes"],
  ] as const)("answers %s %s with 401 and code 7225 for a wrong or missing key", async (method, path) => {
    for (const key of ["rcb_sb_not_a_key", null]) {
      const { status, body } = await call(server, method, path, {
        key,
        body: method === "POST" ? {} : undefined,
      });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 7225, message: "Invalid API key." });
    }
  });

  it("shows each key only its own project's catalogue", async () => {
    const { body } = await call(server, "GET", "/v1/subscribers/user_1/offerings", {
      key: KEYS.otherProject,
    });
    expect(body.offerings.map((o: { identifier: string }) => o.identifier)).toEqual(["main"]);
    const products = await call(
      server,
      "GET",
      "/rcbilling/v1/subscribers/user_1/products?id=premium_realm_monthly",
      {
        key: KEYS.otherProject,
      },
    );
    expect(products.body.product_details).toEqual([]);
  });

  it("answers CORS preflights and allows only the project's origins on real requests", async () => {
    const preflight = await fetch(`${server.url}/v1/subscribers/u/offerings`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,x-is-sandbox",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("x-is-sandbox");
    const any = await call(server, "GET", "/rcbilling/v1/branding", {
      headers: { origin: "https://app.example" },
    });
    expect(any.headers.get("access-control-allow-origin")).toBe("*");
    const listed = await call(server, "GET", "/rcbilling/v1/branding", {
      key: KEYS.otherProject,
      headers: { origin: "https://other.example" },
    });
    expect(listed.headers.get("access-control-allow-origin")).toBe("https://other.example");
    const unlisted = await call(server, "GET", "/rcbilling/v1/branding", {
      key: KEYS.otherProject,
      headers: { origin: "https://evil.example" },
    });
    expect(unlisted).toMatchObject({ status: 403, body: { code: 7225 } });
  });

  it("rejects blocked app user ids with 7220", async () => {
    const { status, body } = await call(server, "GET", "/v1/subscribers/null/offerings");
    expect(status).toBe(400);
    expect(body.code).toBe(7220);
  });

  it("answers malformed JSON with 400 and a code, never 500", async () => {
    const { status, body } = await call(server, "POST", "/v1/events", { rawBody: "{not json" });
    expect(status).toBe(400);
    expect(body.code).toBe(7226);
  });
});
