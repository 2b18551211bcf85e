import { and, asc, count, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { purchases, webhookOutbox } from "../src/db/schema.js";
import { addIsoDuration } from "../src/domain/iso-duration.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import type { RenewalCharge, RenewalCharger } from "../src/lifecycle/renewal-charger.js";
import { deliverDueWebhooks } from "../src/webhooks/deliver-due-webhooks.js";
import { KEYS } from "./support/catalogue.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const ADMIN_SECRET = "admin_secret_for_tests_only";
const PRODUCT = "premium_realm_monthly";
const EVENT_ORDER = ["INITIAL_PURCHASE", "RENEWAL", "CANCELLATION", "BILLING_ISSUE", "EXPIRATION"];

describe.each(DATABASES)("subscription lifecycle on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const webhooks = () => ({ realmheart: { url: receiver.url, secret: "whsec_lifecycle_tests" } });
  const ctx = () => ({ db: server.database.db, now: () => server.clock.now });
  const user = () => `user_${randomUUID()}`;
  const setClock = (at: Date) => server.clock.advance(at.getTime() - server.clock.now.getTime());

  /**
   * Runs the lifecycle at the clock, then delivers what it produced; answers the user's events so far in the
   * order they happened (delivery sends in parallel, so arrival order is not guaranteed).
   */
  async function settle(appUserId: string, renewalCharger?: RenewalCharger) {
    const report = await runLifecycle(ctx(), { renewalCharger });
    await deliverDueWebhooks(ctx(), { webhooks: webhooks() });
    const events = eventsOf(appUserId);
    return { report, events, types: events.map((e) => e.type) };
  }
  const eventsOf = (appUserId: string) =>
    receiver
      .events()
      .filter((e) => e.app_user_id === appUserId)
      .sort(
        (a: any, b: any) =>
          a.event_timestamp_ms - b.event_timestamp_ms ||
          a.purchased_at_ms - b.purchased_at_ms ||
          EVENT_ORDER.indexOf(a.type) - EVENT_ORDER.indexOf(b.type),
      );
  const customerInfo = async (appUserId: string) =>
    (await call(server, "GET", `/v1/subscribers/${appUserId}`)).body;
  const cancel = (
    appUserId: string,
    headers: Record<string, string> = { "x-billing-admin-secret": ADMIN_SECRET },
  ) => call(server, "POST", `/v1/subscribers/${appUserId}/subscriptions/${PRODUCT}/cancel`, { headers });
  const periods = (appUserId: string) =>
    server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, appUserId))
      .orderBy(asc(purchases.purchaseDate));
  const isActive = (info: any, entitlement = "premium") =>
    new Date(info.subscriber.entitlements[entitlement].expires_date) > new Date(info.request_date);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, { webhooks: webhooks(), adminSecret: ADMIN_SECRET });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it("renews a trial that ends into a paid month at the base price, and premium stays active", async () => {
    const appUserId = user();
    const boughtAt = server.clock.now;
    const { fetchToken } = await postTestStoreReceipt(server, appUserId);
    const charges: RenewalCharge[] = [];
    const charger: RenewalCharger = async (charge) => {
      charges.push(charge);
      return "succeeded";
    };

    server.clock.advance(WEEK);
    const { types, events } = await settle(appUserId, charger);

    const trialEnd = new Date(boughtAt.getTime() + WEEK);
    const monthEnd = addIsoDuration(trialEnd, "P1M");
    expect(charges.filter((c) => c.purchase.appUserId === appUserId)).toEqual([
      expect.objectContaining({
        storeTransactionId: `${fetchToken}_renewal_1`,
        amountMicros: 99_000_000,
        currency: "ZAR",
      }),
    ]);
    const info = await customerInfo(appUserId);
    expect(info.subscriber.subscriptions[PRODUCT]).toMatchObject({
      period_type: "normal",
      purchase_date: trialEnd.toISOString(),
      original_purchase_date: boughtAt.toISOString(),
      expires_date: monthEnd.toISOString(),
      store_transaction_id: `${fetchToken}_renewal_1`,
      unsubscribe_detected_at: null,
      billing_issues_detected_at: null,
    });
    expect(isActive(info)).toBe(true);
    expect(types).toEqual(["INITIAL_PURCHASE", "RENEWAL"]);
    expect(events[1]).toMatchObject({
      period_type: "NORMAL",
      transaction_id: `${fetchToken}_renewal_1`,
      purchased_at_ms: trialEnd.getTime(),
      expiration_at_ms: monthEnd.getTime(),
      price_in_micros: 99_000_000,
      currency: "ZAR",
      entitlement_ids: ["premium"],
    });
  });

  it("cancels renewal: access continues to the expiry, then EXPIRATION and premium is gone", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(DAY);

    const cancelled = await cancel(appUserId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscriber.subscriptions[PRODUCT].unsubscribe_detected_at).toBe(
      server.clock.now.toISOString(),
    );
    expect(isActive(cancelled.body)).toBe(true);
    expect((await cancel(appUserId)).status).toBe(200);
    expect((await settle(appUserId)).types).toEqual(["INITIAL_PURCHASE", "CANCELLATION"]);

    const charger = vi.fn<RenewalCharger>(async () => "succeeded");
    server.clock.advance(6 * DAY);
    const { types } = await settle(appUserId, charger);

    expect(types).toEqual(["INITIAL_PURCHASE", "CANCELLATION", "EXPIRATION"]);
    expect(charger.mock.calls.filter(([c]) => c.purchase.appUserId === appUserId)).toEqual([]);
    expect(await periods(appUserId)).toHaveLength(1);
    expect(isActive(await customerInfo(appUserId))).toBe(false);
  });

  it("keeps premium through a declined renewal's grace period, retries on days 1, 3 and 5, then expires", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(WEEK);
    const declinedAt = server.clock.now;
    const attempts: number[] = [];
    const decline: RenewalCharger = async (charge) => {
      attempts.push(charge.attempt);
      return "failed";
    };

    expect((await settle(appUserId, decline)).types).toEqual(["INITIAL_PURCHASE", "BILLING_ISSUE"]);
    let info = await customerInfo(appUserId);
    const subscription = info.subscriber.subscriptions[PRODUCT];
    expect(subscription.billing_issues_detected_at).toBe(declinedAt.toISOString());
    expect(subscription.grace_period_expires_date).toBe(
      new Date(declinedAt.getTime() + 6 * DAY).toISOString(),
    );
    expect(isActive(info)).toBe(true);
    // The host app learns the grace period's end with the BILLING_ISSUE event.
    const issue = eventsOf(appUserId).find((e) => e.type === "BILLING_ISSUE");
    expect(issue?.grace_period_expiration_at_ms).toBe(declinedAt.getTime() + 6 * DAY);

    // Nothing is tried again before its day, however often the worker runs.
    server.clock.advance(DAY - 60_000);
    await settle(appUserId, decline);
    expect(attempts).toEqual([0]);
    for (const day of [1, 3, 5]) {
      setClock(new Date(declinedAt.getTime() + day * DAY));
      await settle(appUserId, decline);
    }
    expect(attempts).toEqual([0, 1, 2, 3]);
    expect(isActive(await customerInfo(appUserId))).toBe(true);

    setClock(new Date(declinedAt.getTime() + 6 * DAY));
    const { types } = await settle(appUserId, decline);
    expect(types).toEqual(["INITIAL_PURCHASE", "BILLING_ISSUE", "EXPIRATION"]);
    expect(attempts).toEqual([0, 1, 2, 3]);
    info = await customerInfo(appUserId);
    expect(isActive(info)).toBe(false);
    expect(await periods(appUserId)).toHaveLength(1);
  });

  it("renews without a gap when a retry in the grace period succeeds", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(WEEK);
    const [trial] = await periods(appUserId);
    await settle(appUserId, async () => "failed");
    server.clock.advance(3 * DAY);
    await settle(appUserId, async () => "failed"); // day 1 was missed: the worker was down until day 3
    server.clock.advance(2 * DAY);
    const { types } = await settle(appUserId, async () => "succeeded");

    expect(types).toEqual(["INITIAL_PURCHASE", "BILLING_ISSUE", "RENEWAL"]);
    const [, renewed] = await periods(appUserId);
    expect(renewed!.purchaseDate).toEqual(trial!.expiresDate);
    expect(renewed!.expiresDate).toEqual(addIsoDuration(trial!.expiresDate!, "P1M"));
    const info = await customerInfo(appUserId);
    expect(isActive(info)).toBe(true);
    expect(info.subscriber.subscriptions[PRODUCT].billing_issues_detected_at).toBeNull();
  });

  it("refuses a cancel while a worker takes the renewal payment (409), then ends the subscription in its grace period", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(WEEK);
    const answers: number[] = [];
    // The customer presses cancel while the bank is deciding: money must not be taken for a cancelled subscription.
    const declineWhileCancelling: RenewalCharger = async (charge) => {
      if (charge.purchase.appUserId === appUserId) answers.push((await cancel(appUserId)).status);
      return "failed";
    };
    expect((await settle(appUserId, declineWhileCancelling)).types).toEqual([
      "INITIAL_PURCHASE",
      "BILLING_ISSUE",
    ]);
    expect(answers).toEqual([409]);

    server.clock.advance(DAY / 2);
    const cancelled = await cancel(appUserId);
    expect(cancelled.status).toBe(200);
    expect(isActive(cancelled.body)).toBe(false);
    server.clock.advance(DAY);
    const { types } = await settle(appUserId, declineWhileCancelling);
    expect(answers).toEqual([409]);
    expect(types.slice(0, 2)).toEqual(["INITIAL_PURCHASE", "BILLING_ISSUE"]);
    expect(types.slice(2).sort()).toEqual(["CANCELLATION", "EXPIRATION"]);
  });

  it("changes nothing when it runs twice for the same instant", async () => {
    await postTestStoreReceipt(server, user());
    server.clock.advance(WEEK);
    const tally = async () => ({
      purchases: (await server.database.db.select({ n: count() }).from(purchases))[0]!.n,
      events: (await server.database.db.select({ n: count() }).from(webhookOutbox))[0]!.n,
    });

    const first = await runLifecycle(ctx());
    expect(first.renewals).toBeGreaterThan(0);
    const before = await tally();
    expect(await runLifecycle(ctx())).toEqual({ renewals: 0, expirations: 0, billingIssues: 0, errors: 0 });
    expect(await tally()).toEqual(before);
  });

  it("catches up period by period after downtime: three missed periods, three renewals", async () => {
    const appUserId = user();
    const { fetchToken } = await postTestStoreReceipt(server, appUserId);
    const trialEnd = new Date(server.clock.now.getTime() + WEEK);
    server.clock.advance(addIsoDuration(trialEnd, "P2M").getTime() - server.clock.now.getTime() + DAY);

    const { types } = await settle(appUserId);

    expect(types).toEqual(["INITIAL_PURCHASE", "RENEWAL", "RENEWAL", "RENEWAL"]);
    const rows = await periods(appUserId);
    expect(rows.map((r) => r.storeTransactionId)).toEqual([
      fetchToken,
      `${fetchToken}_renewal_1`,
      `${fetchToken}_renewal_2`,
      `${fetchToken}_renewal_3`,
    ]);
    for (let i = 1; i < rows.length; i++) {
      // Back to back: each period starts when the previous one expired.
      expect(rows[i]!.purchaseDate).toEqual(rows[i - 1]!.expiresDate);
      expect(rows[i]!.expiresDate).toEqual(addIsoDuration(rows[i]!.purchaseDate, "P1M"));
      expect(rows[i]!.originalPurchaseDate).toEqual(rows[0]!.purchaseDate);
    }
    expect(rows[3]!.expiresDate!.getTime()).toBeGreaterThan(server.clock.now.getTime());
    expect(isActive(await customerInfo(appUserId))).toBe(true);
  });

  it("renews each period once when several workers run at the same time", async () => {
    const users = Array.from({ length: 6 }, user);
    for (const appUserId of users) await postTestStoreReceipt(server, appUserId);
    server.clock.advance(WEEK);
    const charged: string[] = [];
    const charger: RenewalCharger = async (charge) => {
      charged.push(charge.storeTransactionId);
      return "succeeded";
    };

    await Promise.all(
      Array.from({ length: 3 }, () => runLifecycle(ctx(), { renewalCharger: charger, batchSize: 2 })),
    );
    await deliverDueWebhooks(ctx(), { webhooks: webhooks() });

    expect(new Set(charged).size).toBe(charged.length);
    for (const appUserId of users) {
      expect(await periods(appUserId)).toHaveLength(2);
      expect(eventsOf(appUserId).map((e) => e.type)).toEqual(["INITIAL_PURCHASE", "RENEWAL"]);
    }
  });

  it("leaves a renewal whose charge threw for a retry a minute later, with the same idempotency key", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(WEEK);
    const keys: string[] = [];
    let calls = 0;
    const flaky: RenewalCharger = async (charge) => {
      if (charge.purchase.appUserId !== appUserId) return "succeeded";
      keys.push(charge.storeTransactionId);
      if (calls++ === 0) throw new Error("gateway unreachable");
      return "succeeded";
    };

    expect((await runLifecycle(ctx(), { renewalCharger: flaky })).errors).toBe(1);
    expect(await periods(appUserId)).toHaveLength(1);
    await runLifecycle(ctx(), { renewalCharger: flaky });
    expect(keys).toHaveLength(1);

    server.clock.advance(60_000);
    await runLifecycle(ctx(), { renewalCharger: flaky });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await periods(appUserId)).toHaveLength(2);
  });

  it("renews no card purchase, sandbox or not, without a charger: there is no free renewal", async () => {
    const now = server.clock.now;
    const base = {
      projectId: "realmheart",
      productId: PRODUCT,
      optionId: "base_option",
      store: "rc_billing" as const,
      periodType: "normal" as const,
      purchaseDate: new Date(now.getTime() - 30 * DAY),
      originalPurchaseDate: new Date(now.getTime() - 30 * DAY),
      expiresDate: new Date(now.getTime() + DAY),
      priceMicros: 99_000_000,
      currency: "ZAR",
    };
    const sandboxUser = user();
    const productionUser = user();
    await server.database.db.insert(purchases).values([
      {
        ...base,
        id: randomUUID(),
        appUserId: sandboxUser,
        isSandbox: true,
        storeTransactionId: `sb_${randomUUID()}`,
      },
      {
        ...base,
        id: randomUUID(),
        appUserId: productionUser,
        isSandbox: false,
        storeTransactionId: `prod_${randomUUID()}`,
      },
    ]);
    server.clock.advance(DAY);

    await settle(sandboxUser);

    for (const [appUserId, environment] of [
      [sandboxUser, "SANDBOX"],
      [productionUser, "PRODUCTION"],
    ] as const) {
      const [period, renewal] = await periods(appUserId);
      expect(renewal).toBeUndefined();
      expect(period!.billingIssuesDetectedAt).toEqual(server.clock.now);
      expect(eventsOf(appUserId).map((e) => [e.type, e.environment, e.store])).toEqual([
        ["BILLING_ISSUE", environment, "RC_BILLING"],
      ]);
    }
  });

  it("renews nothing that a later purchase of the same product replaced", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    server.clock.advance(DAY);
    // A second running purchase of the product, as a customer merge (identify) leaves one: neither the Test Store
    // nor the checkout sells it while the first runs. The customer has had the free trial: this one is a paid month.
    const [trial] = await server.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.appUserId, appUserId));
    const secondEnds = addIsoDuration(server.clock.now, "P1M");
    await server.database.db.insert(purchases).values({
      ...trial!,
      id: randomUUID(),
      storeTransactionId: randomUUID(),
      periodType: "normal",
      purchaseDate: server.clock.now,
      originalPurchaseDate: server.clock.now,
      expiresDate: secondEnds,
      createdAt: server.clock.now,
    });
    server.clock.advance(WEEK);

    // The trial ended inside the paid month: it does not renew.
    expect((await settle(appUserId)).types).toEqual(["INITIAL_PURCHASE"]);
    setClock(secondEnds);
    // Only the paid month renews, once.
    expect((await settle(appUserId)).types).toEqual(["INITIAL_PURCHASE", "RENEWAL"]);
    expect(await periods(appUserId)).toHaveLength(3);
  });

  it("guards the cancel route with the admin secret and answers 404 without a running subscription", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);

    const wrong = await cancel(appUserId, { "x-billing-admin-secret": "not_the_secret" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(7225);
    expect((await cancel(appUserId, {})).status).toBe(403);
    const noKey = await call(server, "POST", `/v1/subscribers/${appUserId}/subscriptions/${PRODUCT}/cancel`, {
      key: null,
      headers: { "x-billing-admin-secret": ADMIN_SECRET },
    });
    expect(noKey.status).toBe(401);
    const otherProject = await call(
      server,
      "POST",
      `/v1/subscribers/${appUserId}/subscriptions/${PRODUCT}/cancel`,
      { key: KEYS.otherProject, headers: { "x-billing-admin-secret": ADMIN_SECRET } },
    );
    expect(otherProject.status).toBe(404);
    const nothing = await cancel(user());
    expect(nothing.status).toBe(404);
    expect(typeof nothing.body.message).toBe("string");

    const rows = await server.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.appUserId, appUserId), eq(purchases.projectId, "realmheart")));
    expect(rows[0]!.unsubscribeDetectedAt).toBeNull();
  });
});

describe.each(DATABASES)("background workers on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, {
      workers: undefined,
      workerIntervalMs: 20,
      webhooks: { realmheart: { url: receiver.url, secret: "whsec_worker_tests" } },
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it("renew and deliver on their own while the server runs", async () => {
    await postTestStoreReceipt(server, "worker_user");
    await vi.waitFor(() => expect(receiver.events().map((e) => e.type)).toEqual(["INITIAL_PURCHASE"]), {
      timeout: 5000,
    });
    server.clock.advance(WEEK);
    await vi.waitFor(
      () => expect(receiver.events().map((e) => e.type)).toEqual(["INITIAL_PURCHASE", "RENEWAL"]),
      { timeout: 5000 },
    );
  });

  it("serve no cancel route when no admin secret is configured", async () => {
    const response = await call(
      server,
      "POST",
      `/v1/subscribers/worker_user/subscriptions/${PRODUCT}/cancel`,
      {
        headers: { "x-billing-admin-secret": "" },
      },
    );
    expect(response.status).toBe(404);
  });
});
