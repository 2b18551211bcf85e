// A `rcb_sb_` key purchase in real Chromium through the card form, and through the express purchase button: the
// billing server runs with a fake of Stripe's HTTP API, and the page gets a fake `window.Stripe` (Stripe.js cannot
// be reached here) which the widget's default loader (`@stripe/stripe-js/pure`) picks up. When the widget confirms the SetupIntent, the
// fake Stripe.js asks the test to confirm it on the fake Stripe API, which sends the signed webhook.
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import { startCheckoutServer } from "../../examples/billing-server/test/support/checkout-server.js";
import { purchases as purchaseRows } from "../../examples/billing-server/src/db/schema.js";
import { buyThroughExpressButton } from "./support/express-in-page";
import { fakeStripeScript } from "./support/fake-stripe-script";
import {
  expectNoAxeViolations,
  gotoHost,
  useBrowserSuite,
  openPage,
  outcome,
  type PageLog,
  closeCleanPage,
} from "./support/browser";

describe("card checkout in Chromium (rcb_sb_ key, real billing server, fake Stripe)", () => {
  const suite = useBrowserSuite(() => startCheckoutServer("pglite"));
  let page: Page;
  let log: PageLog;
  let userCount = 0;
  /** What the fake Stripe API answers when the widget confirms. */
  let confirmOutcome: "succeeded" | "declined" = "succeeded";
  let confirmed: { clientSecret: string; status: number }[] = [];

  afterEach(() => closeCleanPage(page, log));

  const dialog = () => page.locator(".pw-root[role=dialog]");
  const widgetText = async () => (await dialog().innerText()).replace(/\s+/g, " ");
  const payButton = () => page.locator(".pw-root form button[type=submit]");

  /**
   * Opens the host page with the fake Stripe, whose confirmations go to the billing server's fake, and configures
   * the SDK for a new user (`prefix` starts its id); returns that id.
   */
  async function openHostPage(prefix: string) {
    ({ page, log } = await openPage(suite.browser));
    confirmed = [];
    await page.addInitScript({ content: fakeStripeScript("endive") });
    await page.exposeFunction("__confirm", async (clientSecret: string) => {
      const delivery = await suite.server.stripe.confirm(clientSecret, confirmOutcome);
      confirmed.push({ clientSecret, status: delivery.status });
      return { status: delivery.status };
    });
    await gotoHost(page, suite.host.url);
    const appUserId = `${prefix}_${++userCount}_${Date.now()}`;
    await page.evaluate((config) => (window as any).hostConfigure(config), {
      apiKey: KEYS.sandbox,
      appUserId,
      baseUrl: suite.server.server.url,
    });
    return appUserId;
  }

  /** Opens the card form for a new user and waits until every fake Stripe element is ready. */
  async function openCardForm() {
    const appUserId = await openHostPage("browser_card");
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    await expect.poll(() => dialog().count()).toBe(1);
    await page.locator(".pw-root form[aria-busy=false]").waitFor();
    return appUserId;
  }

  /** Types the email into the fake email element and completes the card with a billing address. */
  async function fillForm(address = { country: "ZA", postal_code: "8001" }) {
    await page.getByLabel("Email").fill("ada@example.com");
    await page.evaluate((a) => (window as any).__fakeStripe.completeCard(a), address);
    await expect.poll(() => payButton().isEnabled()).toBe(true);
  }

  it("pays with a card: tax line for ZA, SetupIntent confirmed, success page, premium granted", async () => {
    confirmOutcome = "succeeded";
    const appUserId = await openCardForm();
    const loads = await page.evaluate(() => (window as any).__fakeStripe.calls.loads);
    expect(loads).toEqual([
      { key: "pk_test_realmheart", options: expect.objectContaining({ locale: "en" }) },
    ]);
    await expect.poll(widgetText).toContain("Enter billing address to calculate");
    expect(await payButton().isDisabled()).toBe(true);
    await expectNoAxeViolations(page, "the payment entry page");

    await fillForm();
    await expect.poll(widgetText).toMatch(/VAT\s?(R|ZAR)\s?14[.,]85/);
    expect((await payButton().innerText()).trim()).toBe("Start trial");
    await expectNoAxeViolations(page, "the payment entry page with tax");

    await payButton().click();
    await expect.poll(widgetText, { timeout: 20_000 }).toContain("Payment complete");
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ clientSecret: expect.stringMatching(/^seti_/), status: 200 });
    const setups = await page.evaluate(() => (window as any).__fakeStripe.calls.confirmSetup);
    expect(setups[0]).toMatchObject({
      clientSecret: confirmed[0]!.clientSecret,
      confirmParams: { confirmation_token: expect.stringMatching(/^ctoken_/) },
      redirect: "if_required",
    });
    await expectNoAxeViolations(page, "the success page");

    await page.getByRole("button", { name: "Continue" }).click();
    const result = await outcome(page);
    expect(result).toMatchObject({
      status: "resolved",
      appUserId,
      productIdentifier: "premium_realm_monthly",
    });
    expect(result.activeEntitlements).toContain("premium");
    expect(result.storeTransactionId).toMatch(/^seti_/);
    expect(await page.locator(".pw-root").count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("buy");

    const subscriber = await call(
      suite.server.server,
      "GET",
      `/v1/subscribers/${encodeURIComponent(appUserId)}`,
      { key: KEYS.sandbox },
    );
    expect(subscriber.status).toBe(200);
    expect(subscriber.body.subscriber.entitlements.premium.product_identifier).toBe("premium_realm_monthly");
  });

  it("shows the payment-failed error page when Stripe declines, and Close rejects with its error", async () => {
    confirmOutcome = "declined";
    await openCardForm();
    await fillForm();
    await payButton().click();
    await expect.poll(widgetText, { timeout: 20_000 }).toContain("Payment failed");
    expect(await widgetText()).toContain("error code: 2");
    await expectNoAxeViolations(page, "the payment error page");
    await page.getByRole("button", { name: "Close" }).first().click();
    const result = await outcome(page);
    // A declined SetupIntent is the operation code SetupIntentCompletionFailed: StoreProblemError (2).
    expect(result).toMatchObject({ status: "rejected", isPurchasesError: true, errorCode: 2 });
    expect(await page.locator(".pw-root").count()).toBe(0);
  });
  it("applies a promotion code in the checkout: the discount line, tax on the discounted price, and exactly that charged", async () => {
    confirmOutcome = "succeeded";
    const appUserId = await openHostPage("browser_code");
    // Premium Realm's paid option (no trial: R99 charged now), with the code field, as a host page would ask.
    // A string, so that the test runner's transform leaves the page's own dynamic import alone.
    await page.evaluate(`(async () => {
      const { Purchases } = await import(location.origin + "/dist/index.mjs");
      const purchases = Purchases.getSharedInstance();
      const rcPackage = (await purchases.getOfferings({ currency: "ZAR" })).current.monthly;
      window.__codes = [];
      window.__outcome = { status: "pending" };
      purchases
        .purchase({
          rcPackage,
          purchaseOption: rcPackage.webBillingProduct.subscriptionOptions.no_trial,
          showDiscountCodeField: true,
          onDiscountCodeChanged: (code) => window.__codes.push(code),
        })
        .then(
          (result) => {
            window.__outcome = {
              status: "resolved",
              activeEntitlements: Object.keys(result.customerInfo.entitlements.active),
            };
          },
          (error) => {
            window.__outcome = { status: "rejected", errorCode: error && error.errorCode, message: String(error) };
          },
        );
    })()`);
    await page.locator(".pw-main form[aria-busy=false]").waitFor();
    await page.getByRole("button", { name: "Add promo code" }).click();
    await page.getByLabel("Promo code").fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(widgetText).toContain("Code WELCOME10 applied");
    expect(await widgetText()).toContain("Welcome offer (10% off)");
    expect(await widgetText()).toMatch(/-\s?(R|ZAR)\s?9[.,]90/);
    expect(await page.evaluate(() => (window as any).__codes)).toEqual(["WELCOME10"]);
    await expectNoAxeViolations(page, "the payment entry page with a promotion code");

    await page.getByLabel("Email").fill("ada@example.com");
    await page.evaluate(() =>
      (window as any).__fakeStripe.completeCard({ country: "ZA", postal_code: "8001" }),
    );
    const pay = page.locator(".pw-main form button[type=submit]");
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await expect.poll(widgetText).toMatch(/VAT\s?(R|ZAR)\s?13[.,]37/);
    expect((await pay.innerText()).trim()).toMatch(/^Pay (R|ZAR)\s?102[.,]47$/);

    await pay.click();
    await expect.poll(widgetText, { timeout: 20_000 }).toContain("Payment complete");
    expect(confirmed).toEqual([{ clientSecret: expect.stringMatching(/^pi_/), status: 200 }]);
    expect(suite.server.stripe.intentBySecret(confirmed[0]!.clientSecret)).toMatchObject({ amount: 10247 });
    await page.getByRole("button", { name: "Continue" }).click();
    expect(await outcome(page)).toMatchObject({ status: "resolved", activeEntitlements: ["premium"] });
    const rows = await suite.server.server.database.db.select().from(purchaseRows);
    expect(rows.find((row) => row.appUserId === appUserId)).toMatchObject({ priceMicros: 89_100_000 });
  });

  it("buys through the express purchase button: a wallet drawn into the page, pressed and confirmed, premium granted", async () => {
    confirmOutcome = "succeeded";
    const appUserId = await openHostPage("browser_express");
    await page.evaluate(() => {
      const w = window as any;
      w.__purchasesUnderTest = w.__Purchases.getSharedInstance();
    });
    const { outcome } = await buyThroughExpressButton(page);
    expect(outcome).toEqual({
      status: "resolved",
      productIdentifier: "premium_realm_monthly",
      customerEmail: "payer@example.com",
      activeEntitlements: ["premium"],
    });
    expect(confirmed).toEqual([{ clientSecret: expect.stringMatching(/^seti_/), status: 200 }]);
    const fake = await page.evaluate(() => (window as any).__fakeStripe.calls);
    // The host gave no email: the element asks the wallet for the payer's, which the purchase was made with.
    expect(fake.created).toEqual([
      { type: "expressCheckout", options: expect.objectContaining({ emailRequired: true }) },
    ]);
    expect(fake.clickAnswers[0]).toMatchObject({
      applePay: {
        recurringPaymentRequest: { regularBilling: { amount: 9900, recurringPaymentIntervalUnit: "month" } },
      },
    });
    expect(fake.paymentFailures).toEqual([]);
    expect(await page.locator("#express .pw-express").count()).toBe(0);
    const subscriber = await call(
      suite.server.server,
      "GET",
      `/v1/subscribers/${encodeURIComponent(appUserId)}`,
      { key: KEYS.sandbox },
    );
    expect(subscriber.body.subscriber.entitlements.premium.product_identifier).toBe("premium_realm_monthly");
  });
});
