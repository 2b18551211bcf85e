// Promotion codes: judged when applied (PATCH /rcbilling/v1/checkout/{id}) and again at complete, taken off the
// price tax is calculated on and the amount charged (fake Stripe and Test Store receipts), counted once per purchase.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { importCatalogue } from "../src/catalogue/catalogue-versions.js";
import { promotionCodes, purchases } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { checkoutCatalogue, useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";
import { newFetchToken } from "./support/test-store-receipt.js";

/** How this file imports a changed catalogue, as an operator would. */
const TEST_IMPORT = { source: "a test's catalogue", actor: "test" };

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/protocol/${name}.json`, import.meta.url), "utf8"));

/** Premium Realm's paid option: R99 charged at checkout, no trial. */
const NO_TRIAL = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };
const GEMS = { product_id: "dragon_gems", price_id: "prc_dragon_gems" };
const ZA = { country_code: "ZA", postal_code: "8001" };

describe.each(DATABASES)("promotion codes on %s", (kind) => {
  const { checkout, server, post, start, session } = useCheckoutServer(kind);
  let users = 0;
  const user = () => `discount_user_${++users}`;
  const patch = (id: string, body: unknown, key: string = KEYS.sandbox) =>
    call(server(), "PATCH", `/rcbilling/v1/checkout/${id}`, { key, body });
  const redemptions = async (code: string) => {
    const [row] = await server()
      .database.db.select()
      .from(promotionCodes)
      .where(and(eq(promotionCodes.projectId, "realmheart"), eq(promotionCodes.code, code)));
    return row?.redemptionCount;
  };
  /** complete → the customer confirms in Stripe.js → Stripe's webhook. */
  const pay = async (id: string) => {
    const complete = await post(`/${id}/complete`, { email: "ada@example.com" });
    expect(complete.status).toBe(200);
    const clientSecret: string = complete.body.gateway_params.client_secret;
    const delivery = await checkout().stripe.confirm(clientSecret, "succeeded");
    expect(delivery.status).toBe(200);
    return { intent: checkout().stripe.intentBySecret(clientSecret), delivery };
  };
  const expectRefused = (response: { status: number; body: any }, code: number) => {
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code, message: expect.any(String) });
  };

  it("takes 10 % off the price, taxes the rest, charges exactly the total shown and records the discounted price", async () => {
    const appUserId = user();
    const id = await start(appUserId, NO_TRIAL);
    const priced = await patch(id, { ...ZA, discount_code: " welcome10 " });
    expect(priced.status).toBe(200);
    expect(priced.body).toEqual({ ...fixture("checkout-pricing-discount"), operation_session_id: id });
    // A later tax calculation keeps the code.
    const taxes = await post(`/${id}/calculate_taxes`, ZA);
    expect(taxes.body).toMatchObject({
      total_amount_in_micros: 102_470_000,
      applied_discounts: [{ percentage: 10 }],
    });

    const { intent } = await pay(id);
    expect(intent).toMatchObject({ object: "payment_intent", amount: 10247, currency: "zar" });
    const [purchase] = await server()
      .database.db.select()
      .from(purchases)
      .where(eq(purchases.appUserId, appUserId));
    expect(purchase).toMatchObject({ priceMicros: 89_100_000, currency: "ZAR", periodType: "normal" });
    expect(await redemptions("WELCOME10")).toBe(1);
  });

  it("takes a fixed amount off the product it names, and a 100 % code turns the payment into a card setup", async () => {
    const id = await start(user(), GEMS);
    const priced = await patch(id, { discount_code: "GEMS5" });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({
      original_amount_in_micros: 49_990_000,
      total_excluding_tax_in_micros: 44_990_000,
      applied_discounts: [
        { discount_code: "GEMS5", discounted_amount_in_micros: 5_000_000, percentage: null },
      ],
      failed_reason: "invalid_tax_location",
    });
    expect((await pay(id)).intent).toMatchObject({ object: "payment_intent", amount: 4499 });

    const free = await start(user(), GEMS);
    const freePriced = await patch(free, { ...ZA, discount_code: "FREEGEMS" });
    expect(freePriced.body).toMatchObject({
      total_amount_in_micros: 0,
      gateway_params: { elements_configuration: { mode: "setup", amount: 0 } },
    });
    expect((await pay(free)).intent).toMatchObject({ object: "setup_intent" });
  });

  it("refuses an unknown, expired, not yet valid or inapplicable code with its own code and keeps the price", async () => {
    const id = await start(user(), NO_TRIAL);
    expectRefused(await patch(id, { ...ZA, discount_code: "NOPE" }), 7815);
    expectRefused(await patch(id, { ...ZA, discount_code: "" }), 7815);
    expectRefused(await patch(id, { ...ZA, discount_code: "SPRING" }), 7816);
    expectRefused(await patch(id, { ...ZA, discount_code: "NEWYEAR" }), 7816);
    expectRefused(await patch(id, { ...ZA, discount_code: "GEMS5" }), 7817); // another product
    expectRefused(await patch(id, { ...ZA, discount_code: "USD5" }), 7817); // another currency
    const trial = await start(user());
    expectRefused(await patch(trial, { ...ZA, discount_code: "WELCOME10" }), 7817); // nothing charged now
    expect((await session(id))?.gateway).not.toHaveProperty("discount.code");
    const priced = await patch(id, ZA);
    expect(priced.body).toMatchObject({ total_excluding_tax_in_micros: 99_000_000, applied_discounts: [] });
  });

  it("removes a code with null and keeps it when discount_code is absent", async () => {
    const id = await start(user(), NO_TRIAL);
    await patch(id, { discount_code: "WELCOME10" });
    expect((await patch(id, ZA)).body.applied_discounts).toHaveLength(1);
    const removed = await patch(id, { ...ZA, discount_code: null });
    expect(removed.body).toMatchObject({ total_amount_in_micros: 113_850_000, applied_discounts: [] });
    expect((await pay(id)).intent).toMatchObject({ amount: 11385 });
  });

  it("refuses a code another checkout holds or used up at apply, and counts a replayed webhook once", async () => {
    const first = await start(user(), NO_TRIAL);
    const second = await start(user(), NO_TRIAL);
    expect((await patch(first, { discount_code: "ONCE" })).status).toBe(200);
    expectRefused(await patch(second, { discount_code: "ONCE" }), 7818);
    expect((await patch(first, { discount_code: "ONCE" })).status).toBe(200); // applying again takes nothing more
    expect(await redemptions("ONCE")).toBe(0);

    const { delivery } = await pay(first);
    const replay = await checkout().stripe.deliver(delivery.event);
    expect(replay.status).toBe(200);
    expect(await redemptions("ONCE")).toBe(1);

    expectRefused(await patch(second, { discount_code: "ONCE" }), 7818);
    expect((await session(second))?.status).toBe("started");
  });

  it("keeps the code fixed once the checkout was submitted (7878), while re-sending the same code is fine", async () => {
    const id = await start(user(), NO_TRIAL);
    await patch(id, { discount_code: "WELCOME10" });
    expect((await post(`/${id}/complete`, { email: "ada@example.com" })).status).toBe(200);
    expectRefused(await patch(id, { discount_code: null }), 7878);
    expect((await patch(id, { ...ZA, discount_code: "welcome10" })).status).toBe(200);
  });

  it("discounts a Test Store receipt and counts it once however often the receipt is replayed", async () => {
    const appUserId = user();
    const body = {
      fetch_token: newFetchToken(),
      product_id: "dragon_gems",
      app_user_id: appUserId,
      discount_code: "gems5",
    };
    const before = await redemptions("GEMS5");
    for (let i = 0; i < 2; i++) {
      const answer = await call(server(), "POST", "/v1/receipts", { key: KEYS.test, body });
      expect(answer.status).toBe(200);
    }
    const rows = await server()
      .database.db.select()
      .from(purchases)
      .where(eq(purchases.appUserId, appUserId));
    expect(rows.map((row) => row.priceMicros)).toEqual([44_990_000]);
    expect(await redemptions("GEMS5")).toBe((before ?? 0) + 1);

    const refused = await call(server(), "POST", "/v1/receipts", {
      key: KEYS.test,
      body: { ...body, fetch_token: newFetchToken(), discount_code: "SPRING" },
    });
    expectRefused(refused, 7816);
    expect(
      await server().database.db.select().from(purchases).where(eq(purchases.appUserId, appUserId)),
    ).toHaveLength(1);
  });

  it("accepts null metadata values (the peer's PurchaseMetadata) and stores only the strings", async () => {
    const id = await start(user(), { metadata: { campaign: "spring", utm_source: null } });
    expect((await session(id))?.metadata).toEqual({ campaign: "spring" });
  });

  it("keeps a code's redemption count when a new catalogue version is imported, and drops codes it no longer lists", async () => {
    const before = await redemptions("WELCOME10");
    expect(before).toBeGreaterThan(0);
    const renamed = checkoutCatalogue();
    renamed.projects[0]!.name += " (renamed)";
    expect((await importCatalogue(server().database.db, renamed, TEST_IMPORT)).changed).toBe(true);
    expect(await redemptions("WELCOME10")).toBe(before);
    const trimmed = checkoutCatalogue();
    const realmheart = trimmed.projects.find((p) => p.id === "realmheart")!;
    realmheart.promotion_codes = realmheart.promotion_codes.filter((c) => c.code !== "SPRING");
    await importCatalogue(server().database.db, trimmed, TEST_IMPORT);
    expect(await redemptions("SPRING")).toBeUndefined();
    await importCatalogue(server().database.db, checkoutCatalogue(), TEST_IMPORT);
  });

  it("lets browsers send PATCH across origins", async () => {
    const preflight = await fetch(`${server().url}/rcbilling/v1/checkout/opsess_x`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "PATCH" },
    });
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PATCH");
  });
});

describe("promotion codes in the catalogue", () => {
  const withCodes = (codes: unknown[]) => {
    const catalogue = structuredClone(checkoutCatalogue()) as any;
    catalogue.projects[0].promotion_codes = codes;
    return () => parseCatalogue(catalogue);
  };

  it("rejects a code twice (ignoring case), an unknown product, both or neither kind of discount and an empty window", () => {
    expect(
      withCodes([
        { code: "ABC", percent_off: 5 },
        { code: "abc", percent_off: 5 },
      ]),
    ).toThrow(/used twice/);
    expect(withCodes([{ code: "ABC", percent_off: 5, products: ["nope"] }])).toThrow(/unknown product nope/);
    expect(
      withCodes([{ code: "ABC", percent_off: 5, amount_off: { amount_micros: 1, currency: "ZAR" } }]),
    ).toThrow(/exactly one/);
    expect(withCodes([{ code: "ABC" }])).toThrow(/exactly one/);
    expect(withCodes([{ code: "ABC", percent_off: 101 }])).toThrow(/percent_off/);
    expect(
      withCodes([
        {
          code: "ABC",
          percent_off: 5,
          starts_at: "2026-02-01T00:00:00Z",
          expires_at: "2026-01-01T00:00:00Z",
        },
      ]),
    ).toThrow(/before its expires_at/);
    expect(withCodes([{ code: "a b", percent_off: 5 }])).toThrow(/letters, digits/);
  });
});
