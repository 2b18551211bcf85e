// Issue #11 (A): a Paystack that answers too late, or after the customer's browser has given up, never costs the
// customer a payment and never grants it twice. The fake Paystack holds its answers (no timing games) while the app
// runs with a short gateway timeout; every later verification, callback and webhook replay must agree on one
// month and one successful payment row.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payments, users } from "../src/db/schema.js";
import { PaystackGateway } from "../src/payments/gateways/paystack-gateway.js";
import {
  CARD_CHECK_REFUND_GIVE_UP_MS,
  CARD_CHECK_REFUND_RETRY_MS,
  refundOverdueCardChecks,
} from "../src/payments/card-check-refunds.js";
import { RENEWAL_RETRY_MS, runRenewals, startRenewalWorker } from "../src/payments/renewal-worker.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { follow, startPremiumPayment, startTrialSetup } from "./support/payments.js";
import { Client, DATABASES, startTestApp, verifiedUser, type TestApp } from "./support/test-app.js";

/** The app's Paystack timeout here (15 s in production): long enough for a loaded CI machine, short for a test. */
const GATEWAY_TIMEOUT_MS = 400;
const START = new Date("2026-11-21T12:00:00Z");
/** One month after START: what a single grant of Premium Realm buys. */
const ONE_MONTH_LATER = "2026-12-21T12:00:00.000Z";
const DAY_MS = 24 * 60 * 60_000;
const GATEWAY_ERROR = {
  message: "The payment provider could not be reached. Please try again.",
  code: "payment_gateway_error",
};

describe.each(DATABASES)("payments that survive a slow Paystack on %s", (kind) => {
  let server: TestApp;
  let paystack: FakePaystack;
  let gateway: PaystackGateway;

  beforeAll(async () => {
    paystack = await FakePaystack.start();
    gateway = new PaystackGateway({
      secretKey: paystack.secretKey,
      baseUrl: paystack.url,
      timeoutMs: GATEWAY_TIMEOUT_MS,
    });
    server = await startTestApp(kind, {
      renewals: false,
      paymentGateway: gateway,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    });
  });
  afterAll(async () => {
    await server.close();
    await paystack.close();
  });
  beforeEach(() => {
    paystack.releaseAnswers();
    server.clock.current = new Date(START);
  });

  const userRow = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const paymentRows = (id: string) =>
    server.database.db.select().from(payments).where(eq(payments.userId, id));
  /** What the renewal worker runs with: this server's database and clock, and the short-timeout gateway. */
  const workerContext = () => ({ db: server.database.db, clock: server.clock, gateway, log: server.app.log });
  const postWebhook = (reference: string) => {
    const { body, signature } = paystack.webhook("charge.success", reference);
    return new Client(server).request("POST", "/api/webhooks/paystack", {
      rawBody: body,
      headers: { "content-type": "application/json", "x-paystack-signature": signature },
    });
  };

  /**
   * Every way a settled reference can be announced again, at once: verifications, the browser's callback and
   * Paystack's webhook (twice each at least). None may grant a second month.
   */
  async function announceAgain(client: Client, reference: string, periodEnd: string) {
    const answers = await Promise.all([
      client.post("/api/verify-payment", { reference }),
      client.post("/api/verify-payment", { reference }),
      client.post("/api/verify-payment", { reference }),
      postWebhook(reference),
      postWebhook(reference),
      new Client(server).get(`/payment/callback?trxref=${reference}&reference=${reference}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 303]);
    for (const verified of answers.slice(0, 3)) {
      expect(verified.body).toEqual({
        status: "success",
        reference,
        subscriptionStatus: "active",
        subscriptionPeriodEnd: periodEnd,
      });
    }
    expect(answers[5]?.headers.get("location")).toBe(`/subscribe?payment=success&reference=${reference}`);
  }

  /** A new user who has paid for Premium Realm at Paystack; the app has not heard of it yet. */
  async function paidPremium() {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    return { client, user, reference };
  }

  /** The user's only payment, successful, and one month of premium. */
  async function expectGrantedOnce(userId: string, reference: string) {
    const rows = await paymentRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reference, status: "success", amount: 9900, currency: "ZAR" });
    const user = await userRow(userId);
    expect(user.subscriptionStatus).toBe("active");
    expect(user.subscriptionPeriodEnd?.toISOString()).toBe(ONE_MONTH_LATER);
  }

  it("answers 502 when Paystack's verification outlasts the timeout, keeps the payment pending, and grants exactly once when verified later", async () => {
    const { client, user, reference } = await paidPremium();

    paystack.holdAnswers();
    const asked = paystack.nextCallTo("/transaction/verify");
    const timedOut = await client.post("/api/verify-payment", { reference });
    await asked;
    expect(timedOut.status).toBe(502);
    expect(timedOut.body).toEqual(GATEWAY_ERROR);
    // Paystack's answer arrives after the app gave up on it, and must change nothing.
    paystack.releaseAnswers();
    expect((await paymentRows(user.id))[0]).toMatchObject({ status: "pending", settledAt: null });
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("trial");
    expect((await userRow(user.id)).subscriptionPeriodEnd).toBeNull();

    const verified = await client.post("/api/verify-payment", { reference });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      status: "success",
      reference,
      subscriptionStatus: "active",
      subscriptionPeriodEnd: ONE_MONTH_LATER,
    });
    // A day later, so that a second grant would add a month to the running one rather than start the same one.
    server.clock.advance(DAY_MS);
    await announceAgain(client, reference, ONE_MONTH_LATER);
    await expectGrantedOnce(user.id, reference);
  });

  it("answers 502 on every verification while Paystack stays silent, granting nothing until it answers", async () => {
    const { client, user, reference } = await paidPremium();
    paystack.holdAnswers();
    const attempts = await Promise.all([
      client.post("/api/verify-payment", { reference }),
      client.post("/api/verify-payment", { reference }),
      new Client(server).get(`/payment/callback?reference=${reference}`),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([502, 502, 303]);
    expect(attempts[2]?.headers.get("location")).toBe(`/subscribe?payment=pending&reference=${reference}`);
    expect((await paymentRows(user.id))[0]?.status).toBe("pending");

    paystack.releaseAnswers();
    expect((await postWebhook(reference)).status).toBe(200);
    await announceAgain(client, reference, ONE_MONTH_LATER);
    await expectGrantedOnce(user.id, reference);
  });

  it("grants once when Paystack answers after the browser gave up on verify-payment; re-verifying does not grant again", async () => {
    const { client, user, reference } = await paidPremium();

    paystack.holdAnswers();
    const asked = paystack.nextCallTo("/transaction/verify");
    const browser = new AbortController();
    const abandoned = fetch(`${server.url}/api/verify-payment`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: JSON.stringify({ reference }),
      signal: browser.signal,
    });
    await asked;
    // The app is waiting for Paystack when the browser gives up (a closed tab, a client-side timeout).
    browser.abort();
    await expect(abandoned).rejects.toThrow();
    paystack.releaseAnswers();
    // The app still settles the payment it asked about, though nobody is listening for the answer.
    await expect.poll(async () => (await paymentRows(user.id))[0]?.status).toBe("success");

    server.clock.advance(DAY_MS);
    await announceAgain(client, reference, ONE_MONTH_LATER);
    await expectGrantedOnce(user.id, reference);
  });

  it("grants one month when verifications, callbacks and webhooks race for a reference Paystack has just answered", async () => {
    const { client, user, reference } = await paidPremium();
    paystack.holdAnswers();
    const racing = Promise.all([
      client.post("/api/verify-payment", { reference }),
      client.post("/api/verify-payment", { reference }),
      client.post("/api/verify-payment", { reference }),
      new Client(server).get(`/payment/callback?reference=${reference}`),
    ]);
    // Every verification is in flight at Paystack before any answer is let through.
    const verifyPath = `/transaction/verify/${reference}`;
    while (paystack.callsTo(verifyPath).length < 4) await paystack.nextCallTo(verifyPath);
    paystack.releaseAnswers();
    const [webhook, answers] = await Promise.all([postWebhook(reference), racing]);
    expect(webhook.status).toBe(200);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 303]);
    expect(new Set(answers.slice(0, 3).map((a) => a.body.subscriptionPeriodEnd))).toEqual(
      new Set([ONE_MONTH_LATER]),
    );
    await expectGrantedOnce(user.id, reference);
  });

  it("takes over a renewal Paystack charged but answered too late for, by verifying it, without charging again", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference: setup } = await startTrialSetup(client);
    const card = paystack.pay(setup).authorizationCode!;
    expect(await follow(client, `/trial-setup/callback?reference=${setup}`)).toBe("/");
    const trialEnd = (await userRow(user.id)).trialEndDate!;
    const ctx = workerContext();
    const chargesOnCard = () =>
      [...paystack.transactions.values()].filter((t) => t.authorizationCode === card && t.amount === 9900);
    const renewals = () =>
      server.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, user.id), eq(payments.kind, "renewal")));

    server.clock.advance(7 * DAY_MS + 1000);
    paystack.holdAnswers();
    expect(await runRenewals(ctx)).toEqual({ charged: 1, succeeded: 0, failed: 0, pending: 1, expired: 0 });
    // Paystack goes on to charge the card; its answer is lost.
    paystack.releaseAnswers();
    await expect.poll(() => chargesOnCard().map((t) => t.status)).toEqual(["success"]);
    expect((await renewals())[0]?.status).toBe("pending");
    expect((await userRow(user.id)).subscriptionStatus).toBe("trial");

    // The takeover's own verification times out too: still pending, still one charge.
    server.clock.advance(RENEWAL_RETRY_MS);
    paystack.holdAnswers();
    expect(await runRenewals(ctx)).toEqual({ charged: 0, succeeded: 0, failed: 0, pending: 1, expired: 0 });
    paystack.releaseAnswers();

    server.clock.advance(RENEWAL_RETRY_MS);
    expect(await runRenewals(ctx)).toEqual({ charged: 0, succeeded: 1, failed: 0, pending: 0, expired: 0 });
    expect(chargesOnCard()).toHaveLength(1);
    expect((await renewals()).map((r) => r.status)).toEqual(["success"]);
    const renewed = await userRow(user.id);
    expect(renewed.subscriptionStatus).toBe("active");
    expect(renewed.subscriptionPeriodEnd?.toISOString()).toBe("2026-12-28T12:00:00.000Z");
    expect(trialEnd.toISOString()).toBe("2026-11-28T12:00:00.000Z");
  });

  /** A new user whose trial is set up, but whose R1.00 card check Paystack failed to refund. */
  async function trialWithUnrefundedCheck() {
    const { client, user } = await verifiedUser(server);
    const { reference: setup } = await startTrialSetup(client);
    paystack.pay(setup);
    paystack.refundsFail = true;
    try {
      expect(await follow(client, `/trial-setup/callback?reference=${setup}`)).toBe("/");
    } finally {
      paystack.refundsFail = false;
    }
    return { user, setup };
  }
  it("refunds a trial card check whose refund failed on a later worker pass, once across concurrent passes", async () => {
    const { user, setup } = await trialWithUnrefundedCheck();
    expect((await userRow(user.id)).paymentMethodSetup).toBe(true);
    const check = async () => (await paymentRows(user.id)).find((p) => p.reference === setup)!;
    expect((await check()).refundedAt).toBeNull();
    const refundCalls = () => paystack.callsTo("/refund").filter((call) => call.body.transaction === setup);
    expect(refundCalls()).toHaveLength(1);

    // Not yet overdue: the settlement's own attempt was just now.
    expect(await refundOverdueCardChecks(workerContext())).toBe(0);
    server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
    const worker = startRenewalWorker(workerContext(), 60 * 60_000);
    try {
      const passes = await Promise.all([worker.tick(), refundOverdueCardChecks(workerContext())]);
      expect(passes[1]).toBeLessThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    expect(refundCalls()).toHaveLength(2);
    expect(paystack.refunded.filter((reference) => reference === setup)).toHaveLength(1);
    expect((await check()).refundedAt?.toISOString()).toBe(server.clock.now().toISOString());

    server.clock.advance(CARD_CHECK_REFUND_RETRY_MS);
    expect(await refundOverdueCardChecks(workerContext())).toBe(0);
    expect(refundCalls()).toHaveLength(2);
  });

  it("leaves card checks settled more than a week ago to the gateway's dashboard", async () => {
    const { user, setup } = await trialWithUnrefundedCheck();
    server.clock.advance(CARD_CHECK_REFUND_GIVE_UP_MS + 1000);
    expect(await refundOverdueCardChecks(workerContext())).toBe(0);
    expect(paystack.refunded).not.toContain(setup);
    const [row] = await paymentRows(user.id);
    expect(row?.refundedAt).toBeNull();
  });
});
