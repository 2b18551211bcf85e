import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, users } from "../src/db/schema.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { follow, startPremiumPayment, startTrialSetup } from "./support/payments.js";
import { Client, DATABASES, startTestApp, verifiedUser, type TestApp } from "./support/test-app.js";

describe.each(DATABASES)("payments through Paystack on %s", (kind) => {
  let server: TestApp;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await FakePaystack.start();
    server = await startTestApp(kind, {
      renewals: false,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    });
  });
  afterAll(async () => {
    await server.close();
    await paystack.close();
  });

  const userRow = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0];
  const paymentRows = (id: string) =>
    server.database.db.select().from(payments).where(eq(payments.userId, id));
  const postWebhook = (body: string, headers: Record<string, string>) =>
    new Client(server).request("POST", "/api/webhooks/paystack", { rawBody: body, headers });

  it("tells the client Paystack is in use and has no sandbox", async () => {
    const client = new Client(server);
    expect((await client.get("/api/config")).body.paymentProvider).toBe("paystack");
    expect((await client.get("/sandbox/authorize/rh-1")).status).toBe(404);
  });

  it("initializes at Paystack with the app's reference and callback, and answers Paystack's checkout URL", async () => {
    const { client } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client, "ysolde@realmheart.test");
    expect(authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(paystack.transactions.get(reference)).toMatchObject({
      amount: 9900,
      currency: "ZAR",
      email: "ysolde@realmheart.test",
      callbackUrl: `${server.url}/payment/callback`,
    });
  });

  it("activates premium when Paystack reports 9900 ZAR paid, through verify-payment or the callback", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    expect(
      await follow(new Client(server), `/payment/callback?trxref=${reference}&reference=${reference}`),
    ).toBe(`/subscribe?payment=success&reference=${reference}`);
    const verified = await client.post("/api/verify-payment", { reference });
    expect(verified.body).toMatchObject({ status: "success", subscriptionStatus: "active" });
    expect((await userRow(user.id))?.paymentMethodSetup).toBe(true);
  });

  it("refuses a payment of another amount (a tampered checkout) and remembers the refusal", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference, { amount: 100 });
    for (let i = 0; i < 2; i++) {
      const answer = await client.post("/api/verify-payment", { reference });
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({
        message: "The payment does not match the price, so nothing was granted",
        code: "payment_failed",
      });
    }
    expect((await userRow(user.id))?.subscriptionStatus).toBe("trial");
    expect((await paymentRows(user.id))[0]).toMatchObject({
      status: "failed",
      failureReason: "amount_mismatch",
    });
  });

  it("answers 502 when Paystack is down, leaving the payment pending to verify later", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    paystack.nextAnswer = { status: 503, body: "maintenance" };
    const down = await client.post("/api/verify-payment", { reference });
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      message: "The payment provider could not be reached. Please try again.",
      code: "payment_gateway_error",
    });
    expect((await paymentRows(user.id))[0]?.status).toBe("pending");
    expect((await client.post("/api/verify-payment", { reference })).status).toBe(200);
  });

  it("refuses webhooks with a missing or wrong signature (401) and changes nothing", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    const genuine = paystack.webhook("charge.success", reference);
    const forged = paystack.webhook("charge.success", reference, "sk_test_someone_else");
    const attempts: Array<[string, Record<string, string>]> = [
      [genuine.body, { "content-type": "application/json" }],
      [genuine.body, { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) }],
      [genuine.body, { "content-type": "application/json", "x-paystack-signature": forged.signature }],
      [`${genuine.body} `, { "content-type": "application/json", "x-paystack-signature": genuine.signature }],
    ];
    for (const [body, headers] of attempts) {
      const answer = await postWebhook(body, headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid webhook signature", code: "invalid_signature" });
    }
    expect((await userRow(user.id))?.subscriptionStatus).toBe("trial");
    expect((await paymentRows(user.id))[0]?.status).toBe("pending");
  });

  it("applies a signed charge.success once: a replay has no second effect", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    const { body, signature } = paystack.webhook("charge.success", reference);
    // Server to server: Paystack's request is not a browser's, and the origin check does not apply to it.
    const headers = {
      "content-type": "application/json",
      "x-paystack-signature": signature,
      origin: "https://paystack.com",
      "sec-fetch-site": "cross-site",
    };
    expect((await postWebhook(body, headers)).status).toBe(200);
    const first = await userRow(user.id);
    expect(first?.subscriptionStatus).toBe("active");
    server.clock.advance(60_000);
    try {
      const replays = await Promise.all([postWebhook(body, headers), postWebhook(body, headers)]);
      expect(replays.map((r) => r.status)).toEqual([200, 200]);
      expect((await userRow(user.id))?.subscriptionPeriodEnd).toEqual(first?.subscriptionPeriodEnd);
      expect(await paymentRows(user.id)).toHaveLength(1);
      expect((await client.post("/api/verify-payment", { reference })).body.subscriptionPeriodEnd).toBe(
        first?.subscriptionPeriodEnd?.toISOString(),
      );
    } finally {
      server.clock.advance(-60_000);
    }
  });

  it("acknowledges other events and unknown references without acting", async () => {
    const { client, user } = await verifiedUser(server);
    const { reference } = await startPremiumPayment(client);
    paystack.pay(reference);
    const transfer = paystack.webhook("transfer.success", reference);
    const answer = await postWebhook(transfer.body, {
      "content-type": "application/json",
      "x-paystack-signature": transfer.signature,
    });
    expect(answer.status).toBe(200);
    expect((await userRow(user.id))?.subscriptionStatus).toBe("trial");
    const garbage = '{"event":"charge.success","data":{"nope":1}}';
    const signed = await postWebhook(garbage, {
      "content-type": "application/json",
      "x-paystack-signature": (await import("../src/payments/paystack-webhook-routes.js")).paystackSignature(
        garbage,
        paystack.secretKey,
      ),
    });
    expect(signed.status).toBe(400);
  });

  it("sets up the trial with a reusable card and refunds the R1.00 check", async () => {
    const { client } = await verifiedUser(server);
    const { reference } = await startTrialSetup(client);
    expect(paystack.transactions.get(reference)).toMatchObject({ amount: 100, currency: "ZAR" });
    paystack.pay(reference);
    expect(await follow(client, `/trial-setup/callback?trxref=${reference}&reference=${reference}`)).toBe(
      "/",
    );
    expect((await client.get("/api/auth/user")).body).toMatchObject({
      paymentMethodSetup: true,
      trialEndDate: "2026-11-28T12:00:00.000Z",
    });
    expect(paystack.callsTo("/refund").map((call) => call.body.transaction)).toContain(reference);
  });

  it("refuses a trial card Paystack cannot charge again", async () => {
    const { client } = await verifiedUser(server);
    const { reference } = await startTrialSetup(client);
    paystack.pay(reference, { reusable: false });
    expect(await follow(client, `/trial-setup/callback?reference=${reference}`)).toBe(
      `/trial-setup?setup=failed&reference=${reference}`,
    );
    const completed = await client.post("/api/trial/complete", { reference });
    expect(completed.body).toEqual({
      message: "This card cannot be saved for later payments. Please use another card",
      code: "payment_failed",
    });
  });
});
