// A checkout in a three-decimal currency (KWD, counted in thousandths): what Stripe Elements is told, the tax and
// discount shown, and the PaymentIntent's amount all agree, rounded to the ten thousandths Stripe charges.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalogue, type Catalogue } from "../src/catalogue/catalogue-schema.js";
import {
  checkoutCall,
  checkoutCatalogue,
  startBody,
  startCheckoutServer,
  type CheckoutServer,
} from "./support/checkout-server.js";
import { DATABASES } from "./support/test-server.js";

/** The checkout catalogue with two Realmheart consumables priced in Kuwaiti dinars. */
function dinarCatalogue(): Catalogue {
  const catalogue = structuredClone(checkoutCatalogue());
  const realmheart = catalogue.projects.find((p) => p.id === "realmheart");
  if (!realmheart) throw new Error("reference catalogue changed");
  const consumable = (identifier: string, amountMicros: number) => ({
    identifier,
    product_type: "consumable" as const,
    title: identifier,
    description: null,
    default_purchase_option_id: "base",
    purchase_options: {
      base: {
        id: "base",
        price_id: `prc_${identifier}`,
        base_price: { amount_micros: amountMicros, currency: "KWD" },
      },
    },
    virtual_currency_grants: {},
    subscription_group: null,
    trial_eligibility: "once_per_customer" as const,
  });
  // 12.345 KWD cannot be charged by card (its last digit is not 0); 4.990 KWD can.
  realmheart.products.push(consumable("desert_lantern", 12_345_000), consumable("oasis_map", 4_990_000));
  return parseCatalogue(catalogue);
}

describe.each(DATABASES)("a checkout in Kuwaiti dinars on %s", (kind) => {
  let checkout: CheckoutServer;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind, { catalogue: dinarCatalogue() });
  });
  afterAll(() => checkout?.close());
  const post = (path: string, body: unknown) => checkoutCall(checkout.server, "POST", path, body);

  it("tells Stripe Elements a price in thousandths, rounded to the ten thousandths a card is charged", async () => {
    const prepared = await post("/prepare", { product_id: "desert_lantern", price_id: "prc_desert_lantern" });
    expect(prepared.status).toBe(200);
    expect(prepared.body.stripe_gateway_params.elements_configuration).toEqual({
      mode: "payment",
      payment_method_types: ["card"],
      setup_future_usage: null,
      amount: 12350,
      currency: "kwd",
    });
  });

  it("charges exactly the discounted, taxed total shown: 4.990 − 0.500 + 0.670 = 5.160 KWD, 5160 thousandths", async () => {
    const start = await post(
      "/start",
      startBody("dinar_user", { product_id: "oasis_map", price_id: "prc_oasis_map" }),
    );
    expect(start.status).toBe(200);
    const id: string = start.body.operation_session_id;
    // 10 % of 4.990 KWD is 0.499 KWD, and 15 % VAT on the 4.490 KWD left is 0.6735 KWD: each is rounded to what a
    // card can be charged.
    const priced = await checkoutCall(checkout.server, "PATCH", `/${id}`, {
      country_code: "ZA",
      postal_code: "8001",
      discount_code: "WELCOME10",
    });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({
      currency: "KWD",
      original_amount_in_micros: 4_990_000,
      applied_discounts: [{ discount_code: "WELCOME10", discounted_amount_in_micros: 500_000 }],
      total_excluding_tax_in_micros: 4_490_000,
      tax_amount_in_micros: 670_000,
      total_amount_in_micros: 5_160_000,
      gateway_params: { elements_configuration: { mode: "payment", amount: 5160, currency: "kwd" } },
    });

    const complete = await post(`/${id}/complete`, { email: "dinar@example.com" });
    expect(complete.status).toBe(200);
    const intent = checkout.stripe.intentBySecret(complete.body.gateway_params.client_secret);
    expect(intent).toMatchObject({ object: "payment_intent", amount: 5160, currency: "kwd" });
  });
});
