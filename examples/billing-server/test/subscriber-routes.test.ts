import { and, eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, customerAttributes, purchases } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { newFetchToken, postTestStoreReceipt } from "./support/test-store-receipt.js";

// The shared protocol fixture the SDK's tests use: the server's answers must have the same fields.
const customerInfoFixture = JSON.parse(
  readFileSync(new URL("../../../fixtures/protocol/customer-info.json", import.meta.url), "utf8"),
);

describe.each(DATABASES)("customers, attributes, receipts and events on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it("answers customer info for a new customer with the server's request date and the fixture's fields", async () => {
    const { status, body } = await call(server, "GET", "/v1/subscribers/new_customer");
    expect(status).toBe(200);
    expect(body.request_date).toBe("2026-11-21T12:00:00.000Z");
    expect(body.request_date_ms).toBe(Date.parse("2026-11-21T12:00:00Z"));
    expect(Object.keys(body).sort()).toEqual(Object.keys(customerInfoFixture).sort());
    expect(Object.keys(body.subscriber).sort()).toEqual(Object.keys(customerInfoFixture.subscriber).sort());
    expect(body.subscriber).toMatchObject({ entitlements: {}, subscriptions: {}, non_subscriptions: {} });
    expect(body.subscriber.first_seen).toBe("2026-11-21T12:00:00.000Z");
  });

  it("grants a trial of premium from a Test Store receipt, with the fixture's subscription fields", async () => {
    const { customerInfo } = await postTestStoreReceipt(server, "receipt_user");
    const subscription = customerInfo.subscriber.subscriptions.premium_realm_monthly;
    const fixtureSubscription = customerInfoFixture.subscriber.subscriptions.premium_realm_monthly;
    expect(Object.keys(subscription).sort()).toEqual(Object.keys(fixtureSubscription).sort());
    expect(subscription).toMatchObject({ period_type: "trial", store: "test_store", is_sandbox: true });
    expect(customerInfo.subscriber.entitlements.premium).toMatchObject({
      product_identifier: "premium_realm_monthly",
      expires_date: "2026-11-28T12:00:00.000Z",
    });
  });

  it("describes each subscription as purchases-js reads it: plan, display name, paid price, no pause", async () => {
    const { customerInfo } = await postTestStoreReceipt(server, "described_user");
    expect(customerInfo.subscriber.subscriptions.premium_realm_monthly).toMatchObject({
      product_plan_identifier: "base_option",
      display_name: "Premium Realm",
      // A trial period costs nothing: the price is what was paid for the current period, in whole units.
      price: { amount: 0, currency: "ZAR" },
      auto_resume_date: null,
    });
  });

  it("records a replayed receipt once", async () => {
    const fetchToken = newFetchToken();
    await postTestStoreReceipt(server, "replay_user", { fetchToken });
    await postTestStoreReceipt(server, "replay_user", { fetchToken });
    const rows = await server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, "replay_user"));
    expect(rows).toHaveLength(1);
  });

  it("does not sell a subscription the customer has (7772), while a replay of its receipt is still answered", async () => {
    const first = await postTestStoreReceipt(server, "subscribed_user");
    const again = await call(server, "POST", "/v1/receipts", {
      key: KEYS.test,
      body: {
        fetch_token: newFetchToken(),
        product_id: "premium_realm_monthly",
        app_user_id: "subscribed_user",
      },
    });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 7772, message: "The customer is already subscribed to this product." },
    });
    const replay = await postTestStoreReceipt(server, "subscribed_user", { fetchToken: first.fetchToken });
    expect(replay.customerInfo).toEqual(first.customerInfo);
    const rows = await server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, "subscribed_user"));
    expect(rows).toHaveLength(1);
  });

  it("sells a consumable again and again", async () => {
    await postTestStoreReceipt(server, "gem_buyer", { productId: "gems_100", key: KEYS.arcadeTest });
    await postTestStoreReceipt(server, "gem_buyer", { productId: "gems_100", key: KEYS.arcadeTest });
    const rows = await server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, "gem_buyer"));
    expect(rows).toHaveLength(2);
  });

  it("refuses receipts from non-Test Store keys, unknown products and malformed tokens, storing nothing", async () => {
    const body = (token: string, product = "premium_realm_monthly") => ({
      fetch_token: token,
      product_id: product,
      app_user_id: "refused_user",
      presented_offering_identifier: "default",
      presented_placement_identifier: null,
      applied_targeting_rule: null,
      initiation_source: "purchase",
    });
    const sandbox = await call(server, "POST", "/v1/receipts", {
      key: KEYS.sandbox,
      body: body(newFetchToken()),
    });
    expect(sandbox).toMatchObject({ status: 403, body: { code: 7103 } });
    const unknown = await call(server, "POST", "/v1/receipts", { body: body(newFetchToken(), "nope") });
    expect(unknown).toMatchObject({ status: 400, body: { code: 7103 } });
    const malformed = await call(server, "POST", "/v1/receipts", { body: body("not-a-token") });
    expect(malformed).toMatchObject({ status: 400, body: { code: 7103 } });
    const rows = await server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, "refused_user"));
    expect(rows).toHaveLength(0);
  });

  it("stores subscriber attributes and ignores an older write of the same attribute", async () => {
    const post = (attributes: object) =>
      call(server, "POST", "/v1/subscribers/attr_user/attributes", { body: { attributes } });
    expect((await post({ $email: { value: "ada@example.com", updated_at_ms: 2000 } })).status).toBe(200);
    expect((await post({ $email: { value: "old@example.com", updated_at_ms: 1000 } })).status).toBe(200);
    expect((await post({ nickname: { value: null, updated_at_ms: 3000 } })).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(customerAttributes)
      .where(and(eq(customerAttributes.appUserId, "attr_user")));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      $email: "ada@example.com",
      nickname: null,
    });
  });

  it("refuses a malformed attributes body with 7264 and stores nothing", async () => {
    const { status, body } = await call(server, "POST", "/v1/subscribers/attr_user_2/attributes", {
      body: { attributes: { $email: { value: 42, updated_at_ms: "soon" } } },
    });
    expect(status).toBe(400);
    expect(body.code).toBe(7264);
    const rows = await server.database.db
      .select()
      .from(customerAttributes)
      .where(eq(customerAttributes.appUserId, "attr_user_2"));
    expect(rows).toHaveLength(0);
  });

  it("stores analytics events once per id and answers 201", async () => {
    const event = {
      id: "evt_contract_1",
      timestamp_ms: 1,
      type: "web_billing",
      event_name: "sdk_initialized",
      app_user_id: "events_user",
      context: { library_name: "purchases-web" },
      properties: {},
      trace_id: "trace_1",
    };
    expect((await call(server, "POST", "/v1/events", { body: { events: [event] } })).status).toBe(201);
    expect((await call(server, "POST", "/v1/events", { body: { events: [event] } })).status).toBe(201);
    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.appUserId, "events_user"));
    expect(rows).toHaveLength(1);
    const bad = await call(server, "POST", "/v1/events", { body: { events: [{ ...event, type: "other" }] } });
    expect(bad).toMatchObject({ status: 400, body: { code: 7226 } });
  });
});
