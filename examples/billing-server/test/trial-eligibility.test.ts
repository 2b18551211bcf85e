// Issue #42: one free trial per customer per product family. A customer who had a trial (cancelled, lapsed,
// refunded: any trial period) buys again without one — through the Test Store and the card checkout alike — and the
// products listing stops promising it; a subscription group is one family; `every_purchase` keeps a trial on each
// purchase; a repurchase that starts at the intro price or the base price renews into the right phases.
import { and, asc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogue, type Catalogue } from "../src/catalogue/catalogue-schema.js";
import { purchases } from "../src/db/schema.js";
import { addIsoDuration } from "../src/domain/iso-duration.js";
import { RESERVATION_HOLD_MS } from "../src/domain/promotion-code-reservations.js";
import { isTrialEligible, offeredOption, trialFamily } from "../src/domain/trial-eligibility.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { testCatalogue } from "./support/catalogue.js";
import {
  buyThroughStripe,
  checkoutCall,
  startBody,
  startCheckoutServer,
  type CheckoutServer,
} from "./support/checkout-server.js";
import { hostMintedLink } from "./support/manage-links.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, call, startPeerServer, startTestServer, type TestServer } from "./support/test-server.js";

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const MONTHLY = "premium_realm_monthly";
const ANNUAL = "premium_realm_annual";
const SKETCHBOOK = "sketchbook_monthly";
const CODEX = "codex_monthly";
const MANAGE_SECRET = "trial_eligibility_manage_secret_0123456789";

const monthly = (amountMicros: number) => ({
  period_duration: "P1M",
  price: { amount_micros: amountMicros, currency: "ZAR" },
  cycle_count: 1,
});
const trialWeek = { period_duration: "P1W", price: null, cycle_count: 1 };

/**
 * The test catalogue (Premium Realm's monthly and annual plans share the subscription group `premium_realm`) and
 * two more Realmheart subscriptions: a sketchbook whose trial is given on every purchase, and a codex with a
 * trial, then two months at R49, then R99.
 */
function trialCatalogue(): Catalogue {
  const catalogue = structuredClone(testCatalogue()) as any;
  const realmheart = catalogue.projects.find((p: { id: string }) => p.id === "realmheart");
  realmheart.products.push(
    {
      identifier: SKETCHBOOK,
      product_type: "subscription",
      title: "Sketchbook",
      default_purchase_option_id: "base",
      trial_eligibility: "every_purchase",
      purchase_options: {
        base: { id: "base", price_id: "prc_sketchbook", base: monthly(29_000_000), trial: trialWeek },
      },
    },
    {
      identifier: CODEX,
      product_type: "subscription",
      title: "Codex",
      default_purchase_option_id: "base",
      purchase_options: {
        base: {
          id: "base",
          price_id: "prc_codex",
          base: monthly(99_000_000),
          trial: trialWeek,
          intro_price: { ...monthly(49_000_000), cycle_count: 2 },
        },
      },
    },
  );
  return parseCatalogue(catalogue);
}

const user = () => `user_${randomUUID()}`;
const anonymousId = () => `$RCAnonymousID:${randomUUID().replaceAll("-", "")}`;
const setClock = (server: TestServer, at: Date) =>
  server.clock.advance(at.getTime() - server.clock.now.getTime());

/** Presses "Cancel subscription" on the customer's hosted Manage page (a link the host app minted), as the customer would. */
async function cancelOnManagePage(server: TestServer, appUserId: string, productId: string) {
  const url = hostMintedLink(server, MANAGE_SECRET, appUserId);
  const response = await fetch(`${url}/cancel?lang=en`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(server.url).origin,
    },
    body: new URLSearchParams({ product: productId }).toString(),
  });
  expect(response.status).toBe(303);
}

/** The customer's periods of a product, oldest first. */
const periodsOf = (server: TestServer, appUserId: string, productId: string) =>
  server.database.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.appUserId, appUserId), eq(purchases.productId, productId)))
    .orderBy(asc(purchases.purchaseDate));

describe("trial eligibility rules", () => {
  const product = (identifier: string, subscriptionGroup: string | null) => ({
    identifier,
    subscriptionGroup,
    trialEligibility: "once_per_customer" as const,
  });

  it("keeps a group apart from a product of the same name", () => {
    const tried = new Set([trialFamily(product("premium", null))]);
    expect(isTrialEligible(product("premium_annual", "premium"), tried)).toBe(true);
    expect(isTrialEligible(product("premium", null), tried)).toBe(false);
  });

  it("leaves options without a trial as they are, and takes only the trial away", () => {
    const paid = { id: "base", price_id: "prc", base_price: { amount_micros: 1, currency: "ZAR" } };
    expect(offeredOption(paid, false)).toBe(paid);
    const withTrial = { id: "base", price_id: "prc", base: monthly(99_000_000), trial: trialWeek };
    expect(offeredOption(withTrial, true)).toBe(withTrial);
    expect(offeredOption(withTrial, false)).toEqual({ ...withTrial, trial: null });
  });

  it("refuses a subscription_group on a product that is not a subscription", () => {
    const catalogue = structuredClone(testCatalogue()) as any;
    const arcade = catalogue.projects.find((p: { id: string }) => p.id === "arcade");
    arcade.products[0].subscription_group = "gems";
    expect(() => parseCatalogue(catalogue)).toThrow(
      /project arcade: product gems_100 has a subscription_group but is not a subscription/,
    );
  });
});

describe.each(DATABASES)("free trials through the Test Store and the products listing on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      catalogue: trialCatalogue(),
      management: { secret: MANAGE_SECRET },
    });
  });
  afterAll(() => server.close());

  const ctx = () => ({ db: server.database.db, now: () => server.clock.now });
  const buy = (appUserId: string, productId = MONTHLY) =>
    postTestStoreReceipt(server, appUserId, { productId });
  /** The option of a product as the customer's products listing shows it. */
  const listedOption = async (appUserId: string, productId: string, optionId: string) => {
    const { status, body } = await call(
      server,
      "GET",
      `/rcbilling/v1/subscribers/${encodeURIComponent(appUserId)}/products?id=${productId}&currency=ZAR`,
    );
    expect(status).toBe(200);
    // The offerings' answer sends the same listing along (include=product_details) for a product they sell.
    const offerings = await call(
      server,
      "GET",
      `/v1/subscribers/${encodeURIComponent(appUserId)}/offerings?include=product_details&currency=ZAR`,
    );
    const sold = offerings.body.offerings.some((o: { packages: { platform_product_identifier: string }[] }) =>
      o.packages.some((p) => p.platform_product_identifier === productId),
    );
    const along = offerings.body.product_details.find(
      (p: { identifier: string }) => p.identifier === productId,
    );
    expect(along).toEqual(sold ? body.product_details[0] : undefined);
    return body.product_details[0].purchase_options[optionId];
  };
  /** Buys, cancels on the Manage page and lets the period lapse (the lifecycle expires it). */
  async function buyCancelAndLapse(appUserId: string, productId: string) {
    await buy(appUserId, productId);
    await cancelOnManagePage(server, appUserId, productId);
    const [period] = await periodsOf(server, appUserId, productId);
    setClock(server, period!.expiresDate!);
    await runLifecycle(ctx());
    const info = await call(server, "GET", `/v1/subscribers/${appUserId}`);
    expect(new Date(info.body.subscriber.subscriptions[productId].expires_date) <= server.clock.now).toBe(
      true,
    );
  }

  it("starts a second purchase after a lapsed trial at the base price, charged now, and renews it at the base price", async () => {
    const appUserId = user();
    await buyCancelAndLapse(appUserId, MONTHLY);

    const { customerInfo } = await buy(appUserId);
    const boughtAt = server.clock.now;
    const paidUntil = addIsoDuration(boughtAt, "P1M");
    expect(customerInfo.subscriber.subscriptions[MONTHLY]).toMatchObject({
      period_type: "normal",
      purchase_date: boughtAt.toISOString(),
      expires_date: paidUntil.toISOString(),
    });
    const [trial, repurchase] = await periodsOf(server, appUserId, MONTHLY);
    expect(trial).toMatchObject({ periodType: "trial", priceMicros: 0 });
    expect(repurchase).toMatchObject({ periodType: "normal", priceMicros: 99_000_000, currency: "ZAR" });

    setClock(server, paidUntil);
    await runLifecycle(ctx());
    const renewal = (await periodsOf(server, appUserId, MONTHLY))[2];
    expect(renewal).toMatchObject({
      storeTransactionId: `${repurchase!.storeTransactionId}_renewal_1`,
      periodType: "normal",
      priceMicros: 99_000_000,
      expiresDate: addIsoDuration(paidUntil, "P1M"),
    });
  });

  it("lists the option without its trial for a customer who had one, and with it for everyone else", async () => {
    const appUserId = user();
    const fresh = await listedOption(user(), MONTHLY, "base_option");
    expect(fresh.trial).toEqual(trialWeek);

    await buy(appUserId);
    const listed = await listedOption(appUserId, MONTHLY, "base_option");
    expect(listed).toEqual({ ...fresh, trial: null });
    expect(await listedOption(user(), MONTHLY, "base_option")).toEqual(fresh);
  });

  it("counts a refunded trial as a trial had", async () => {
    const appUserId = user();
    const { fetchToken } = await buy(appUserId);
    // This server has no refund call yet: a refund is recorded on the period.
    await server.database.db
      .update(purchases)
      .set({ refundedAt: server.clock.now })
      .where(eq(purchases.storeTransactionId, fetchToken));

    expect((await listedOption(appUserId, MONTHLY, "base_option")).trial).toBeNull();
    const { customerInfo } = await buy(appUserId);
    expect(customerInfo.subscriber.subscriptions[MONTHLY].period_type).toBe("normal");
  });

  it("treats a subscription group as one family: a trial of the monthly plan leaves the annual plan without one", async () => {
    const appUserId = user();
    await buy(appUserId, MONTHLY);

    expect((await listedOption(appUserId, ANNUAL, "base_option")).trial).toBeNull();
    const { customerInfo } = await buy(appUserId, ANNUAL);
    expect(customerInfo.subscriber.subscriptions[ANNUAL]).toMatchObject({
      period_type: "normal",
      expires_date: addIsoDuration(server.clock.now, "P1Y").toISOString(),
    });
    const [annual] = await periodsOf(server, appUserId, ANNUAL);
    expect(annual).toMatchObject({ priceMicros: 990_000_000 });
    // Another family is untouched.
    expect((await listedOption(appUserId, CODEX, "base")).trial).toEqual(trialWeek);
  });

  it("gives a trial on every purchase of a product that says every_purchase", async () => {
    const appUserId = user();
    await buyCancelAndLapse(appUserId, SKETCHBOOK);

    expect((await listedOption(appUserId, SKETCHBOOK, "base")).trial).toEqual(trialWeek);
    const { customerInfo } = await buy(appUserId, SKETCHBOOK);
    expect(customerInfo.subscriber.subscriptions[SKETCHBOOK]).toMatchObject({
      period_type: "trial",
      expires_date: new Date(server.clock.now.getTime() + WEEK).toISOString(),
    });
    expect((await periodsOf(server, appUserId, SKETCHBOOK)).map((p) => p.periodType)).toEqual([
      "trial",
      "trial",
    ]);
  });

  it("starts a repurchase at the intro price and renews it through the intro's second month into the base price", async () => {
    const appUserId = user();
    await buyCancelAndLapse(appUserId, CODEX);

    const listed = await listedOption(appUserId, CODEX, "base");
    expect(listed.trial).toBeNull();
    expect(listed.intro_price).toEqual({ ...monthly(49_000_000), cycle_count: 2 });
    await buy(appUserId, CODEX);
    for (let month = 0; month < 2; month++) {
      const periods = await periodsOf(server, appUserId, CODEX);
      setClock(server, periods.at(-1)!.expiresDate!);
      await runLifecycle(ctx());
    }

    const periods = await periodsOf(server, appUserId, CODEX);
    expect(periods.map((p) => [p.periodType, p.priceMicros])).toEqual([
      ["trial", 0],
      ["intro", 49_000_000],
      ["intro", 49_000_000],
      ["normal", 99_000_000],
    ]);
  });

  it("moves the trial history with the purchases when an anonymous customer identifies", async () => {
    const anonymous = anonymousId();
    const identified = user();
    await buy(anonymous);
    const identify = await call(server, "POST", "/v1/subscribers/identify", {
      body: { app_user_id: anonymous, new_app_user_id: identified },
    });
    expect(identify.status).toBe(201);

    expect((await listedOption(identified, MONTHLY, "base_option")).trial).toBeNull();
    const { customerInfo } = await buy(identified, ANNUAL);
    expect(customerInfo.subscriber.subscriptions[ANNUAL].period_type).toBe("normal");
  });

  it("gives one trial when receipts of one known customer arrive at once, and sells a running subscription once", async () => {
    const appUserId = user();
    // A customer already seen (the SDK reads customer info first), so no insert of theirs orders the receipts.
    await call(server, "GET", `/v1/subscribers/${appUserId}`);
    const results = await Promise.allSettled([
      buy(appUserId, MONTHLY),
      buy(appUserId, ANNUAL),
      buy(appUserId, MONTHLY),
    ]);

    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('"code":7772');
    const periods = [
      ...(await periodsOf(server, appUserId, MONTHLY)),
      ...(await periodsOf(server, appUserId, ANNUAL)),
    ];
    expect(periods.map((p) => p.periodType).sort()).toEqual(["normal", "trial"]);
  });
});

describe.each(DATABASES)("free trials through the card checkout on %s", (kind) => {
  let checkout: CheckoutServer;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind, { management: { secret: MANAGE_SECRET } });
  });
  afterAll(() => checkout.close());

  const server = () => checkout.server;
  const post = (path: string, body: unknown) => checkoutCall(server(), "POST", path, body);

  it("makes the second checkout after a lapsed trial a PaymentIntent for R99, not a SetupIntent", async () => {
    const appUserId = user();
    const first = await buyThroughStripe(checkout, appUserId);
    expect(first.clientSecret).toMatch(/^seti_/);
    await cancelOnManagePage(server(), appUserId, MONTHLY);
    server().clock.advance(WEEK);
    await runLifecycle({ db: server().database.db, now: () => server().clock.now });

    const start = await post("/start", startBody(appUserId));
    expect(start.status).toBe(200);
    expect(start.body.gateway_params.elements_configuration).toEqual({
      mode: "payment",
      payment_method_types: ["card"],
      setup_future_usage: "off_session",
      amount: 9900,
      currency: "zar",
    });
    const id: string = start.body.operation_session_id;
    const complete = await post(`/${id}/complete`, { email: `${appUserId}@example.com` });
    expect(complete.status).toBe(200);
    const clientSecret: string = complete.body.gateway_params.client_secret;
    expect(clientSecret).toMatch(/^pi_/);
    expect(checkout.stripe.intentBySecret(clientSecret)).toMatchObject({
      object: "payment_intent",
      amount: 9900,
      currency: "zar",
    });
    await checkout.stripe.confirm(clientSecret, "succeeded");

    const [, repurchase] = await periodsOf(server(), appUserId, MONTHLY);
    expect(repurchase).toMatchObject({
      periodType: "normal",
      priceMicros: 99_000_000,
      expiresDate: addIsoDuration(server().clock.now, "P1M"),
    });
  });

  it("keeps checkout/prepare on the catalogue's option: no customer is named, so the trial's setup mode stays", async () => {
    const appUserId = user();
    await buyThroughStripe(checkout, appUserId);
    const prepared = await post("/prepare", {
      product_id: MONTHLY,
      price_id: "prc_premium_realm_monthly_zar",
    });
    expect(prepared.body.stripe_gateway_params.elements_configuration).toMatchObject({
      mode: "setup",
      amount: 9900,
    });
  });

  it("sets up one free trial when 10 checkouts of one customer complete at once on two servers, and holds it until paid", async () => {
    const appUserId = user();
    const peer = await startPeerServer(server(), { stripe: checkout.stripe.options });
    try {
      const servers = [server(), peer];
      const starts = await Promise.all(
        servers.flatMap((s) =>
          Array.from({ length: 5 }, () => checkoutCall(s, "POST", "/start", startBody(appUserId))),
        ),
      );
      expect(starts.map((r) => r.body.gateway_params.elements_configuration.mode)).toEqual(
        Array(10).fill("setup"),
      );
      const ids: string[] = starts.map((r) => r.body.operation_session_id);
      const complete = (id: string, on = server()) =>
        checkoutCall(on, "POST", `/${id}/complete`, { email: `${appUserId}@example.com` });
      const completed = await Promise.all(ids.map((id, i) => complete(id, servers[i % 2])));
      expect(completed.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
      expect(new Set(completed.filter((r) => r.status === 400).map((r) => r.body.code))).toEqual(
        new Set([7232]),
      );
      const first = completed.findIndex((r) => r.status === 200);
      const waiting = ids.filter((_, i) => i !== first);

      // The card is declined: the checkout fails and gives the trial back for the next one to hold.
      await checkout.stripe.confirm(completed[first]!.body.gateway_params.client_secret, "declined");
      const second = await complete(waiting[0]!);
      expect(second.status).toBe(200);
      expect((await complete(waiting[1]!)).body.code).toBe(7232);
      // That one is abandoned: its hold lapses, and a later checkout takes the trial and pays (sets up the card).
      server().clock.advance(RESERVATION_HOLD_MS + 60_000);
      const third = await complete(waiting[1]!);
      expect(third.status).toBe(200);
      await checkout.stripe.confirm(third.body.gateway_params.client_secret, "succeeded");
      // The abandoned checkout's card is set up after all: no second trial; the session fails as already purchased.
      const late = await checkout.stripe.confirm(second.body.gateway_params.client_secret, "succeeded");
      expect(late.body).toEqual({ received: true, result: "failed" });
      const status = await checkoutCall(server(), "GET", `/${waiting[0]}`);
      expect(status.body.operation).toMatchObject({ status: "failed", error: { code: 5 } });
      expect((await periodsOf(server(), appUserId, MONTHLY)).map((p) => p.periodType)).toEqual(["trial"]);
      expect((await complete(waiting[2]!)).body.code).toBe(7232);
    } finally {
      await peer.close();
    }
  });

  it("lets a customer who left a completed trial checkout start again at once; the card set up first gets the trial", async () => {
    const appUserId = user();
    const email = { email: `${appUserId}@example.com` };
    const left = (await post("/start", startBody(appUserId))).body.operation_session_id as string;
    const leftComplete = await post(`/${left}/complete`, email);
    expect(leftComplete.status).toBe(200);
    // A new checkout gives back the hold of the one left behind: no wait for it to lapse.
    const again = (await post("/start", startBody(appUserId))).body.operation_session_id as string;
    const againComplete = await post(`/${again}/complete`, email);
    expect(againComplete.status).toBe(200);

    await checkout.stripe.confirm(leftComplete.body.gateway_params.client_secret, "succeeded");
    const second = await checkout.stripe.confirm(
      againComplete.body.gateway_params.client_secret,
      "succeeded",
    );
    expect(second.body).toEqual({ received: true, result: "failed" });
    expect((await periodsOf(server(), appUserId, MONTHLY)).map((p) => p.periodType)).toEqual(["trial"]);
  });

  it("refuses with 7232 to set up a trial another checkout of the customer's got first", async () => {
    const appUserId = user();
    const waiting = await post("/start", startBody(appUserId));
    expect(waiting.body.gateway_params.elements_configuration.mode).toBe("setup");
    await buyThroughStripe(checkout, appUserId);

    const id: string = waiting.body.operation_session_id;
    const complete = await post(`/${id}/complete`, { email: `${appUserId}@example.com` });
    expect(complete.status).toBe(400);
    expect(complete.body).toEqual({
      code: 7232,
      message: `The customer has already had a free trial of ${MONTHLY}; start a new checkout.`,
    });
    expect((await periodsOf(server(), appUserId, MONTHLY)).map((p) => p.periodType)).toEqual(["trial"]);
  });
});
