// @vitest-environment happy-dom
import type { WireBrandingInfo } from "../../src/http/wire";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Purchases, type Package } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "./support/fake-stripe";
import {
  KEYS,
  button,
  configure,
  dialog,
  packageOf,
  payButton,
  press,
  serveCatalogue,
  serveCheckout,
  settle,
  widgetLeftovers,
  widgetText,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

async function openCheckout(
  options: {
    key?: string;
    slot?: "monthly" | "annual" | "weekly" | "lifetime";
    params?: Record<string, unknown>;
    stripe?: ReturnType<typeof fakeStripe>;
    checkout?: Parameters<typeof serveCheckout>[1];
    branding?: WireBrandingInfo | null;
  } = {},
) {
  const catalogue = serveCatalogue(server, { branding: options.branding });
  const checkout = serveCheckout(server, options.checkout);
  const stripe = options.stripe ?? fakeStripe();
  const purchases = configure(options.key ?? KEYS.sandbox, { loadStripe: stripe.loadStripe });
  const rcPackage: Package = await packageOf(purchases, options.slot);
  const purchase = purchases.purchase({ rcPackage, ...options.params });
  const root = await dialog();
  return { catalogue, checkout, stripe, purchases, purchase, root };
}

/** Waits until the payment form is ready (every Stripe element reported ready). */
const formReady = () =>
  vi.waitFor(() => {
    const form = document.querySelector(".pw-root form");
    if (!form || form.getAttribute("aria-busy") !== "false") throw new Error("form not ready");
  });

async function fillForm(stripe: ReturnType<typeof fakeStripe>, email = "ada@example.com") {
  await formReady();
  if (stripe.has("linkAuthentication")) stripe.typeEmail(email);
  stripe.completeCard();
  await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
}

describe("the checkout widget of rcb_ keys: the purchase", () => {
  it("starts the checkout, calculates tax from the card's address, sets up the trial and shows 'payment complete'", async () => {
    let loaded = () => {};
    const held = fakeStripe({ loadGate: new Promise<void>((resolve) => (loaded = resolve)) });
    const { checkout, stripe, purchase, root } = await openCheckout({ stripe: held });
    // Stripe.js is held back, so the payment form is still loading: its spinner shows until it is ready.
    await vi.waitFor(() => expect(root.querySelector("form [role=status]")).not.toBeNull());
    expect(root.querySelector("form")?.getAttribute("aria-busy")).toBe("true");
    loaded();
    await formReady();
    expect(root.querySelector("form [role=status]")).toBeNull();
    expect(checkout.starts[0]).toMatchObject({
      app_user_id: "user_1",
      product_id: "premium_realm_monthly",
      price_id: "prc_monthly_zar",
    });
    expect(stripe.calls.loads[0]).toEqual({
      key: "pk_test_realmheart",
      stripeAccount: "acct_test_realmheart",
      locale: "en",
    });
    expect(stripe.calls.elementsOptions[0]).toMatchObject({
      mode: "setup",
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: "off_session",
    });
    expect(widgetText()).toContain("Enter billing address to calculate"); // tax pending without an address
    expect(payButton()?.disabled).toBe(true);

    await fillForm(stripe);
    expect(checkout.taxes).toEqual([{}, { country_code: "ZA", postal_code: "8001" }]);
    expect(widgetText()).toMatch(/VAT\s?(R|ZAR)\s?14[.,]85/);
    expect(payButton()?.textContent).toBe("Start trial");
    payButton()!.click();

    await vi.waitFor(() => expect(widgetText()).toContain("Payment complete"));
    expect(checkout.completes).toEqual([{ email: "ada@example.com" }]);
    expect(stripe.calls.confirmSetup[0]).toMatchObject({
      clientSecret: "seti_123_secret_abc",
      confirmParams: { confirmation_token: "ctoken_2" },
      redirect: "if_required",
    });
    expect(stripe.calls.confirmPayment).toHaveLength(0);
    (await button("Continue")).click();
    const result = await purchase;
    expect(result.operationSessionId).toBe("opsess_1");
    expect(result.customerEmail).toBe("ada@example.com"); // the email typed into the form
    expect(result.storeTransaction?.storeTransactionId).toBe("txn_monthly_1");
    expect(result.customerInfo.entitlements.all.premium).toBeDefined();
    expect(widgetLeftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
    expect(stripe.calls.destroyed).toBe(3);
  });

  it("confirms a payment (not a setup) for a payment-intent secret and skips the success page when asked", async () => {
    const { stripe, purchase } = await openCheckout({
      slot: "weekly",
      params: { skipSuccessPage: true, customerEmail: "ada@example.com" },
      checkout: {
        complete: async () =>
          Response.json({
            operation_session_id: "opsess_1",
            gateway_params: { client_secret: "pi_123_secret_x" },
          }),
      },
    });
    await fillForm(stripe);
    expect(payButton()?.textContent).toMatch(/^Pay (R|ZAR)\s?113[.,]85$/);
    payButton()!.click();
    const result = await purchase;
    expect(result.storeTransaction).not.toBeNull();
    expect(stripe.calls.confirmPayment).toHaveLength(1);
    expect(stripe.calls.confirmSetup).toHaveLength(0);
  });

  it("skips the email field when the developer supplies a valid email, and drops an invalid one", async () => {
    const first = await openCheckout({ params: { customerEmail: "ada@example.com" } });
    await formReady();
    expect(first.stripe.has("linkAuthentication")).toBe(false);
    expect(first.checkout.starts[0].email).toBe("ada@example.com");
    press("Escape");
    await settle(first.purchase);

    const second = await openCheckout({ params: { customerEmail: "not-an-email" } });
    await formReady();
    expect(second.stripe.has("linkAuthentication")).toBe(true);
    expect(second.checkout.starts[0].email).toBeUndefined();
    press("Escape");
    await settle(second.purchase);
  });

  it("retries the checkout start once without the email when the backend asks for one (7879)", async () => {
    const { checkout, stripe, purchase } = await openCheckout({
      params: { customerEmail: "ada@example.com" },
      checkout: { start: [() => Response.json({ code: 7879, message: "Email required" }, { status: 400 })] },
    });
    await formReady();
    expect(checkout.starts).toHaveLength(2);
    expect(checkout.starts[0].email).toBe("ada@example.com");
    expect(checkout.starts[1].email).toBeUndefined();
    expect(stripe.has("payment")).toBe(true);
    press("Escape");
    await settle(purchase);
  });

  it("shows the wallet buttons and the 'or pay with card' divider only when a wallet is available", async () => {
    const without = await openCheckout();
    await formReady();
    expect(widgetText()).not.toContain("or pay with card");
    expect(document.querySelector<HTMLElement>("[data-element=express]")?.hidden).toBe(true);
    press("Escape");
    await settle(without.purchase);

    const withWallet = await openCheckout({ stripe: fakeStripe({ wallets: { applePay: true } }) });
    await formReady();
    expect(widgetText()).toContain("or pay with card");
    expect(document.querySelector<HTMLElement>("[data-element=express]")?.hidden).toBe(false);
    press("Escape");
    await settle(withWallet.purchase);
  });

  // Without tax, a wallet's confirmation pays at once (with tax, a total the wallet's sheet did not show asks first).
  const untaxed = { ...fixtures.branding(), gateway_tax_collection_enabled: false };

  it("buys through a wallet with the payer's email the wallet was asked for when the customer typed none", async () => {
    const { checkout, stripe, purchase } = await openCheckout({
      branding: untaxed,
      params: { skipSuccessPage: true },
      stripe: fakeStripe({ wallets: { applePay: true } }),
    });
    await formReady();
    expect(stripe.calls.created.find((element) => element.type === "expressCheckout")?.options).toMatchObject(
      {
        emailRequired: true,
      },
    );
    stripe.emit("expressCheckout", "confirm", {
      expressPaymentType: "apple_pay",
      billingDetails: { email: "payer@example.com" },
      paymentFailed: () => {},
    });
    const result = await purchase;
    expect(checkout.completes).toEqual([{ email: "payer@example.com" }]);
    expect(result.customerEmail).toBe("payer@example.com");
  });

  it("does not ask a wallet for the email the host gave, and completes with that one", async () => {
    const { checkout, stripe, purchase } = await openCheckout({
      branding: untaxed,
      params: { skipSuccessPage: true, customerEmail: "ada@example.com" },
      stripe: fakeStripe({ wallets: { applePay: true } }),
    });
    await formReady();
    expect(stripe.calls.created.find((element) => element.type === "expressCheckout")?.options).toMatchObject(
      {
        emailRequired: false,
      },
    );
    stripe.emit("expressCheckout", "confirm", {
      billingDetails: { email: "payer@example.com" },
      paymentFailed: () => {},
    });
    expect((await purchase).customerEmail).toBe("ada@example.com");
    expect(checkout.completes).toEqual([{ email: "ada@example.com" }]);
  });

  it("sends UTM parameters and the developer's metadata with the checkout start", async () => {
    window.history.replaceState(null, "", "/subscribe?utm_source=newsletter&utm_campaign=spring");
    const { checkout, purchase } = await openCheckout({ params: { metadata: { campaign_owner: "growth" } } });
    await vi.waitFor(() => expect(checkout.starts).toHaveLength(1));
    expect(checkout.starts[0].metadata).toEqual({
      utm_source: "newsletter",
      utm_campaign: "spring",
      campaign_owner: "growth",
    });
    press("Escape");
    await settle(purchase);
    window.history.replaceState(null, "", "/");
  });
});

describe("the checkout widget of rcb_ keys: the payment form", () => {
  it("shows the price-updated notice (not an error page) when tax changes the total at submit, then pays", async () => {
    const { checkout, stripe, purchase } = await openCheckout({ params: { skipSuccessPage: true } });
    await fillForm(stripe);
    stripe.state.address = { country: "GB", postal_code: "SW1A 1AA" }; // the customer changed the address
    payButton()!.click();
    await vi.waitFor(() => expect(widgetText()).toContain("Price updated"));
    expect(widgetText()).toContain("Tax was added based on your billing address");
    expect(checkout.completes).toHaveLength(0);
    expect(document.querySelector(".pw-notice")?.getAttribute("role")).toBe("alert");
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
    payButton()!.click();
    await purchase;
    expect(checkout.completes).toHaveLength(1);
  });

  it("keeps a declined card in the form with its message and lets the customer pay again", async () => {
    const { stripe, purchase } = await openCheckout({ params: { skipSuccessPage: true } });
    await fillForm(stripe);
    stripe.state.confirmError = {
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
    };
    payButton()!.click();
    await vi.waitFor(() => expect(widgetText()).toContain("Your card was declined."));
    expect(document.querySelector(".pw-root h2")?.textContent).toBe("Premium Realm"); // still the payment page
    stripe.state.confirmError = null;
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
    payButton()!.click();
    await purchase;
  });

  it("shows an unhandled gateway error in the form's error view with Try again", async () => {
    const { stripe, purchase } = await openCheckout();
    await fillForm(stripe);
    stripe.state.confirmError = { type: "api_error", message: "The gateway is unavailable." };
    payButton()!.click();
    await vi.waitFor(() => expect(widgetText()).toContain("Your payment could not be processed"));
    expect(document.querySelector<HTMLFormElement>(".pw-root form")?.hidden).toBe(true);
    (await button("Try again")).click();
    await vi.waitFor(() =>
      expect(document.querySelector<HTMLFormElement>(".pw-root form")?.hidden).toBe(false),
    );
    press("Escape");
    await settle(purchase);
  });

  it("asks for an email with the messages of docs/checkout.md once the field was left", async () => {
    const { stripe, purchase } = await openCheckout();
    await formReady();
    stripe.typeEmail("", false);
    stripe.emit("linkAuthentication", "blur");
    await vi.waitFor(() =>
      expect(widgetText()).toContain("You need to provide your email address to continue."),
    );
    stripe.typeEmail("ada@example", false);
    await vi.waitFor(() =>
      expect(widgetText()).toContain("Email is not valid. Please provide a valid email address."),
    );
    press("Escape");
    await settle(purchase);
  });

  it("enables the pay button only with complete payment info, a complete email and payable tax", async () => {
    const { stripe, purchase } = await openCheckout();
    await formReady();
    stripe.completeCard();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payButton()?.disabled).toBe(true); // no email yet, tax still pending
    stripe.typeEmail("ada@example.com");
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
    stripe.emit("payment", "change", { complete: false, value: { type: "card" } });
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(true));
    press("Escape");
    await settle(purchase);
  });

  it("names a non-card payment method on the pay button", async () => {
    const { stripe, purchase } = await openCheckout({ slot: "weekly" });
    await fillForm(stripe);
    stripe.completeCard("paypal");
    await vi.waitFor(() => expect(payButton()?.textContent).toBe("Pay with PayPal"));
    press("Escape");
    await settle(purchase);
  });

  it("goes on without tax when the branding does not collect it", async () => {
    const branding = {
      ...(await import("../support/fixtures")).fixtures.branding(),
      gateway_tax_collection_enabled: false,
    };
    const { checkout, stripe, purchase } = await openCheckout({
      slot: "weekly",
      branding,
      params: { skipSuccessPage: true },
    });
    await fillForm(stripe);
    expect(checkout.taxes).toHaveLength(0);
    expect(widgetText()).not.toContain("Tax");
    expect(payButton()?.textContent).toMatch(/^Pay (R|ZAR)\s?29[.,]00$/);
    payButton()!.click();
    await purchase;
  });
});
