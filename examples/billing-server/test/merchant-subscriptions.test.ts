// The merchant API's v2 subscriptions and purchases (issue #48), as a merchant's server calls them: read, cancel and
// refund with a secret key over real HTTP, every answer checked against /openapi.json; card refunds go to the strict
// fake Stripe, Test Store ones are recorded.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchases, webhookOutbox } from "../src/db/schema.js";
import { StripeGateway } from "../src/gateway/stripe-gateway.js";
import { cardRenewalCharger } from "../src/lifecycle/card-renewal-charger.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { auditEntries } from "../src/access/audit-log.js";
import { KEYS } from "./support/catalogue.js";
import { buyThroughStripe, startCheckoutServer, type CheckoutServer } from "./support/checkout-server.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const DAY = 86_400_000;
const PROJECT = "/v2/projects/realmheart";
const PAID = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };

describe.each(DATABASES)("merchant subscriptions and purchases on %s", (kind) => {
  let checkout: CheckoutServer;
  let server: TestServer;
  let reader: string;
  let writer: string;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind);
    server = checkout.server;
    reader = await secretKeyFor(server, ["customers:read"]);
    writer = await secretKeyFor(server, ["customers:write"]);
  });
  afterAll(() => checkout.close());

  const call = (method: "GET" | "POST", path: string, key: string | null = reader, body?: unknown) =>
    merchantCall(server, method, `${PROJECT}${path}`, { key, body });
  const subscriptionOf = async (appUserId: string) => {
    const list = await call("GET", `/customers/${appUserId}/subscriptions`);
    expect(list.status).toBe(200);
    return list.body.items[0];
  };
  const eventsOf = async (appUserId: string, type: string) =>
    (
      await server.database.db
        .select()
        .from(webhookOutbox)
        .where(and(eq(webhookOutbox.projectId, "realmheart"), eq(webhookOutbox.type, type)))
    )
      .map((row) => (row.payload as { event: Record<string, unknown> }).event)
      .filter((event) => event.app_user_id === appUserId);
  const auditOf = (targetType: string, targetId: string) =>
    auditEntries(server.database.db, { projectId: "realmheart", targetType, targetId, limit: 10 });
  const rowsOf = (appUserId: string) =>
    server.database.db.select().from(purchases).where(eq(purchases.appUserId, appUserId));

  it("lists and reads a customer's subscription as RevenueCat v2's object, with customers:read only", async () => {
    await postTestStoreReceipt(server, "ms_reader");
    const list = await call("GET", "/customers/ms_reader/subscriptions");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: "list", next_page: null });
    expect(list.body.items).toHaveLength(1);
    const subscription = list.body.items[0];
    expect(subscription).toMatchObject({
      object: "subscription",
      customer_id: "ms_reader",
      product_id: "premium_realm_monthly",
      gives_access: true,
      auto_renewal_status: "will_renew",
      store: "test_store",
      environment: "sandbox",
      total_revenue_in_usd: null,
    });
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.entitlements.items.map((e: { lookup_key: string }) => e.lookup_key)).toEqual([
      "premium",
    ]);
    const read = await call("GET", `/subscriptions/${subscription.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(subscription);

    const metricsOnly = await secretKeyFor(server, ["metrics:read"]);
    expect((await call("GET", `/subscriptions/${subscription.id}`, metricsOnly)).status).toBe(403);
    const publicKey = await call("GET", "/customers/ms_reader/subscriptions", KEYS.test);
    expect(publicKey.status).toBe(403);
    expect(publicKey.body.type).toBe("authorization_error");
  });

  it("keeps one subscription id as the subscription renews, and pages a customer's subscriptions", async () => {
    await postTestStoreReceipt(server, "ms_pages");
    await postTestStoreReceipt(server, "ms_pages", { productId: "dragon_gems" });
    const before = await subscriptionOf("ms_pages");
    server.clock.advance(32 * DAY);
    await runLifecycle({ db: server.database.db, now: () => server.clock.now });
    const after = await call("GET", `/subscriptions/${before.id}`);
    expect(after.body).toMatchObject({ id: before.id, starts_at: before.starts_at, gives_access: true });
    expect(after.body.current_period_starts_at).toBe(before.current_period_ends_at);
    const page = await call("GET", "/customers/ms_pages/subscriptions?limit=1");
    expect(page.body.items.map((s: { id: string }) => s.id)).toEqual([before.id]);
    expect(page.body.next_page).toBeNull();
  });

  it("answers 400 naming the field, and 404 for an unknown customer, subscription, or another project's", async () => {
    const badLimit = await call("GET", "/customers/ms_reader/subscriptions?limit=lots");
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({ type: "parameter_error", param: "limit" });
    const tooLong = await call("GET", `/subscriptions/sub_${"x".repeat(300)}`);
    expect(tooLong.body).toMatchObject({ type: "parameter_error", param: "subscription_id" });
    const unknownCustomer = await call("GET", "/customers/ms_nobody/subscriptions");
    expect(unknownCustomer.status).toBe(404);
    expect(unknownCustomer.body).toMatchObject({ type: "resource_missing", param: "customer_id" });
    const unknown = await call("GET", "/subscriptions/sub_00000000-0000-0000-0000-000000000000");
    expect(unknown.body).toMatchObject({ type: "resource_missing", param: "subscription_id" });
    const cursor = await call("GET", "/customers/ms_reader/subscriptions?starting_after=sub_nope");
    expect(cursor.body).toMatchObject({ type: "resource_missing", param: "starting_after" });

    await postTestStoreReceipt(server, "ms_arcade", {
      key: KEYS.arcadeTest,
      productId: "arcade_pass_monthly",
    });
    const [arcade] = await rowsOf("ms_arcade");
    const foreign = await call("POST", `/subscriptions/sub_${arcade!.id}/actions/refund`, writer);
    expect(foreign.status).toBe(404);
    expect((await rowsOf("ms_arcade"))[0]!.refundedAt).toBeNull();
  });

  it("cancels at the period's end through the one cancel path: one CANCELLATION, one audit entry, again the same", async () => {
    await postTestStoreReceipt(server, "ms_cancel");
    const { id } = await subscriptionOf("ms_cancel");
    expect((await call("POST", `/subscriptions/${id}/actions/cancel`, reader)).status).toBe(403);
    expect((await call("POST", `/subscriptions/${id}/actions/cancel`, KEYS.test)).status).toBe(403);
    const bad = await call("POST", `/subscriptions/${id}/actions/cancel`, writer, { at_once: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("at_once");
    expect((await rowsOf("ms_cancel"))[0]!.unsubscribeDetectedAt).toBeNull();

    const first = await call("POST", `/subscriptions/${id}/actions/cancel`, writer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, auto_renewal_status: "will_not_renew", gives_access: true });
    const again = await call("POST", `/subscriptions/${id}/actions/cancel`, writer);
    expect(again.body).toEqual(first.body);
    expect(await eventsOf("ms_cancel", "CANCELLATION")).toHaveLength(1);
    const audit = await auditOf("subscription", id);
    expect(audit.map((e) => e.action)).toEqual(["subscription.cancel"]);
    expect(audit[0]!.actor).toMatch(/^secret_key key_/);
  });

  it("refunds a card subscription once at Stripe: access ends, one refund, one state change, one webhook event", async () => {
    const { intent } = await buyThroughStripe(checkout, "ms_card", { overrides: PAID });
    const { id } = await subscriptionOf("ms_card");
    expect((await call("POST", `/subscriptions/${id}/actions/refund`, reader)).status).toBe(403);
    expect((await call("POST", `/subscriptions/${id}/actions/refund`, KEYS.sandbox)).status).toBe(403);
    expect((await call("POST", `/subscriptions/${id}/actions/refund`, writer, { amount: 1 })).status).toBe(
      400,
    );

    const first = await call("POST", `/subscriptions/${id}/actions/refund`, writer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id,
      gives_access: false,
      status: "expired",
      auto_renewal_status: "will_not_renew",
    });
    expect(first.body.ends_at).toBe(server.clock.now.getTime());
    const again = await call("POST", `/subscriptions/${id}/actions/refund`, writer);
    expect(again.body).toEqual(first.body);

    const refunds = checkout.stripe.refunds().filter((r) => r.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(intent.amount);
    const refundRequests = checkout.stripe.requests.filter((r) => r.path === "/v1/refunds");
    expect(refundRequests.every((r) => typeof r.headers["idempotency-key"] === "string")).toBe(true);
    const cancellations = await eventsOf("ms_card", "CANCELLATION");
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]).toMatchObject({
      cancel_reason: "CUSTOMER_SUPPORT",
      expiration_at_ms: server.clock.now.getTime(),
    });
    expect((await auditOf("subscription", id)).map((e) => e.action)).toEqual(["subscription.refund"]);

    // Nothing renews: the period's end is settled without a charge or an event.
    const charges = checkout.stripe.offSessionCharges().length;
    server.clock.advance(40 * DAY);
    const ctx = { db: server.database.db, now: () => server.clock.now };
    await runLifecycle(ctx, {
      renewalCharger: cardRenewalCharger(ctx, new StripeGateway(checkout.stripe.options)),
    });
    expect(checkout.stripe.offSessionCharges()).toHaveLength(charges);
    expect(await eventsOf("ms_card", "EXPIRATION")).toHaveLength(0);
  });

  it("refunds a renewal's own charge, found among the customer's PaymentIntents", async () => {
    await buyThroughStripe(checkout, "ms_renewed", { overrides: PAID });
    const ctx = { db: server.database.db, now: () => server.clock.now };
    const charger = cardRenewalCharger(ctx, new StripeGateway(checkout.stripe.options));
    server.clock.advance(31 * DAY);
    await runLifecycle(ctx, { renewalCharger: charger });
    const renewal = (await rowsOf("ms_renewed")).find((r) => r.storeTransactionId.endsWith("_renewal_1"));
    expect(renewal).toBeDefined();
    const charge = checkout.stripe
      .offSessionCharges()
      .find((c) => c.metadata.renewal_transaction_id === renewal!.storeTransactionId);
    const { id } = await subscriptionOf("ms_renewed");
    const refunded = await call("POST", `/subscriptions/${id}/actions/refund`, writer);
    expect(refunded.status).toBe(200);
    expect(checkout.stripe.refunds().filter((r) => r.payment_intent === charge!.id)).toHaveLength(1);
    const rows = await rowsOf("ms_renewed");
    expect(rows.find((r) => r.id === renewal!.id)!.refundedAt).toEqual(server.clock.now);
    expect(rows.find((r) => r.id !== renewal!.id)!.refundedAt).toBeNull();
  });

  it("answers Stripe's refusal as a store error naming its reason, with nothing recorded; the retry refunds once", async () => {
    await buyThroughStripe(checkout, "ms_refused", { overrides: PAID });
    const { id } = await subscriptionOf("ms_refused");
    checkout.stripe.failNext(400, {
      type: "invalid_request_error",
      code: "charge_disputed",
      message: "This charge has been disputed.",
    });
    const refused = await call("POST", `/subscriptions/${id}/actions/refund`, writer);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ type: "store_error" });
    expect(refused.body.message).toContain("charge_disputed");
    expect((await rowsOf("ms_refused"))[0]!.refundedAt).toBeNull();
    expect(await eventsOf("ms_refused", "CANCELLATION")).toHaveLength(0);
    expect(await auditOf("subscription", id)).toHaveLength(0);

    expect((await call("POST", `/subscriptions/${id}/actions/refund`, writer)).status).toBe(200);
    expect(await eventsOf("ms_refused", "CANCELLATION")).toHaveLength(1);
  });

  it("gives the same Stripe refund to a retried refund call (its idempotency key), never a second one", async () => {
    const { intent } = await buyThroughStripe(checkout, "ms_retry", { overrides: PAID });
    const gateway = new StripeGateway(checkout.stripe.options);
    const input = { paymentIntentId: intent.id as string, periodId: "period_retry", projectId: "realmheart" };
    const first = await gateway.refundPayment(input);
    const second = await gateway.refundPayment(input);
    expect(second.refundId).toBe(first.refundId);
    expect(checkout.stripe.refunds().filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  it("lists, reads and refunds a one-time purchase; a subscription's period is no purchase", async () => {
    await postTestStoreReceipt(server, "ms_gems", { productId: "dragon_gems" });
    await postTestStoreReceipt(server, "ms_gems");
    const list = await call("GET", "/customers/ms_gems/purchases");
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const purchase = list.body.items[0];
    expect(purchase).toMatchObject({
      object: "purchase",
      product_id: "dragon_gems",
      status: "owned",
      quantity: 1,
    });
    expect((await call("GET", `/purchases/${purchase.id}`)).body).toEqual(purchase);
    const period = (await rowsOf("ms_gems")).find((r) => r.expiresDate !== null)!;
    expect((await call("GET", `/purchases/${period.id}`)).body).toMatchObject({ type: "resource_missing" });
    expect((await call("GET", "/purchases/nope")).status).toBe(404);
    expect((await call("GET", "/customers/ms_gems/purchases?limit=x")).body.param).toBe("limit");
    expect((await call("GET", "/customers/ms_gems/purchases", KEYS.test)).status).toBe(403);

    const path = `/purchases/${purchase.id}/actions/refund`;
    expect((await call("POST", path, reader)).status).toBe(403);
    expect((await call("POST", path, KEYS.test)).status).toBe(403);
    expect((await call("POST", path, writer, { reason: "x" })).body.type).toBe("parameter_error");
    expect((await call("POST", "/purchases/nope/actions/refund", writer)).status).toBe(404);
    const refunded = await call("POST", path, writer);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ id: purchase.id, status: "refunded" });
    expect((await call("POST", path, writer)).body).toEqual(refunded.body);
    expect((await auditOf("purchase", purchase.id)).map((e) => e.action)).toEqual(["purchase.refund"]);
  });
});
