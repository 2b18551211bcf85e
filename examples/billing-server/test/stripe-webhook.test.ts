import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, purchases, webhookOutbox } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import {
  NEXT_WEBHOOK_SECRET,
  buyThroughStripe,
  checkoutCall,
  startBody,
  startCheckoutServer,
  type CheckoutServer,
} from "./support/checkout-server.js";
import { DATABASES } from "./support/test-server.js";

const PAID = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };

describe.each(DATABASES)("Stripe webhook on %s", (kind) => {
  let checkout: CheckoutServer;
  const server = () => checkout.server;
  const db = () => server().database.db;
  const status = async (id: string) =>
    (await checkoutCall(server(), "GET", `/${id}`)).body.operation as Record<string, unknown>;
  const grants = async (appUserId: string) => ({
    purchases: (await db().select().from(purchases).where(eq(purchases.appUserId, appUserId))).length,
    events: (await db().select().from(webhookOutbox)).filter(
      (e) => e.type === "INITIAL_PURCHASE" && (e.payload as any).event.app_user_id === appUserId,
    ).length,
  });
  /** A session completed into an intent the customer has not confirmed yet. */
  const completed = async (appUserId: string, overrides: Record<string, unknown> = {}) => {
    const start = await checkoutCall(server(), "POST", "/start", startBody(appUserId, overrides));
    const id: string = start.body.operation_session_id;
    const complete = await checkoutCall(server(), "POST", `/${id}/complete`, { email: "w@example.com" });
    const intent = checkout.stripe.intentBySecret(complete.body.gateway_params.client_secret);
    return { id, intent };
  };
  const succeededEvent = (intent: Record<string, unknown>) =>
    checkout.stripe.event(`${intent.object as string}.succeeded`, {
      ...intent,
      status: "succeeded",
      payment_method: "pm_card_visa",
    });

  beforeAll(async () => {
    checkout = await startCheckoutServer(kind);
  });
  afterAll(() => checkout.close());

  it("is public: Stripe's request carries no API key, only the signature", async () => {
    const { id, intent } = await completed("public_user");
    const delivery = await checkout.stripe.deliver(succeededEvent(intent));
    expect(delivery.status).toBe(200);
    expect(delivery.body).toEqual({ received: true, result: "succeeded" });
    expect((await status(id)).status).toBe("succeeded");
  });

  it("accepts an event signed with any configured secret while one is rolled", async () => {
    const { id, intent } = await completed("rolled_secret_user");
    const delivery = await checkout.stripe.deliver(succeededEvent(intent), { secret: NEXT_WEBHOOK_SECRET });
    expect(delivery.body).toEqual({ received: true, result: "succeeded" });
    expect((await status(id)).status).toBe("succeeded");
  });

  it.each([
    ["no Stripe-Signature header", { header: null }],
    ["a signature made with another secret", { secret: "whsec_someone_else" }],
    ["a garbled header", { header: "t=abc,v1=nothex" }],
    ["a timestamp more than five minutes old", { timestamp: Date.parse("2026-11-21T11:54:59Z") / 1000 }],
  ])("rejects %s with 400 and changes nothing", async (_name, overrides) => {
    const { id, intent } = await completed("unsigned_user");
    const delivery = await checkout.stripe.deliver(succeededEvent(intent), overrides);
    expect(delivery.status).toBe(400);
    expect(delivery.body.code).toBe(7226);
    expect((await status(id)).status).toBe("in_progress");
    expect(await grants("unsigned_user")).toEqual({ purchases: 0, events: 0 });
  });

  it("rejects a body changed after signing (the signature covers the raw bytes)", async () => {
    const { id, intent } = await completed("tampered_user");
    const event = succeededEvent(intent);
    const signedFor = JSON.stringify(event, null, 2);
    const header = createHmac("sha256", checkout.stripe.options.webhookSecret)
      .update(`${Math.floor(server().clock.now.getTime() / 1000)}.${signedFor}`)
      .digest("hex");
    const delivery = await checkout.stripe.deliver(event, {
      header: `t=${Math.floor(server().clock.now.getTime() / 1000)},v1=${header}`,
      body: JSON.stringify(event), // same JSON, other bytes
    });
    expect(delivery.status).toBe(400);
    expect((await status(id)).status).toBe("in_progress");
  });

  it("grants exactly once when the same event is delivered again, or another success event arrives for it", async () => {
    const { id, intent } = await completed("replay_user");
    const event = succeededEvent(intent);
    const first = await checkout.stripe.deliver(event);
    const replay = await checkout.stripe.deliver(event);
    const another = await checkout.stripe.deliver(succeededEvent(intent));
    expect([first.status, replay.status, another.status]).toEqual([200, 200, 200]);
    expect(replay.body.result).toBe("ignored");
    expect(another.body.result).toBe("ignored");
    expect(await grants("replay_user")).toEqual({ purchases: 1, events: 1 });
    expect((await status(id)).store_transaction_identifier).toBe(intent.id);
  });

  it("grants exactly once when Stripe delivers the same event concurrently", async () => {
    const { intent } = await completed("concurrent_user");
    const event = succeededEvent(intent);
    const deliveries = await Promise.all([1, 2, 3, 4, 5].map(() => checkout.stripe.deliver(event)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.filter((d) => d.body.result === "succeeded")).toHaveLength(1);
    expect(await grants("concurrent_user")).toEqual({ purchases: 1, events: 1 });
  });

  it("fails the operation with code 3 when the payment fails, granting nothing", async () => {
    const { id, delivery } = await buyThroughStripe(checkout, "declined_user", {
      overrides: PAID,
      outcome: "declined",
    });
    expect(delivery.event.type).toBe("payment_intent.payment_failed");
    expect(delivery.status).toBe(200);
    expect(await status(id)).toEqual({
      status: "failed",
      operation_session_id: id,
      product_identifier: "premium_realm_monthly",
      redemption_info: null,
      error: { code: 3, message: "Your card was declined." },
    });
    expect(await grants("declined_user")).toEqual({ purchases: 0, events: 0 });
    const info = await checkoutCall(server(), "POST", "/start", startBody("declined_user"));
    expect(info.status).toBe(200); // nothing is owned, so a new checkout may start
  });

  it("fails the operation with code 4 when saving the card for a trial fails", async () => {
    const { id, delivery } = await buyThroughStripe(checkout, "setup_failed_user", { outcome: "declined" });
    expect(delivery.event.type).toBe("setup_intent.setup_failed");
    expect((await status(id)).error).toEqual({ code: 4, message: "Your card was declined." });
  });

  it("still grants when the same intent succeeds after a recorded decline: Stripe took the money", async () => {
    const { id, clientSecret } = await buyThroughStripe(checkout, "retry_user", {
      overrides: PAID,
      outcome: "declined",
    });
    expect((await status(id)).status).toBe("failed");
    await checkout.stripe.confirm(clientSecret, "succeeded");
    expect((await status(id)).status).toBe("succeeded");
    expect(await grants("retry_user")).toEqual({ purchases: 1, events: 1 });
    // A late failure event cannot undo the success.
    const intent = checkout.stripe.intentBySecret(clientSecret);
    await checkout.stripe.deliver(checkout.stripe.event("payment_intent.payment_failed", intent));
    expect((await status(id)).status).toBe("succeeded");
  });

  it("acknowledges and ignores other event types and intents it did not create", async () => {
    const { id, intent } = await completed("foreign_user");
    const other = await checkout.stripe.deliver(checkout.stripe.event("charge.refunded", { id: "ch_1" }));
    expect(other).toMatchObject({ status: 200, body: { received: true, result: "ignored" } });
    const foreign = await checkout.stripe.deliver(succeededEvent({ ...intent, id: "seti_not_ours" }));
    expect(foreign.body.result).toBe("ignored");
    const noMetadata = await checkout.stripe.deliver(succeededEvent({ ...intent, metadata: {} }));
    expect(noMetadata.body.result).toBe("ignored");
    const unknownSession = await checkout.stripe.deliver(
      succeededEvent({ ...intent, metadata: { operation_session_id: "opsess_unknown" } }),
    );
    expect(unknownSession.body.result).toBe("ignored");
    expect((await status(id)).status).toBe("in_progress");
  });

  it("rejects a validly signed body that is not a Stripe event with 400", async () => {
    const delivery = await checkout.stripe.deliver({ hello: "world" });
    expect(delivery.status).toBe(400);
    expect(delivery.body.code).toBe(7226);
  });

  it("keeps other routes' JSON parsing untouched by the webhook's raw-body parser", async () => {
    const response = await checkoutCall(server(), "POST", "/start", startBody("parser_user"), KEYS.sandbox);
    expect(response.status).toBe(200);
    const [row] = await db()
      .select()
      .from(checkoutSessions)
      .where(
        and(eq(checkoutSessions.appUserId, "parser_user"), eq(checkoutSessions.projectId, "realmheart")),
      );
    expect(row?.traceId).toBe("trace_1");
  });
});
