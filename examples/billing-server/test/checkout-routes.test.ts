import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchases, webhookOutbox } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { MANAGEMENT_URL, buyThroughStripe, startBody, useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/protocol/${name}.json`, import.meta.url), "utf8"));

/** The JSON types of a value, recursively, so a response can be compared with a fixture by shape. */
const shapeOf = (value: unknown): unknown =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? value.map(shapeOf)
      : typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
        : typeof value;

describe.each(DATABASES)("checkout on %s", (kind) => {
  const { checkout: current, server, post, get, start, session } = useCheckoutServer(kind);

  it("starts a trial checkout: setup mode showing R99, the session stored as started with nothing charged now", async () => {
    const { status, body } = await post(
      "/start",
      startBody("trial_user", { email: "ada@example.com", metadata: { utm_source: "newsletter" } }),
    );
    expect(status).toBe(200);
    expect(body.operation_session_id).toMatch(/^opsess_[0-9a-f]{32}$/);
    expect(body).toEqual({ ...fixture("checkout-start"), operation_session_id: body.operation_session_id });
    expect(body.management_url).toBe(MANAGEMENT_URL);
    expect(await session(body.operation_session_id)).toMatchObject({
      status: "started",
      appUserId: "trial_user",
      email: "ada@example.com",
      amountMicros: 0,
      currency: "ZAR",
      isSandbox: true,
      optionId: "base_option",
      metadata: { utm_source: "newsletter" },
    });
  });

  it("buys the trial end to end: tax → complete → Stripe confirms → succeeded → premium active as a trial", async () => {
    const id = await start("journey_user");
    const taxes = await post(`/${id}/calculate_taxes`, { country_code: "ZA", postal_code: "8001" });
    expect(taxes.status).toBe(200);
    const expectedTaxes = fixture("calculate-taxes");
    expect(taxes.body).toEqual({
      ...expectedTaxes,
      operation_session_id: id,
      gateway_params: {
        elements_configuration: {
          ...expectedTaxes.gateway_params.elements_configuration,
          setup_future_usage: "off_session",
        },
      },
    });

    const complete = await post(`/${id}/complete`, { email: "journey@example.com" });
    expect(complete.status).toBe(200);
    expect(shapeOf(complete.body)).toEqual(shapeOf(fixture("checkout-complete")));
    expect(complete.body.operation_session_id).toBe(id);
    const clientSecret: string = complete.body.gateway_params.client_secret;
    expect(clientSecret).toMatch(/^seti_/); // the SDK confirms a setup when the secret starts with seti_
    const intent = current().stripe.intentBySecret(clientSecret);
    expect(intent).toMatchObject({ usage: "off_session", metadata: { operation_session_id: id } });
    expect(current().stripe.customers.get(intent.customer as string)).toMatchObject({
      email: "journey@example.com",
      metadata: { app_user_id: "journey_user", project_id: "realmheart" },
    });
    expect((await get(`/${id}`)).body.operation).toEqual({
      status: "in_progress",
      operation_session_id: id,
      product_identifier: "premium_realm_monthly",
      redemption_info: null,
    });

    const delivery = await current().stripe.confirm(clientSecret, "succeeded");
    expect(delivery.status).toBe(200);

    const status = await get(`/${id}`);
    expect(status.status).toBe(200);
    expect(shapeOf(status.body)).toEqual(shapeOf(fixture("checkout-status-succeeded")));
    expect(status.body.operation).toEqual({
      status: "succeeded",
      operation_session_id: id,
      store_transaction_identifier: intent.id,
      product_identifier: "premium_realm_monthly",
      purchase_date: "2026-11-21T12:00:00.000Z",
      redemption_info: null,
    });

    const info = await call(server(), "GET", "/v1/subscribers/journey_user", { key: KEYS.sandbox });
    expect(info.body.subscriber.entitlements.premium).toEqual({
      expires_date: "2026-11-28T12:00:00.000Z",
      product_identifier: "premium_realm_monthly",
      product_plan_identifier: "base_option",
      purchase_date: "2026-11-21T12:00:00.000Z",
    });
    expect(info.body.subscriber.subscriptions.premium_realm_monthly).toMatchObject({
      period_type: "trial",
      store: "rc_billing",
      is_sandbox: true,
      store_transaction_id: intent.id,
    });
    const outbox = await server().database.db.select().from(webhookOutbox);
    const events = outbox.filter((e) => (e.payload as any).event.app_user_id === "journey_user");
    expect(events.map((e) => e.type)).toEqual(["INITIAL_PURCHASE"]);
    expect((events[0]?.payload as any).event).toMatchObject({
      entitlement_ids: ["premium"],
      period_type: "TRIAL",
      store: "RC_BILLING",
      transaction_id: intent.id,
    });
    expect((await session(id))?.gateway).toMatchObject({
      stripe: { paymentMethodId: intent.payment_method },
    });
  });

  it("returns the same client secret when checkout is completed twice, creating one intent", async () => {
    const id = await start("twice_user", { email: "twice@example.com" });
    const intentsBefore = current().stripe.intents.size;
    const first = await post(`/${id}/complete`, {});
    const second = await post(`/${id}/complete`, { email: "twice@example.com" });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(current().stripe.intents.size).toBe(intentsBefore + 1);
    const creations = current().stripe.requests.filter(
      (r) => r.form.metadata && (r.form.metadata as any).operation_session_id === id,
    );
    expect(creations.every((r) => typeof r.headers["idempotency-key"] === "string")).toBe(true);
  });

  it("charges a paid option through a PaymentIntent for the taxed total, updating it when the address changes", async () => {
    const id = await start("paid_user", {
      offer_id: "no_trial",
      price_id: "prc_premium_realm_monthly_no_trial",
    });
    const row = await session(id);
    expect(row).toMatchObject({ amountMicros: 99_000_000, optionId: "no_trial" });
    expect((row?.gateway as any).elementsConfiguration).toEqual({
      mode: "payment",
      payment_method_types: ["card"],
      setup_future_usage: "off_session",
      amount: 9900,
      currency: "zar",
    });
    const gb = await post(`/${id}/calculate_taxes`, { country_code: "GB", postal_code: "SW1A 1AA" });
    expect(gb.body).toMatchObject({ tax_amount_in_micros: 19_800_000, total_amount_in_micros: 118_800_000 });
    expect(gb.body.gateway_params.elements_configuration).toMatchObject({ mode: "payment", amount: 11880 });

    const complete = await post(`/${id}/complete`, { email: "paid@example.com" });
    const clientSecret: string = complete.body.gateway_params.client_secret;
    expect(clientSecret).toMatch(/^pi_/);
    const intent = current().stripe.intentBySecret(clientSecret);
    expect(intent).toMatchObject({ amount: 11880, currency: "zar", setup_future_usage: "off_session" });

    // The customer corrects the billing address before paying: the same intent now charges German VAT.
    await post(`/${id}/calculate_taxes`, { country_code: "DE", postal_code: "10115" });
    const again = await post(`/${id}/complete`, {});
    expect(again.body.gateway_params.client_secret).toBe(clientSecret);
    expect(intent.amount).toBe(11781);

    await current().stripe.confirm(clientSecret, "succeeded");
    expect((await get(`/${id}`)).body.operation.status).toBe("succeeded");
    const info = await call(server(), "GET", "/v1/subscribers/paid_user", { key: KEYS.sandbox });
    expect(info.body.subscriber.subscriptions.premium_realm_monthly).toMatchObject({
      period_type: "normal",
      expires_date: "2026-12-21T12:00:00.000Z",
    });
    const [purchase] = await server()
      .database.db.select()
      .from(purchases)
      .where(eq(purchases.storeTransactionId, intent.id as string));
    expect(purchase).toMatchObject({ priceMicros: 99_000_000, currency: "ZAR", periodType: "normal" });
  });

  it("sells a consumable as a one-off payment that never expires and can be bought again", async () => {
    const overrides = { product_id: "dragon_gems", price_id: "prc_dragon_gems" };
    const first = await buyThroughStripe(current(), "gem_user", { overrides });
    expect(first.intent).toMatchObject({ object: "payment_intent", amount: 4999 });
    expect(first.intent.setup_future_usage).toBeNull();
    await buyThroughStripe(current(), "gem_user", { overrides });
    const info = await call(server(), "GET", "/v1/subscribers/gem_user", { key: KEYS.sandbox });
    expect(info.body.subscriber.non_subscriptions.dragon_gems).toHaveLength(2);
    expect(info.body.subscriber.entitlements).toEqual({});
  });

  it("answers 7772 to a customer whose subscription is still active, and lets them buy again once it expired", async () => {
    await buyThroughStripe(current(), "subscribed_user");
    const again = await post("/start", startBody("subscribed_user"));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 7772,
      message: "The customer is already subscribed to this product.",
    });
    const before = server().clock.now;
    try {
      server().clock.advance(8 * 86_400_000); // past the 7-day trial
      expect((await post("/start", startBody("subscribed_user"))).status).toBe(200);
    } finally {
      server().clock.now = before;
    }
  });

  describe("calculate_taxes", () => {
    it.each([
      ["a postal code that does not fit the country", { country_code: "ZA", postal_code: "80011" }],
      ["an unknown country", { country_code: "XX" }],
      ["no address yet", {}],
    ])("answers 200 with failed_reason invalid_tax_location for %s, untaxed", async (_name, address) => {
      const id = await start("tax_user");
      const { status, body } = await post(`/${id}/calculate_taxes`, address);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        failed_reason: "invalid_tax_location",
        tax_amount_in_micros: 0,
        total_amount_in_micros: 99_000_000,
        total_excluding_tax_in_micros: 99_000_000,
        pricing_phases: { base: { tax_breakdown: [] } },
        gateway_params: { elements_configuration: { amount: 9900 } },
      });
    });

    it("answers tax_collection_disabled when the project does not collect tax through the gateway", async () => {
      const response = await post(
        "/start",
        startBody("other_user", { product_id: "pro_yearly", price_id: "prc_pro" }),
        KEYS.otherProject,
      );
      const id = response.body.operation_session_id;
      const { status, body } = await post(
        `/${id}/calculate_taxes`,
        { country_code: "DE", postal_code: "10115" },
        KEYS.otherProject,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        failed_reason: "tax_collection_disabled",
        currency: "USD",
        tax_amount_in_micros: 0,
        total_amount_in_micros: 49_990_000,
      });
    });

    it("forgets an earlier tax when a later address cannot be located, so the charge matches what is shown", async () => {
      const id = await start("retax_user", {
        offer_id: "no_trial",
        price_id: "prc_premium_realm_monthly_no_trial",
      });
      await post(`/${id}/calculate_taxes`, { country_code: "ZA" });
      expect((await session(id))?.tax).toMatchObject({ taxAmountMicros: 14_850_000 });
      await post(`/${id}/calculate_taxes`, { country_code: "ZA", postal_code: "oops" });
      expect((await session(id))?.tax).toBeNull();
      const complete = await post(`/${id}/complete`, { email: "retax@example.com" });
      expect(current().stripe.intentBySecret(complete.body.gateway_params.client_secret).amount).toBe(9900);
    });

    it("adds no tax for a US address", async () => {
      const id = await start("us_user");
      const { body } = await post(`/${id}/calculate_taxes`, { country_code: "US", postal_code: "94103" });
      expect(body).toMatchObject({
        failed_reason: null,
        tax_amount_in_micros: 0,
        total_amount_in_micros: 99_000_000,
      });
      expect(body.pricing_phases.base.tax_breakdown).toEqual([]);
    });
  });
});
