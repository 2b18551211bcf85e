// The options the SDK hands Stripe.js for a checkout's `elements_configuration`: typed by @stripe/stripe-js, so an
// option the loaded release does not have fails `tsc` (issue #41), and accepted by the fake, which refuses what
// Stripe.js endive refuses.
import { describe, expect, it } from "vitest";
import type { WireElementsConfiguration } from "../../src/http/wire";
import { elementsOptions, elementsPricing, type ElementsPricing } from "../../src/ui/stripe-options";
import { fixtures } from "../support/fixtures";
import { stripeOptionsCheck } from "../support/stripe-options-check";

const check = stripeOptionsCheck("endive");
const subscription = fixtures.checkoutStart().gateway_params.elements_configuration;
const consumable: WireElementsConfiguration = {
  mode: "payment",
  payment_method_types: ["card", "link"],
  setup_future_usage: null,
  amount: 4900,
  currency: "ZAR",
};

describe("the options of stripe.elements() and elements.update()", () => {
  it("name the wire's payment method types allowedPaymentMethodTypes, which endive takes", () => {
    const options = elementsOptions(subscription, { "--pw-primary": "#123456" }, null);
    expect(options).toMatchObject({
      mode: "setup",
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: "off_session",
      loader: "always",
      appearance: { variables: { colorPrimary: "#123456" } },
    });
    expect(options).not.toHaveProperty("paymentMethodTypes");
    expect(() => check("elements()", options)).not.toThrow();
  });

  it("price a payment with its amount and lowercase currency", () => {
    expect(elementsPricing(consumable)).toEqual({
      mode: "payment",
      amount: 4900,
      currency: "zar",
      allowedPaymentMethodTypes: ["card", "link"],
      setupFutureUsage: null,
    });
  });

  it("send setupFutureUsage null for a package that saves no card, so an update clears an earlier subscription's", () => {
    const { setup_future_usage: _left, ...withoutSaving } = consumable;
    for (const config of [consumable, withoutSaving]) {
      const update = elementsPricing(config);
      expect(update).toHaveProperty("setupFutureUsage", null);
      expect(() => check("elements.update()", update)).not.toThrow();
    }
  });

  it("cannot carry an option Stripe.js does not have: tsc refuses paymentMethodTypes, the fake throws", () => {
    const pricing: ElementsPricing = {
      mode: "setup",
      currency: "zar",
      // The line `npm run typecheck` must refuse: endive renamed the option, so @stripe/stripe-js's type has no
      // `paymentMethodTypes`. Without this directive tsc fails here; if tsc stopped failing, the directive would.
      // @ts-expect-error paymentMethodTypes is not an option of stripe.elements() or elements.update()
      paymentMethodTypes: ["card"],
    };
    expect(() => check("elements()", pricing)).toThrow(/paymentMethodTypes is not a recognized parameter/);
    expect(() => check("elements.update()", pricing)).toThrow(/allowedPaymentMethodTypes/);
  });
});
