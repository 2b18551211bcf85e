import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_API_VERSION, StripeGateway } from "../src/gateway/stripe-gateway.js";
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

  it("creates an off-session SetupIntent form-encoded, with the secret key, the pinned version, an Idempotency-Key and the account", async () => {
    const customerId = await customer();
    const intent = await stripe.createSetupIntent({ operationSessionId: "opsess_gw", customerId });
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe("/v1/setup_intents");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.headers.authorization).toBe(`Bearer ${fake.options.secretKey}`);
    expect(request?.headers["stripe-account"]).toBe(fake.options.accountId);
    expect(request?.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(request?.headers["idempotency-key"]).toMatch(/^opsess_gw-[0-9a-f]{32}$/);
    expect(request?.form).toEqual({
      customer: customerId,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
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
      message: expect.stringContaining("Stripe refused the server's secret key"),
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

  it("is answered by a fake as strict as the pinned version: payment_method_types and unknown parameters are refused", async () => {
    // The official client, pointed at the fake, with a parameter the pinned version no longer has.
    const Stripe = (await import("stripe")).default;
    const raw = new Stripe(fake.options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      host: "127.0.0.1",
      port: new URL(fake.options.apiBase).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const customerId = await customer();
    const refused = (params: object) =>
      raw.paymentIntents
        .create({ amount: 9900, currency: "zar", customer: customerId, ...params } as never)
        .then(
          () => null,
          (error: { code?: string; param?: string; statusCode?: number }) => error,
        );
    expect(await refused({ payment_method_types: ["card"] })).toMatchObject({
      statusCode: 400,
      code: "payment_method_types_no_longer_supported",
      param: "payment_method_types",
    });
    expect(await refused({ payment_methods_types: ["card"] })).toMatchObject({
      code: "parameter_unknown",
      param: "payment_methods_types",
    });
    expect(await refused({ allowed_payment_method_types: ["card"] })).toBeNull();
    // Another API version is not what the fake models: it says so instead of answering as if it were.
    const otherVersion = new Stripe(fake.options.secretKey, {
      apiVersion: "2024-06-20" as typeof STRIPE_API_VERSION,
      host: "127.0.0.1",
      port: new URL(fake.options.apiBase).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(otherVersion.customers.create({ email: "a@b.co" })).rejects.toMatchObject({
      code: "api_version_invalid",
    });
  });

  describe("off-session renewal charges", () => {
    /** A customer with a card saved by a confirmed SetupIntent, as after a trial checkout. */
    async function savedCard() {
      const customerId = await customer();
      const setup = await stripe.createSetupIntent({ operationSessionId: "opsess_card", customerId });
      fake.webhookUrl = "http://127.0.0.1:9/ignored";
      await fake.confirm(setup.clientSecret, "succeeded").catch(() => undefined);
      const paymentMethodId = fake.intentBySecret(setup.clientSecret).payment_method as string;
      return { customerId, paymentMethodId };
    }
    const charge = (card: { customerId: string; paymentMethodId: string }, attempt = 0) =>
      stripe.chargeRenewal({
        renewalId: `seti_x_renewal_${attempt}_${card.paymentMethodId}`,
        attempt,
        ...card,
        amount: 11385,
        currency: "ZAR",
        metadata: { project_id: "realmheart", period_id: "p1" },
      });

    it("charges the saved card once per attempt, confirmed at once, however often the call is retried", async () => {
      const card = await savedCard();
      const first = await charge(card);
      expect(first).toMatchObject({ status: "succeeded", paymentIntentId: expect.stringMatching(/^pi_/) });
      expect(await charge(card)).toEqual(first);
      const charged = fake.offSessionCharges().filter((c) => c.payment_method === card.paymentMethodId);
      expect(charged).toHaveLength(1);
      expect(charged[0]).toMatchObject({ amount: 11385, currency: "zar", customer: card.customerId });
      const request = fake.requests.at(-2);
      expect(request?.form).toMatchObject({ off_session: "true", confirm: "true" });
      expect(request?.form).not.toHaveProperty("payment_method_types");
    });

    it("answers a decline and an authentication the bank requires as outcomes, not errors", async () => {
      const declined = await savedCard();
      fake.setCardBehaviour(declined.paymentMethodId, "declines");
      expect(await charge(declined)).toMatchObject({
        status: "declined",
        message: "Your card has insufficient funds.",
      });
      const sca = await savedCard();
      fake.setCardBehaviour(sca.paymentMethodId, "requires_authentication");
      const outcome = await charge(sca);
      expect(outcome).toMatchObject({ status: "authentication_required" });
      if (outcome.status !== "authentication_required") throw new Error("unreachable");
      expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.paymentIntentId}_secret_`));
    });

    it("throws when the outcome is unknown (Stripe unreachable), so the renewal is tried again later", async () => {
      const card = await savedCard();
      const unreachable = new StripeGateway({ ...fake.options, apiBase: "http://127.0.0.1:9" });
      await expect(
        unreachable.chargeRenewal({
          renewalId: "r",
          attempt: 0,
          ...card,
          amount: 100,
          currency: "ZAR",
          metadata: {},
        }),
      ).rejects.toMatchObject({ code: 7773 });
    });
  });
});
