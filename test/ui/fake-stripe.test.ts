// @vitest-environment happy-dom
// Both fakes of Stripe.js (the happy-dom one the unit tests inject, and the script the browser tests install as
// `window.Stripe`, run here in happy-dom) refuse what Stripe.js endive refuses, as it does: an IntegrationError
// thrown by the call. A fake that took anything let the SDK ship `paymentMethodTypes` (issue #41).
import { afterEach, describe, expect, it } from "vitest";
import { fakeStripeScript } from "../browser/support/fake-stripe-script";
import type { StripeRelease } from "../support/stripe-options-check";
import { fakeStripe } from "./support/fake-stripe";

/** The calls the fakes check, with options of any shape. */
interface LooseStripe {
  elements(options?: unknown): {
    create(type: string, options?: unknown): unknown;
    update(options: unknown): Promise<void>;
  };
}

const fakes: Record<string, (release?: StripeRelease) => Promise<LooseStripe>> = {
  "the happy-dom fake": async () =>
    (await fakeStripe().loadStripe("pk_test_1", {})) as unknown as LooseStripe,
  "the browser fake": async (release = "endive") => {
    new Function(fakeStripeScript(release))();
    return (window as unknown as { Stripe: (key: string) => LooseStripe }).Stripe("pk_test_1");
  },
};

afterEach(() => {
  delete (window as { Stripe?: unknown }).Stripe;
});

const setup = { mode: "setup", currency: "zar" } as const;
const integrationError = (message: RegExp) =>
  expect.objectContaining({ name: "IntegrationError", message: expect.stringMatching(message) });

describe.each(Object.keys(fakes))("%s", (name) => {
  const load = fakes[name]!;

  it("refuses paymentMethodTypes in elements() and elements.update(), naming allowedPaymentMethodTypes", async () => {
    const stripe = await load();
    expect(() => stripe.elements({ ...setup, paymentMethodTypes: ["card"] })).toThrow(
      integrationError(
        /^Invalid value for elements\(\): paymentMethodTypes is not a recognized parameter\. .*allowedPaymentMethodTypes/,
      ),
    );
    const elements = stripe.elements({ ...setup, allowedPaymentMethodTypes: ["card"] });
    expect(() => elements.update({ paymentMethodTypes: ["card"] })).toThrow(
      integrationError(/elements\.update\(\): paymentMethodTypes is not a recognized parameter/),
    );
    await expect(
      elements.update({ allowedPaymentMethodTypes: ["card"], setupFutureUsage: null }),
    ).resolves.toBe(undefined);
  });

  it("refuses element options the element does not have, and wrongly typed ones", async () => {
    const elements = (await load()).elements(setup);
    expect(() => elements.create("payment", { paymentMethodTypes: ["card"] })).toThrow(
      integrationError(/elements\.create\("payment"\): paymentMethodTypes is not a recognized parameter/),
    );
    expect(() => elements.create("linkAuthentication", { emailRequired: true })).toThrow(
      integrationError(/elements\.create\("linkAuthentication"\): emailRequired is not a recognized/),
    );
    expect(() => elements.create("expressCheckout", { emailRequired: "yes" })).toThrow(
      integrationError(/emailRequired should be a boolean; you passed "yes"/),
    );
    expect(() => elements.create("expressCheckout", { buttonHeight: 48, emailRequired: true })).not.toThrow();
    expect(() => elements.create("payment", { layout: "tabs" })).not.toThrow();
  });

  it("refuses a mode it does not know, an amount that is not whole, and a payment without its amount", async () => {
    const stripe = await load();
    expect(() => stripe.elements({ mode: "card", currency: "zar" })).toThrow(
      integrationError(/mode should be one of/),
    );
    expect(() => stripe.elements({ mode: "payment", currency: "zar", amount: 49.5 })).toThrow(
      integrationError(/amount should be a whole, non-negative amount/),
    );
    expect(() => stripe.elements({ mode: "payment", currency: "zar" })).toThrow(
      integrationError(/amount is required in payment mode/),
    );
    expect(() => stripe.elements({ mode: "payment", currency: "ZAR", amount: 4900 })).toThrow(
      integrationError(/currency should be a lowercase three-letter/),
    );
    expect(() => stripe.elements({ ...setup, setupFutureUsage: "always" })).toThrow(
      integrationError(/setupFutureUsage should be one of "off_session", "on_session", null/),
    );
  });
});

describe("the browser fake as Stripe.js dahlia (the release purchases-js 1.63.1 loads)", () => {
  it("still takes paymentMethodTypes, which endive renamed, and says it is dahlia", async () => {
    const stripe = await fakes["the browser fake"]!("dahlia");
    expect(() => stripe.elements({ ...setup, paymentMethodTypes: ["card"] })).not.toThrow();
    expect((window as unknown as { Stripe: { version: string } }).Stripe.version).toBe("dahlia");
    expect(() => stripe.elements({ ...setup, paymentMethodType: ["card"] })).toThrow(
      integrationError(/paymentMethodType is not a recognized parameter\.$/),
    );
  });
});
