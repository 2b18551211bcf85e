// `POST /rcbilling/v1/checkout/prepare`: what Stripe's elements need for an option before any checkout exists
// (the express purchase button of both SDKs asks for it when it draws the wallets). It stores nothing.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutSessions } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES } from "./support/test-server.js";

describe.each(DATABASES)("checkout prepare on %s", (kind) => {
  const { server, post } = useCheckoutServer(kind);
  const sessions = async () =>
    (await server().database.db.select({ n: count() }).from(checkoutSessions))[0]!.n;

  it("answers the elements configuration of each option: setup for a trial, payment otherwise; stores nothing", async () => {
    const before = await sessions();
    const trial = await post("/prepare", {
      product_id: "premium_realm_monthly",
      price_id: "prc_premium_realm_monthly_zar",
    });
    expect(trial.status).toBe(200);
    expect(trial.body).toEqual({
      stripe_gateway_params: {
        stripe_account_id: "acct_test_realmheart",
        publishable_api_key: "pk_test_realmheart",
        elements_configuration: {
          mode: "setup",
          payment_method_types: ["card"],
          setup_future_usage: "off_session",
          amount: 9900,
          currency: "zar",
        },
      },
    });
    const noTrial = await post("/prepare", {
      product_id: "premium_realm_monthly",
      price_id: "prc_premium_realm_monthly_no_trial",
      offer_id: "no_trial",
    });
    expect(noTrial.body.stripe_gateway_params.elements_configuration).toMatchObject({
      mode: "payment",
      amount: 9900,
    });
    const gems = await post("/prepare", { product_id: "dragon_gems", price_id: "prc_dragon_gems" });
    expect(gems.body.stripe_gateway_params.elements_configuration).toMatchObject({
      mode: "payment",
      setup_future_usage: null,
      amount: 4999,
    });
    expect(await sessions()).toBe(before);
  });

  it("refuses what checkout/start refuses: unknown product or option (7814), Test Store keys (7773), bad bodies (7226)", async () => {
    const unknown = await post("/prepare", { product_id: "nope", price_id: "prc_x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 7814, message: "Unknown product nope." });
    const wrongPrice = await post("/prepare", {
      product_id: "premium_realm_monthly",
      price_id: "prc_dragon_gems",
    });
    expect(wrongPrice.body.code).toBe(7814);
    const testStore = await post(
      "/prepare",
      { product_id: "premium_realm_monthly", price_id: "prc_premium_realm_monthly_zar" },
      KEYS.test,
    );
    expect(testStore.body.code).toBe(7773);
    for (const body of [{}, { product_id: "premium_realm_monthly" }, { product_id: 5, price_id: "x" }]) {
      const refused = await post("/prepare", body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(7226);
    }
    const unauthenticated = await post(
      "/prepare",
      { product_id: "premium_realm_monthly", price_id: "prc_premium_realm_monthly_zar" },
      null,
    );
    expect(unauthenticated.status).toBe(401);
  });
});
