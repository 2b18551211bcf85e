// The SDK's headless checkout against a real billing server with a fake of Stripe's HTTP API, on PGlite and
// (with TEST_DATABASE_URL) on PostgreSQL: start → calculate_taxes → complete → poll → succeeded; and the options the
// SDK gives Stripe.js for the server's elements configurations, which Stripe.js endive must accept.
import { postCheckoutComplete, postCheckoutPrepare } from "../../src/http/checkout-calls";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Purchases } from "../../src/index";
import { defaultEnvironment } from "../../src/environment";
import { Backend } from "../../src/http/backend";
import { HttpClient } from "../../src/http/http-client";
import { startCheckout } from "../../src/checkout/checkout-start";
import { TaxCalculator } from "../../src/checkout/tax-calculator";
import { pollPurchaseStatus } from "../../src/checkout/purchase-poller";
import { elementsOptions, elementsPricing } from "../../src/ui/stripe-options";
import { stripeOptionsCheck } from "../support/stripe-options-check";
import { DATABASES } from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import {
  startCheckoutServer,
  type CheckoutServer,
} from "../../examples/billing-server/test/support/checkout-server.js";

/** A backend configured as Purchases configures its own, for the headless pieces purchase() drives. */
const backendOf = (url: string) =>
  new Backend(
    new HttpClient({
      apiKey: KEYS.sandbox,
      baseUrl: url,
      isSandbox: true,
      additionalHeaders: {},
      platformInfo: () => null,
      env: defaultEnvironment(),
      timeoutMs: 10_000,
    }),
  );

describe.each(DATABASES)("SDK ↔ billing server contract on %s (sandbox card checkout)", (kind) => {
  let checkout: CheckoutServer;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind);
  });
  afterAll(() => checkout.close());
  afterEach(() => {
    if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  });

  it("starts, taxes, completes and polls a trial purchase to success, then grants premium", async () => {
    const env = defaultEnvironment();
    const appUserId = "contract_card_user";
    const purchases = Purchases.configure({
      apiKey: KEYS.sandbox,
      appUserId,
      httpConfig: { proxyURL: checkout.server.url },
      flags: { collectAnalyticsEvents: false },
    });
    const monthly = (await purchases.getOfferings({ currency: "ZAR" })).current?.monthly;
    if (!monthly) throw new Error("no monthly package");
    const backend = backendOf(checkout.server.url);

    const started = await startCheckout({
      backend,
      appUserId,
      rcPackage: monthly,
      traceId: "trace_contract",
    });
    expect(started.gateway_params.elements_configuration.mode).toBe("setup");
    expect(started.gateway_params.publishable_api_key).toBe("pk_test_realmheart");
    const options = elementsOptions(started.gateway_params.elements_configuration, {}, null);
    expect(options).toMatchObject({ mode: "setup", allowedPaymentMethodTypes: ["card"] });
    expect(() => stripeOptionsCheck("endive")("elements()", options)).not.toThrow();

    const taxes = new TaxCalculator({
      backend,
      operationSessionId: started.operation_session_id,
      price: monthly.webBillingProduct.currentPrice,
      taxCollectionEnabled: true,
    });
    const taxed = await taxes.calculate({ countryCode: "ZA", postalCode: "8001" });
    expect(taxed.kind).toBe("calculated");
    expect(taxes.priceBreakdown).toMatchObject({
      taxCalculationStatus: "calculated",
      totalAmountInMicros: 113_850_000,
      taxAmountInMicros: 14_850_000,
      taxBreakdown: [{ displayName: "VAT", taxAmountInMicros: 14_850_000 }],
    });

    const completed = await postCheckoutComplete(backend, started.operation_session_id, {
      email: "ada@example.com",
    });
    const clientSecret = completed.gateway_params.client_secret ?? "";
    expect(clientSecret).toMatch(/^seti_/);

    // The customer confirms the card in Stripe.js; Stripe then sends the signed webhook.
    const polled = pollPurchaseStatus({ backend, env, operationSessionId: started.operation_session_id });
    const delivery = await checkout.stripe.confirm(clientSecret, "succeeded");
    expect(delivery.status).toBe(200);
    const result = await polled;
    expect(result.productIdentifier).toBe("premium_realm_monthly");
    expect(result.storeTransactionIdentifier).toMatch(/^seti_/);

    expect(await purchases.isEntitledTo("premium")).toBe(true);
  });

  it("prices the wallet's elements with options endive takes: a consumable after a subscription saves no card", async () => {
    const check = stripeOptionsCheck("endive");
    const backend = backendOf(checkout.server.url);
    const pricingOf = async (product_id: string, price_id: string) =>
      elementsPricing(
        (await postCheckoutPrepare(backend, { product_id, price_id })).stripe_gateway_params
          .elements_configuration,
      );
    const subscription = await pricingOf("premium_realm_monthly", "prc_premium_realm_monthly_zar");
    const consumable = await pricingOf("dragon_gems", "prc_dragon_gems");
    expect(subscription).toMatchObject({ mode: "setup", setupFutureUsage: "off_session" });
    expect(consumable).toMatchObject({
      mode: "payment",
      amount: expect.any(Number),
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: null,
    });
    expect(() => check("elements()", subscription)).not.toThrow();
    expect(() => check("elements.update()", consumable)).not.toThrow();
  });
});
