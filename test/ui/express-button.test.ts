// @vitest-environment happy-dom
// presentExpressPurchaseButton: Stripe's Express Checkout Element (the fake Stripe.js) drawn into the host's
// element, the checkout endpoints served over msw. What the host sees: the buttons, onButtonReady, the listener,
// the purchase result, and the requests the backend receives.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ErrorCode,
  Purchases,
  type ExpressPurchaseButtonUpdater,
  type Package,
  type PresentExpressPurchaseButtonParams,
} from "../../src/index";
import { fixtures } from "../support/fixtures";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "./support/fake-stripe";
import {
  KEYS,
  backendError,
  configure,
  packageOf,
  serveCatalogue,
  serveCheckout,
  settle,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

type Params = Partial<PresentExpressPurchaseButtonParams>;

async function showButton(
  options: {
    key?: string;
    params?: Params;
    stripe?: ReturnType<typeof fakeStripe>;
    checkout?: Parameters<typeof serveCheckout>[1];
  } = {},
) {
  serveCatalogue(server);
  const checkout = serveCheckout(server, options.checkout);
  const stripe = options.stripe ?? fakeStripe({ wallets: { applePay: true, link: true } });
  const purchases = configure(options.key ?? KEYS.sandbox, { loadStripe: stripe.loadStripe });
  const rcPackage: Package = await packageOf(purchases);
  const target = document.createElement("div");
  document.body.append(target);
  const ready: { updater: ExpressPurchaseButtonUpdater; walletsAvailable: boolean }[] = [];
  const heard: string[] = [];
  const purchase = purchases.presentExpressPurchaseButton({
    rcPackage,
    htmlTarget: target,
    onButtonReady: (updater, walletsAvailable) => ready.push({ updater, walletsAvailable }),
    listener: {
      onPurchaseStarted: (started) => heard.push(`started ${started.identifier}`),
      onPurchaseCancelled: () => heard.push("cancelled"),
      onPurchaseError: (error) => heard.push(`error ${error.errorCode} ${error.underlyingErrorMessage}`),
    },
    ...options.params,
  });
  purchase.catch(() => {});
  await vi.waitFor(() => expect(ready).toHaveLength(1));
  return { checkout, stripe, purchases, rcPackage, target, ready, heard, purchase };
}

/** Presses a wallet: resolves with what the element's click was answered with. */
function pressWallet(stripe: ReturnType<typeof fakeStripe>): Promise<any> {
  return new Promise((resolve) => stripe.emit("expressCheckout", "click", { resolve }));
}

/** The customer confirms in the wallet's sheet; returns what the sheet was told when the payment failed. */
function confirmInWallet(stripe: ReturnType<typeof fakeStripe>, email = "payer@example.com") {
  const failures: unknown[] = [];
  stripe.emit("expressCheckout", "confirm", {
    billingDetails: { email },
    expressPaymentType: "apple_pay",
    paymentFailed: (options: unknown) => failures.push(options),
  });
  return failures;
}

describe("presentExpressPurchaseButton", () => {
  it("draws the wallet buttons for the package, prepared before any checkout, and says wallets are available", async () => {
    const { checkout, stripe, target, ready } = await showButton({
      params: { walletButtonTheme: "white-outline" },
    });
    expect(ready[0]!.walletsAvailable).toBe(true);
    expect(checkout.prepares).toEqual([{ product_id: "premium_realm_monthly", price_id: "prc_monthly_zar" }]);
    expect(checkout.starts).toHaveLength(0);
    expect(stripe.calls.loads[0]).toMatchObject({
      key: "pk_test_realmheart",
      stripeAccount: "acct_test_realmheart",
    });
    expect(stripe.calls.elementsOptions[0]).toMatchObject({
      mode: "setup",
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: "off_session",
    });
    expect(stripe.calls.created).toEqual([
      {
        type: "expressCheckout",
        options: expect.objectContaining({
          buttonTheme: { applePay: "white-outline", googlePay: "white" },
          business: { name: "Realmheart" },
          emailRequired: true, // the host gave no email: the wallet asks for the payer's
        }),
      },
    ]);
    expect(target.querySelector(".pw-express iframe")).not.toBeNull();
  });

  it("reports no wallet when the browser offers none", async () => {
    const { ready } = await showButton({
      stripe: fakeStripe({ wallets: { applePay: false, googlePay: false } }),
    });
    expect(ready[0]!.walletsAvailable).toBe(false);
  });

  it("buys through a wallet: start on press (with the trial's Apple Pay terms), complete with the payer's email, confirm, poll", async () => {
    const { checkout, stripe, purchase, target, heard } = await showButton({
      params: { metadata: { source: "express" } },
    });
    const answer = await pressWallet(stripe);
    expect(heard).toEqual(["started $rc_monthly"]);
    expect(checkout.starts[0]).toMatchObject({
      product_id: "premium_realm_monthly",
      price_id: "prc_monthly_zar",
      metadata: { source: "express" },
    });
    expect(answer).toMatchObject({
      applePay: {
        recurringPaymentRequest: {
          paymentDescription: expect.any(String),
          managementURL: "https://billing.example.test/manage",
          regularBilling: {
            amount: 9900,
            recurringPaymentIntervalUnit: "month",
            recurringPaymentIntervalCount: 1,
          },
          trialBilling: { amount: 0, label: "Free trial" },
        },
      },
    });
    expect(confirmInWallet(stripe)).toEqual([]);
    const result = await purchase;
    expect(checkout.completes).toEqual([{ email: "payer@example.com" }]);
    expect(stripe.calls.confirmSetup).toHaveLength(1);
    expect(result.storeTransaction.productIdentifier).toBe("premium_realm_monthly");
    expect(result.customerEmail).toBe("payer@example.com");
    expect(result.customerInfo.originalAppUserId).toBeTruthy();
    expect(target.querySelector(".pw-express")).toBeNull();
    expect(stripe.calls.destroyed).toBe(1);
  });

  it("does not ask the wallet for an email the host gave, and sends that one", async () => {
    const { checkout, stripe, purchase } = await showButton({ params: { customerEmail: "ada@example.com" } });
    expect(stripe.calls.created[0]?.options).toMatchObject({ emailRequired: false });
    await pressWallet(stripe);
    expect(checkout.starts[0].email).toBe("ada@example.com");
    confirmInWallet(stripe, "other@example.com");
    expect((await purchase).customerEmail).toBe("ada@example.com");
    expect(checkout.completes).toEqual([{ email: "ada@example.com" }]);
  });

  it("keeps the buttons when the sheet is closed or the card declined, and buys on the next try", async () => {
    const { stripe, purchase, target, heard } = await showButton();
    await pressWallet(stripe);
    stripe.emit("expressCheckout", "cancel");
    stripe.state.confirmError = {
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
    };
    await pressWallet(stripe);
    const failures = confirmInWallet(stripe);
    await vi.waitFor(() => expect(failures).toEqual([{ reason: "fail" }]));
    expect(heard).toEqual([
      "started $rc_monthly",
      "cancelled",
      "started $rc_monthly",
      `error ${ErrorCode.StoreProblemError} Your card was declined.`,
    ]);
    expect(target.querySelector(".pw-express")).not.toBeNull();
    stripe.state.confirmError = null;
    await pressWallet(stripe);
    confirmInWallet(stripe);
    expect((await purchase).storeTransaction.productIdentifier).toBe("premium_realm_monthly");
  });

  it("rejects with the backend's error and removes the buttons when the purchase cannot start", async () => {
    const { stripe, purchase, target } = await showButton({
      checkout: { start: [backendError(400, 7772, "The customer is already subscribed to this product.")] },
    });
    await pressWallet(stripe);
    const failures = confirmInWallet(stripe);
    const { error } = await settle(purchase);
    expect(error?.errorCode).toBe(ErrorCode.ProductAlreadyPurchasedError);
    expect(failures).toEqual([{ reason: "fail" }]);
    expect(target.querySelector(".pw-express")).toBeNull();
  });

  it("sells another package after updatePurchase: elements repriced, the next press starts that one", async () => {
    const { checkout, stripe, purchases, ready } = await showButton({
      checkout: {
        prepare: (body) =>
          Response.json({
            stripe_gateway_params: {
              publishable_api_key: "pk_test_realmheart",
              elements_configuration: {
                mode: body.product_id === "premium_realm_annual" ? "payment" : "setup",
                payment_method_types: ["card"],
                setup_future_usage: "off_session",
                amount: body.product_id === "premium_realm_annual" ? 4900 : 9900,
                currency: "zar",
              },
            },
          }),
      },
    });
    const annual = (await purchases.getOfferings({ currency: "ZAR" })).current!.annual!;
    ready[0]!.updater.updatePurchase(annual);
    await vi.waitFor(() => expect(stripe.calls.updates).toHaveLength(1));
    expect(stripe.calls.updates[0]).toEqual({
      mode: "payment",
      amount: 4900,
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: "off_session",
    });
    expect(checkout.prepares[1]).toEqual({ product_id: "premium_realm_annual", price_id: "prc_annual_zar" });
    await pressWallet(stripe);
    expect(checkout.starts[0].product_id).toBe("premium_realm_annual");
    expect(() => ready[0]!.updater.updatePurchase({} as Package)).toThrow(
      expect.objectContaining({ errorCode: ErrorCode.PurchaseInvalidError }),
    );
  });

  it("clears the card saving of a subscription when the next package is not one: setupFutureUsage null", async () => {
    const subscription = fixtures.checkoutStart().gateway_params;
    const { stripe, purchases, ready } = await showButton({
      checkout: {
        prepare: (body) =>
          Response.json({
            stripe_gateway_params:
              body.product_id === "dragon_egg_lifetime"
                ? {
                    ...subscription,
                    elements_configuration: {
                      mode: "payment",
                      payment_method_types: ["card"],
                      setup_future_usage: null,
                      amount: 49900,
                      currency: "zar",
                    },
                  }
                : subscription,
          }),
      },
    });
    expect(stripe.calls.elementsOptions[0]).toMatchObject({ setupFutureUsage: "off_session" });
    const lifetime = (await purchases.getOfferings({ currency: "ZAR" })).current!.lifetime!;
    ready[0]!.updater.updatePurchase(lifetime);
    await vi.waitFor(() => expect(stripe.calls.updates).toHaveLength(1));
    // Left out, Elements would keep the subscription's "off_session" and save the card of a one-time purchase.
    expect(stripe.calls.updates[0]).toEqual({
      mode: "payment",
      amount: 49900,
      currency: "zar",
      allowedPaymentMethodTypes: ["card"],
      setupFutureUsage: null,
    });
  });

  it("reprices the sheet before answering the press when the customer's checkout charges otherwise (no trial left)", async () => {
    const prepared = fixtures.checkoutStart();
    const paidNow = {
      mode: "payment" as const,
      payment_method_types: ["card"],
      setup_future_usage: "off_session" as const,
      amount: 9900,
      currency: "zar",
    };
    const { stripe } = await showButton({
      checkout: {
        start: [
          () =>
            Response.json({
              ...prepared,
              gateway_params: { ...prepared.gateway_params, elements_configuration: paidNow },
            }),
          () => Response.json(prepared),
          () => Response.json(prepared),
        ],
      },
    });
    expect(stripe.calls.elementsOptions[0]).toMatchObject({ mode: "setup" });
    const answered = pressWallet(stripe);
    await answered;
    expect(stripe.calls.updates).toEqual([
      {
        mode: "payment",
        amount: 9900,
        currency: "zar",
        allowedPaymentMethodTypes: ["card"],
        setupFutureUsage: "off_session",
      },
    ]);
    stripe.emit("expressCheckout", "cancel");
    // The next press's checkout is a trial again: the elements follow it; one priced as they are changes nothing.
    await pressWallet(stripe);
    expect(stripe.calls.updates).toHaveLength(2);
    expect(stripe.calls.updates[1]).toMatchObject({ mode: "setup" });
    stripe.emit("expressCheckout", "cancel");
    await pressWallet(stripe);
    expect(stripe.calls.updates).toHaveLength(2);
  });

  it("refuses bad parameters and Test Store keys with a ConfigurationError before drawing anything", async () => {
    serveCatalogue(server);
    const checkout = serveCheckout(server);
    const stripe = fakeStripe();
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    const rcPackage = await packageOf(purchases);
    const htmlTarget = document.createElement("div");
    const cases: [Params, string][] = [
      [{ htmlTarget: undefined }, "htmlTarget must be an HTML element."],
      [
        { walletButtonTheme: "pink" as never },
        'walletButtonTheme must be "black", "white" or "white-outline".',
      ],
      [{ onButtonReady: "yes" as never }, "onButtonReady must be a function."],
      [{ listener: { onPurchaseStarted: 1 } as never }, "onPurchaseStarted must be a function."],
    ];
    for (const [bad, message] of cases) {
      const { error } = await settle(
        purchases.presentExpressPurchaseButton({ rcPackage, htmlTarget, ...bad } as never),
      );
      expect(error).toMatchObject({ errorCode: ErrorCode.ConfigurationError, message });
    }
    purchases.close();
    const testStore = configure(KEYS.testStore, { loadStripe: stripe.loadStripe });
    const { error } = await settle(testStore.presentExpressPurchaseButton({ rcPackage, htmlTarget }));
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toMatch(/Web Billing API key/);
    expect(checkout.prepares).toHaveLength(0);
    expect(stripe.calls.loads).toHaveLength(0);
    expect(htmlTarget.childElementCount).toBe(0);
  });

  it("rejects with UserCancelledError and removes the buttons when the instance closes", async () => {
    const { purchases, purchase, target } = await showButton();
    purchases.close();
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(target.querySelector(".pw-express")).toBeNull();
  });

  it("rejects with StoreProblemError when Stripe.js cannot be loaded", async () => {
    serveCatalogue(server);
    serveCheckout(server);
    const stripe = fakeStripe({ loadFails: true });
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    const rcPackage = await packageOf(purchases);
    const htmlTarget = document.createElement("div");
    const { error } = await settle(purchases.presentExpressPurchaseButton({ rcPackage, htmlTarget }));
    expect(error?.errorCode).toBe(ErrorCode.StoreProblemError);
    expect((error as { underlyingErrorMessage?: string }).underlyingErrorMessage).toBe(
      "Failed to load Stripe.js",
    );
    expect(htmlTarget.childElementCount).toBe(0);
  });
});
