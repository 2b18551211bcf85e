// Card subscriptions end to end against the strict fake Stripe: the checkout (trial, a paid month whose tax changed
// before paying, a consumable twice), then the renewals the lifecycle charges off-session to the saved card — each
// period once although two workers race for it, a decline retried through the grace period and then expired, and a
// payment the bank wants confirmed (SCA) renewed once the customer confirms it.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purchases } from "../src/db/schema.js";
import { StripeGateway } from "../src/gateway/stripe-gateway.js";
import { cardRenewalCharger } from "../src/lifecycle/card-renewal-charger.js";
import { GRACE_PERIOD_DAYS, RENEWAL_RETRY_DAYS, runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { KEYS } from "./support/catalogue.js";
import { buyThroughStripe, checkoutCall, startBody, useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";

const DAY = 86_400_000;
const PRODUCT = "premium_realm_monthly";
const NO_TRIAL = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };

describe.each(DATABASES)("card subscriptions renewed off-session on %s", (kind) => {
  const { checkout, server, post } = useCheckoutServer(kind);
  const fake = () => checkout().stripe;
  const ctx = () => ({ db: server().database.db, now: () => server().clock.now });
  const charger = () => cardRenewalCharger(ctx(), new StripeGateway(fake().options));
  /** Two workers pass at the same instant, as two processes on one database would. */
  const twoWorkers = () =>
    Promise.all([0, 1].map(() => runLifecycle(ctx(), { renewalCharger: charger(), batchSize: 1 })));
  const advanceTo = (at: Date) => server().clock.advance(at.getTime() - server().clock.now.getTime());
  const periods = (appUserId: string) =>
    server()
      .database.db.select()
      .from(purchases)
      .where(and(eq(purchases.appUserId, appUserId), eq(purchases.productId, PRODUCT)))
      .orderBy(asc(purchases.purchaseDate));
  const subscriber = async (appUserId: string) =>
    (await call(server(), "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.sandbox })).body;
  const premiumActive = async (appUserId: string) => {
    const info = await subscriber(appUserId);
    const premium = info.subscriber.entitlements.premium;
    return premium !== undefined && new Date(premium.expires_date) > new Date(info.request_date);
  };
  const chargesOf = (customerId: unknown) =>
    fake()
      .offSessionCharges()
      .filter((c) => c.customer === customerId);

  /** A paid month bought with the card; the billing address changed to Germany before paying. */
  async function buyPaidMonthInGermany(appUserId: string) {
    const start = await post("/start", startBody(appUserId, NO_TRIAL));
    const id: string = start.body.operation_session_id;
    const first = await post(`/${id}/complete`, { email: `${appUserId}@example.com` });
    await post(`/${id}/calculate_taxes`, { country_code: "DE", postal_code: "10115" });
    const again = await post(`/${id}/complete`, {});
    expect(again.body.gateway_params.client_secret).toBe(first.body.gateway_params.client_secret);
    const clientSecret: string = again.body.gateway_params.client_secret;
    const paid = await fake().confirm(clientSecret, "succeeded");
    expect(paid.body).toEqual({ received: true, result: "succeeded" });
    const intent = fake().intentBySecret(clientSecret);
    expect(intent.amount).toBe(11781); // R99 + 19 % VAT
    return { customerId: intent.customer, paymentMethodId: intent.payment_method as string };
  }

  it("charges months 2 and 3 once each, with the checkout's tax, however many workers race", async () => {
    const appUserId = "card_monthly";
    const { customerId, paymentMethodId } = await buyPaidMonthInGermany(appUserId);
    const [month1] = await periods(appUserId);

    advanceTo(new Date(month1!.expiresDate!.getTime() + 60_000));
    const reports = await twoWorkers();
    expect(reports.reduce((n, r) => n + r.renewals, 0)).toBe(1);
    advanceTo(new Date((await periods(appUserId))[1]!.expiresDate!.getTime() + 60_000));
    await twoWorkers();
    await twoWorkers();

    const charges = chargesOf(customerId);
    expect(charges.map((c) => [c.amount, c.currency, c.status, c.payment_method])).toEqual([
      [11781, "zar", "succeeded", paymentMethodId],
      [11781, "zar", "succeeded", paymentMethodId],
    ]);
    const [, month2, month3] = await periods(appUserId);
    expect(month2!.purchaseDate).toEqual(month1!.expiresDate);
    expect(month3!.purchaseDate).toEqual(month2!.expiresDate);
    expect(await periods(appUserId)).toHaveLength(3);
    expect(await premiumActive(appUserId)).toBe(true);
  });

  it("charges the first month when the trial ends, to the card the trial saved", async () => {
    const appUserId = "card_trial";
    const { intent } = await buyThroughStripe(checkout(), appUserId);
    expect(intent.object).toBe("setup_intent");
    const [trial] = await periods(appUserId);
    expect(trial!.periodType).toBe("trial");

    advanceTo(new Date(trial!.expiresDate!.getTime() + 60_000));
    await twoWorkers();

    expect(chargesOf(intent.customer).map((c) => [c.amount, c.status])).toEqual([[9900, "succeeded"]]);
    expect((await periods(appUserId)).map((p) => p.periodType)).toEqual(["trial", "normal"]);
    expect(await premiumActive(appUserId)).toBe(true);
  });

  it("sells a consumable twice: two payments, nothing to renew", async () => {
    const appUserId = "card_gems";
    const overrides = { product_id: "dragon_gems", price_id: "prc_dragon_gems" };
    const first = await buyThroughStripe(checkout(), appUserId, { overrides });
    const second = await buyThroughStripe(checkout(), appUserId, { overrides });
    expect([first.intent.amount, second.intent.amount]).toEqual([4999, 4999]);
    expect(first.intent.id).not.toBe(second.intent.id);
    server().clock.advance(40 * DAY);
    await twoWorkers();
    expect(chargesOf(first.intent.customer)).toEqual([]);
    expect((await subscriber(appUserId)).subscriber.non_subscriptions.dragon_gems).toHaveLength(2);
  });

  it("retries a declined renewal on days 1, 3 and 5 with premium kept, then expires it", async () => {
    const appUserId = "card_declined";
    const { customerId, paymentMethodId } = await buyPaidMonthInGermany(appUserId);
    fake().setCardBehaviour(paymentMethodId, "declines");
    const [month1] = await periods(appUserId);
    advanceTo(new Date(month1!.expiresDate!.getTime() + 60_000));
    const firstDecline = server().clock.now;

    await twoWorkers();
    expect(chargesOf(customerId)).toHaveLength(1);
    expect(await premiumActive(appUserId)).toBe(true);
    const info = await subscriber(appUserId);
    expect(info.subscriber.subscriptions[PRODUCT]).toMatchObject({
      billing_issues_detected_at: firstDecline.toISOString(),
      grace_period_expires_date: new Date(firstDecline.getTime() + GRACE_PERIOD_DAYS * DAY).toISOString(),
    });

    for (const day of RENEWAL_RETRY_DAYS) {
      advanceTo(new Date(firstDecline.getTime() + day * DAY));
      await twoWorkers();
      await twoWorkers();
      expect(await premiumActive(appUserId)).toBe(true);
    }
    expect(chargesOf(customerId).map((c) => c.status)).toEqual(Array(4).fill("requires_payment_method"));

    advanceTo(new Date(firstDecline.getTime() + GRACE_PERIOD_DAYS * DAY));
    await twoWorkers();
    expect(chargesOf(customerId)).toHaveLength(4);
    expect(await premiumActive(appUserId)).toBe(false);
    expect(await periods(appUserId)).toHaveLength(1);
    expect((await periods(appUserId))[0]!.lifecycleHandledAt).not.toBeNull();
  });

  it("renews a payment the bank wants confirmed once the customer confirms it, and not before", async () => {
    const appUserId = "card_sca";
    const { customerId, paymentMethodId } = await buyPaidMonthInGermany(appUserId);
    fake().setCardBehaviour(paymentMethodId, "requires_authentication");
    const [month1] = await periods(appUserId);
    advanceTo(new Date(month1!.expiresDate!.getTime() + 60_000));
    const waiting: string[] = [];

    // Two workers race for the period: the customer is told once.
    const worker = () =>
      runLifecycle(ctx(), {
        renewalCharger: charger(),
        batchSize: 1,
        onAuthenticationRequired: async ({ authentication }) => {
          waiting.push(authentication.paymentIntentId);
        },
      });
    await Promise.all([worker(), worker()]);
    expect(waiting).toHaveLength(1);
    expect(await premiumActive(appUserId)).toBe(true);
    // No off-session retry while the payment waits for the customer.
    server().clock.advance(3 * DAY);
    await twoWorkers();
    expect(chargesOf(customerId)).toHaveLength(1);

    const confirmed = await fake().authenticate(waiting[0]!);
    expect(confirmed.body).toEqual({ received: true, result: "renewed" });
    expect((await fake().deliver(confirmed.event)).body).toEqual({ received: true, result: "ignored" });
    const [, month2] = await periods(appUserId);
    expect(month2!.purchaseDate).toEqual(month1!.expiresDate);
    advanceTo(new Date(month1!.expiresDate!.getTime() + GRACE_PERIOD_DAYS * DAY + DAY));
    expect(await premiumActive(appUserId)).toBe(true);
    expect(await periods(appUserId)).toHaveLength(2);
  });

  it("refuses, at the fake as at Stripe, a checkout whose intent would carry payment_method_types", async () => {
    // Every intent the checkout made above went through the strict fake: none carried the removed parameter.
    const intents = fake().requests.filter((r) => r.path.startsWith("/v1/") && r.method === "POST");
    expect(intents.length).toBeGreaterThan(5);
    expect(intents.filter((r) => "payment_method_types" in r.form)).toEqual([]);
    const start = await checkoutCall(server(), "POST", "/start", startBody("card_strict", NO_TRIAL));
    expect(start.status).toBe(200);
  });
});
