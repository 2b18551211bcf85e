import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StripeGateway, encodeStripeForm } from "../src/gateway/stripe-gateway.js";
import { startFakeStripe, type FakeStripe } from "./support/fake-stripe.js";

describe("Stripe gateway client", () => {
  let fake: FakeStripe;
  let stripe: StripeGateway;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = new StripeGateway(fake.options);
  });
  afterAll(() => fake.close());

  const customer = () =>
    stripe.createCustomer({
      operationSessionId: "opsess_gw",
      email: "ada@example.com",
      appUserId: "ada",
      projectId: "realmheart",
    });

  it("encodes nested parameters the way Stripe reads them", () => {
    const form = encodeStripeForm({
      amount: 9900,
      payment_method_types: ["card"],
      metadata: { operation_session_id: "opsess_1" },
      customer: null,
    });
    expect(decodeURIComponent(form)).toBe(
      "amount=9900&payment_method_types[]=card&metadata[operation_session_id]=opsess_1",
    );
  });

  it("creates an off-session SetupIntent form-encoded, with the secret key, an Idempotency-Key and the account", async () => {
    const customerId = await customer();
    const intent = await stripe.createSetupIntent({ operationSessionId: "opsess_gw", customerId });
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe("/v1/setup_intents");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers.authorization).toBe(`Bearer ${fake.options.secretKey}`);
    expect(request?.headers["stripe-account"]).toBe(fake.options.accountId);
    expect(request?.headers["idempotency-key"]).toMatch(/^opsess_gw-[0-9a-f]{32}$/);
    expect(request?.form).toEqual({
      customer: customerId,
      usage: "off_session",
      payment_method_types: ["card"],
      metadata: { operation_session_id: "opsess_gw" },
    });
  });

  it("gets the same PaymentIntent back when the same call is retried, and a new one for another amount", async () => {
    const customerId = await customer();
    const input = {
      operationSessionId: "opsess_gw",
      customerId,
      amount: 9900,
      currency: "ZAR",
      setupFutureUsage: "off_session" as const,
    };
    const first = await stripe.createPaymentIntent(input);
    const again = await stripe.createPaymentIntent(input);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ type: "payment_intent", amount: 9900 });
    expect(fake.intents.get(first.id)).toMatchObject({ currency: "zar", setup_future_usage: "off_session" });
    const other = await stripe.createPaymentIntent({ ...input, amount: 11385 });
    expect(other.id).not.toBe(first.id);
    const updated = await stripe.updatePaymentIntentAmount({
      operationSessionId: "opsess_gw",
      intentId: first.id,
      amount: 11880,
    });
    expect(updated).toMatchObject({ id: first.id, amount: 11880 });
  });

  it("turns Stripe's errors and unreachable Stripe into 400 with code 7773 and Stripe's message", async () => {
    const wrongKey = new StripeGateway({ ...fake.options, secretKey: "sk_test_wrong_key_1234" });
    await expect(
      wrongKey.createSetupIntent({ operationSessionId: "x", customerId: "cus_x" }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 7773,
      message: expect.stringContaining("Invalid API Key provided"),
    });
    fake.failNext(402, { type: "card_error", message: "Your card has insufficient funds." });
    await expect(
      stripe.createCustomer({
        operationSessionId: "opsess_fail",
        email: "a@b.co",
        appUserId: "a",
        projectId: "p",
      }),
    ).rejects.toMatchObject({ code: 7773, message: expect.stringContaining("insufficient") });
    await expect(
      stripe.createSetupIntent({ operationSessionId: "x", customerId: "cus_missing" }),
    ).rejects.toMatchObject({ code: 7773, message: expect.stringContaining("No such customer") });
    const unreachable = new StripeGateway({ ...fake.options, apiBase: "http://127.0.0.1:9" });
    await expect(
      unreachable.createSetupIntent({ operationSessionId: "x", customerId: "cus_x" }),
    ).rejects.toMatchObject({ code: 7773, message: expect.stringContaining("could not be reached") });
  });
});
