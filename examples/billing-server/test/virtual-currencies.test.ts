// Virtual currencies: the catalogue's currencies and grants, balances granted exactly once per purchase period
// (Test Store receipts, Stripe's webhook, renewals), and the route the SDKs call.
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { customers, virtualCurrencyBalances, virtualCurrencyGrants } from "../src/db/schema.js";
import { periodGrants } from "../src/domain/virtual-currencies.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { KEYS, testCatalogue } from "./support/catalogue.js";
import { checkoutCall, startCheckoutServer, type CheckoutServer } from "./support/checkout-server.js";
import { newFetchToken, postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

/** How this file imports a changed catalogue, as an operator would. */
const TEST_IMPORT = { source: "a test's catalogue", actor: "test" };

// The shared protocol fixture the SDK's tests use: the server's answers must have the same fields.
const fixture = JSON.parse(
  readFileSync(new URL("../../../fixtures/protocol/virtual-currencies.json", import.meta.url), "utf8"),
);

const DAY = 86_400_000;
const user = () => `vc_${randomUUID()}`;

/** The arcade project's answer for a customer holding `gems` and `coins`. */
const arcadeBalances = (gems: number, coins: number) => ({
  virtual_currencies: {
    GEMS: { balance: gems, code: "GEMS", name: "Gems", description: "Spent on power-ups." },
    COINS: { balance: coins, code: "COINS", name: "Coins", description: null },
  },
});

describe("what a purchase period grants", () => {
  it("grants a paid period's amounts and nothing for a free trial", () => {
    expect(periodGrants("normal", { GEMS: 100, COINS: 5 })).toEqual([
      ["GEMS", 100],
      ["COINS", 5],
    ]);
    expect(periodGrants("intro", { GEMS: 100 })).toEqual([["GEMS", 100]]);
    expect(periodGrants("trial", { GEMS: 100 })).toEqual([]);
  });
});

describe("virtual currencies in the catalogue", () => {
  const withArcade = (change: (arcade: any) => void) => {
    const catalogue = structuredClone(testCatalogue()) as any;
    change(catalogue.projects.find((p: { id: string }) => p.id === "arcade"));
    return () => parseCatalogue(catalogue);
  };

  it("refuses a product that grants a currency the project does not have", () => {
    expect(withArcade((a) => (a.products[0].virtual_currency_grants = { RUBIES: 5 }))).toThrow(
      /project arcade: product gems_100 grants unknown virtual currency RUBIES/,
    );
  });

  it("refuses a code used twice, a malformed code and a grant that is not a positive whole number", () => {
    expect(withArcade((a) => a.virtual_currencies.push({ code: "GEMS", name: "More gems" }))).toThrow(
      /a virtual currency code is used twice/,
    );
    expect(withArcade((a) => (a.virtual_currencies[0].code = "GEMS/1"))).toThrow(
      /virtual currency codes are 1-40 letters/,
    );
    expect(withArcade((a) => (a.products[0].virtual_currency_grants = { GEMS: 0 }))).toThrow(
      /virtual_currency_grants/,
    );
    expect(withArcade((a) => (a.products[0].virtual_currency_grants = { GEMS: 2.5 }))).toThrow(
      /virtual_currency_grants/,
    );
  });
});

describe.each(DATABASES)("virtual currency balances on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const balances = (appUserId: string, key: string = KEYS.arcadeTest) =>
    call(server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}/virtual_currencies`, { key });
  const buy = (appUserId: string, productId: string, fetchToken?: string) =>
    postTestStoreReceipt(server, appUserId, { key: KEYS.arcadeTest, productId, fetchToken });

  it("answers every currency at 0 for a customer never seen, in catalogue order, creating no customer", async () => {
    const appUserId = user();
    const answer = await balances(appUserId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(arcadeBalances(0, 0));
    expect(Object.keys(answer.body.virtual_currencies)).toEqual(["GEMS", "COINS"]);
    expect(Object.keys(answer.body.virtual_currencies.GEMS).sort()).toEqual(
      Object.keys(fixture.virtual_currencies.GEMS).sort(),
    );
    const rows = await server.database.db.select().from(customers).where(eq(customers.appUserId, appUserId));
    expect(rows).toHaveLength(0);
  });

  it("answers an empty map for a project without virtual currencies", async () => {
    const answer = await balances(user(), KEYS.test);
    expect(answer).toMatchObject({ status: 200, body: { virtual_currencies: {} } });
  });

  it("grants 100 gems for a Test Store purchase of the consumable, once when the receipt is replayed", async () => {
    const appUserId = user();
    const fetchToken = newFetchToken();
    await buy(appUserId, "gems_100", fetchToken);
    await buy(appUserId, "gems_100", fetchToken);
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(100, 0));
    await buy(appUserId, "gems_100");
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(200, 0));
    const grants = await server.database.db
      .select()
      .from(virtualCurrencyGrants)
      .where(eq(virtualCurrencyGrants.appUserId, appUserId));
    expect(grants.map((g) => [g.code, g.amount, g.productId])).toEqual([
      ["GEMS", 100, "gems_100"],
      ["GEMS", 100, "gems_100"],
    ]);
  });

  it("grants a replayed receipt once when its copies arrive at the same time", async () => {
    const appUserId = user();
    const fetchToken = newFetchToken();
    await Promise.all([1, 2, 3, 4].map(() => buy(appUserId, "gems_100", fetchToken)));
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(100, 0));
  });

  it("grants nothing for the pass's free trial, then its amounts once for each paid renewal", async () => {
    const appUserId = user();
    await buy(appUserId, "arcade_pass_monthly");
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(0, 0));

    const ctx = { db: server.database.db, now: () => server.clock.now };
    server.clock.advance(8 * DAY); // past the week's trial
    await runLifecycle(ctx);
    await runLifecycle(ctx); // a second pass at the same instant settles nothing twice
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(10, 50));

    server.clock.advance(31 * DAY);
    await runLifecycle(ctx);
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(20, 100));
  });

  it("keeps balances per customer and per project", async () => {
    const buyer = user();
    await buy(buyer, "gems_100");
    expect((await balances(user())).body).toEqual(arcadeBalances(0, 0));
    expect((await balances(buyer, KEYS.otherProject)).body).toEqual({ virtual_currencies: {} });
    const rows = await server.database.db
      .select()
      .from(virtualCurrencyBalances)
      .where(
        and(eq(virtualCurrencyBalances.appUserId, buyer), eq(virtualCurrencyBalances.projectId, "other")),
      );
    expect(rows).toHaveLength(0);
  });

  it("keeps balances when a new version of the catalogue is imported", async () => {
    const appUserId = user();
    await buy(appUserId, "gems_100");
    const { importCatalogue } = await import("../src/catalogue/catalogue-versions.js");
    const renamed = testCatalogue();
    renamed.projects[0]!.name += " (renamed)";
    expect((await importCatalogue(server.database.db, renamed, TEST_IMPORT)).changed).toBe(true);
    expect((await balances(appUserId)).body).toEqual(arcadeBalances(100, 0));
  });

  it("refuses a missing or unknown API key with 401 and code 7225", async () => {
    expect(await balances(user(), "rcb_sb_not_a_key")).toMatchObject({ status: 401, body: { code: 7225 } });
    const path = `/v1/subscribers/${user()}/virtual_currencies`;
    expect(await call(server, "GET", path, { key: null })).toMatchObject({
      status: 401,
      body: { code: 7225 },
    });
  });

  it("refuses invalid app user ids with 400 and code 7220, and unstorable ones with 400", async () => {
    for (const id of ["null", " unknown ", "x".repeat(257)]) {
      expect(await balances(id)).toMatchObject({ status: 400, body: { code: 7220 } });
    }
    const nul = await call(server, "GET", "/v1/subscribers/nul%00user/virtual_currencies", {
      key: KEYS.arcadeTest,
    });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/without NUL characters/);
  });

  it("answers CORS like the other subscriber routes: only origins the key's project allows", async () => {
    const path = `/v1/subscribers/${user()}/virtual_currencies`;
    const from = (origin: string, key: string) => call(server, "GET", path, { key, headers: { origin } });
    const allowed = await from("https://other.example", KEYS.otherProject);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://other.example");
    const refused = await from("https://elsewhere.example", KEYS.otherProject);
    expect(refused).toMatchObject({ status: 403, body: { code: 7225 } });
    const preflight = await fetch(`${server.url}${path}`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/);
  });
});

describe.each(DATABASES)("virtual currencies from Stripe checkouts on %s", (kind) => {
  let checkout: CheckoutServer;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind);
  });
  afterAll(() => checkout.close());

  const balances = async (appUserId: string) =>
    (
      await call(checkout.server, "GET", `/v1/subscribers/${appUserId}/virtual_currencies`, {
        key: KEYS.arcadeSandbox,
      })
    ).body;

  /** Starts and completes a checkout of the 100 gems with the arcade's sandbox key; @returns the client secret. */
  async function completedGemsCheckout(appUserId: string): Promise<string> {
    const post = (path: string, body: unknown) =>
      checkoutCall(checkout.server, "POST", path, body, KEYS.arcadeSandbox);
    const start = await post("/start", {
      app_user_id: appUserId,
      product_id: "gems_100",
      price_id: "prc_gems_100",
      presented_offering_identifier: "store",
      trace_id: "trace_gems",
    });
    expect(start.status).toBe(200);
    const id: string = start.body.operation_session_id;
    const complete = await post(`/${id}/complete`, { email: "gems@example.com" });
    expect(complete.status).toBe(200);
    return complete.body.gateway_params.client_secret;
  }

  it("grants the gems once when Stripe's success event is delivered again, also concurrently", async () => {
    const appUserId = user();
    const delivery = await checkout.stripe.confirm(await completedGemsCheckout(appUserId), "succeeded");
    expect(delivery.body.result).toBe("succeeded");
    const replays = await Promise.all([1, 2, 3].map(() => checkout.stripe.deliver(delivery.event)));
    expect(replays.map((d) => [d.status, d.body.result])).toEqual([
      [200, "ignored"],
      [200, "ignored"],
      [200, "ignored"],
    ]);
    expect(await balances(appUserId)).toEqual(arcadeBalances(100, 0));
  });

  it("grants nothing when the payment is declined", async () => {
    const appUserId = user();
    const delivery = await checkout.stripe.confirm(await completedGemsCheckout(appUserId), "declined");
    expect(delivery.body.result).toBe("failed");
    expect(await balances(appUserId)).toEqual(arcadeBalances(0, 0));
  });
});
