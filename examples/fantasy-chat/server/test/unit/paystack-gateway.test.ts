import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentGatewayError } from "../../src/payments/gateways/payment-gateway.js";
import { PaystackGateway, parsePaystackTransaction } from "../../src/payments/gateways/paystack-gateway.js";
import { FakePaystack } from "../support/fake-paystack.js";

const checkout = (reference: string) => ({
  reference,
  email: "ysolde@realmheart.test",
  amount: 9900,
  currency: "ZAR",
  callbackUrl: "https://realmheart.example/payment/callback",
  cancelUrl: "https://realmheart.example/subscribe?payment=cancelled",
  description: "Premium Realm: R99.00 a month",
});

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentGatewayError);
    return error as PaymentGatewayError;
  }
  throw new Error("expected the call to fail");
}

describe("the Paystack client against a local Paystack", () => {
  let fake: FakePaystack;
  let gateway: PaystackGateway;
  let n = 0;
  const ref = () => `rh-unit-${++n}`;
  beforeAll(async () => {
    fake = await FakePaystack.start();
  });
  beforeEach(() => {
    gateway = new PaystackGateway({ secretKey: fake.secretKey, baseUrl: `${fake.url}/`, timeoutMs: 500 });
    fake.delayMs = 0;
    fake.nextAnswer = null;
  });
  afterAll(() => fake.close());

  it("initializes a card transaction with the Bearer key, the reference, the callback and the cancel action", async () => {
    const reference = ref();
    const started = await gateway.initialize(checkout(reference));
    expect(started.reference).toBe(reference);
    expect(started.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    const [call] = fake.callsTo("/transaction/initialize").slice(-1);
    expect(call?.body).toMatchObject({
      email: "ysolde@realmheart.test",
      amount: 9900,
      currency: "ZAR",
      reference,
      callback_url: "https://realmheart.example/payment/callback",
      channels: ["card"],
      metadata: { cancel_action: "https://realmheart.example/subscribe?payment=cancelled" },
    });
  });

  it("verifies: unknown reference → null; unpaid → pending; paid → success with the reusable authorization and its card", async () => {
    expect(await gateway.verify("rh-never-made")).toBeNull();
    const reference = ref();
    await gateway.initialize(checkout(reference));
    expect((await gateway.verify(reference))?.status).toBe("pending");
    const paid = fake.pay(reference);
    expect(await gateway.verify(reference)).toEqual({
      reference,
      status: "success",
      amount: 9900,
      currency: "ZAR",
      authorization: {
        code: paid.authorizationCode,
        reusable: true,
        card: { brand: "visa", last4: "4081", expMonth: 12, expYear: 2030 },
      },
      customerEmail: "ysolde@realmheart.test",
      gatewayResponse: "Approved",
    });
    const declined = ref();
    await gateway.initialize(checkout(declined));
    fake.decline(declined);
    expect((await gateway.verify(declined))?.status).toBe("failed");
  });

  it("charges a saved authorization; a declined card is a failed transaction, an unknown one a rejection", async () => {
    const first = ref();
    await gateway.initialize(checkout(first));
    const code = fake.pay(first).authorizationCode!;
    const charge = {
      authorizationCode: code,
      email: "ysolde@realmheart.test",
      amount: 9900,
      currency: "ZAR",
    };
    const charged = await gateway.chargeAuthorization({ ...charge, reference: ref() });
    expect(charged).toMatchObject({ status: "success", amount: 9900, currency: "ZAR" });
    fake.declineChargesOf(first);
    expect((await gateway.chargeAuthorization({ ...charge, reference: ref() })).status).toBe("failed");
    const unknown = await failure(
      gateway.chargeAuthorization({ ...charge, authorizationCode: "AUTH_nope", reference: ref() }),
    );
    expect(unknown.code).toBe("rejected");
    expect(unknown.message).not.toContain("AUTH_nope");
  });

  it("refunds a successful transaction by its reference", async () => {
    const reference = ref();
    await gateway.initialize(checkout(reference));
    fake.pay(reference);
    await gateway.refund(reference);
    expect(fake.callsTo("/refund").at(-1)?.body).toEqual({ transaction: reference });
  });

  it("maps failures: wrong key → rejected (not 'unknown reference'), 5xx and 429 → unavailable, HTML → invalid_response", async () => {
    const wrongKey = new PaystackGateway({ secretKey: "sk_test_wrong", baseUrl: fake.url });
    const refused = await failure(wrongKey.verify("rh-anything"));
    expect(refused).toMatchObject({ code: "rejected", httpStatus: 401 });
    expect(refused.message).not.toContain("sk_test_wrong");

    fake.nextAnswer = { status: 502, body: "<html>Bad gateway</html>" };
    expect((await failure(gateway.verify("rh-x"))).code).toBe("unavailable");
    fake.nextAnswer = { status: 429, body: "slow down" };
    expect((await failure(gateway.initialize(checkout(ref())))).code).toBe("unavailable");
    fake.nextAnswer = { status: 200, body: "<html>captive portal</html>" };
    expect((await failure(gateway.verify("rh-x"))).code).toBe("invalid_response");
  });

  it("gives up after its timeout, and when nothing listens", async () => {
    fake.delayMs = 1500;
    const slow = await failure(gateway.verify("rh-slow"));
    expect(slow).toMatchObject({ code: "unavailable" });
    expect(slow.message).toContain("no answer within 500 ms");
    const nowhere = new PaystackGateway({ secretKey: fake.secretKey, baseUrl: "http://127.0.0.1:9" });
    expect((await failure(nowhere.verify("rh-x"))).code).toBe("unavailable");
  });
});

describe("reading a Paystack authorization's card", () => {
  const transaction = (authorization: Record<string, unknown>) =>
    parsePaystackTransaction({
      reference: "r",
      status: "success",
      amount: 100,
      currency: "zar",
      authorization,
    });

  it("takes brand (or card_type), last4 and the string expiry Paystack sends", () => {
    expect(
      transaction({
        authorization_code: "AUTH_x",
        reusable: true,
        card_type: "Mastercard ",
        last4: "5100",
        exp_month: "03",
        exp_year: "2031",
      }).authorization?.card,
    ).toEqual({ brand: "mastercard", last4: "5100", expMonth: 3, expYear: 2031 });
  });

  it("shows no card rather than a wrong one when a detail is missing or malformed", () => {
    for (const broken of [
      { last4: "51" },
      { exp_month: "13" },
      { exp_year: null },
      { brand: "", card_type: null },
    ]) {
      const authorization = {
        authorization_code: "AUTH_x",
        reusable: true,
        brand: "visa",
        last4: "4081",
        exp_month: "12",
        exp_year: "2030",
        ...broken,
      };
      expect(transaction(authorization).authorization).toEqual({
        code: "AUTH_x",
        reusable: true,
        card: null,
      });
    }
  });
});
