// The hosted confirmation page in Chromium: its one script starts Stripe.js with the publishable key and the
// connected account, confirms the held renewal with the saved card, keeps the button disabled while it works, and
// announces the outcome. Stripe.js cannot be reached here: a stand-in answers at its URL (./support/fake-stripe-js.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, openLoopbackPage } from "../../../scripts/chromium.mjs";
import { STRIPE_JS_URL } from "../src/manage/confirm-payment-page.js";
import { startCheckoutServer, type CheckoutServer } from "./support/checkout-server.js";
import { FAKE_STRIPE_JS, answerFakeStripeJs, recordedByFakeStripeJs } from "./support/fake-stripe-js.js";
import {
  confirmPageUrl,
  renewWithCards,
  subscriberWhoseBankWillAsk,
  waitingPeriod,
} from "./support/sca-renewal.js";
import { DATABASES } from "./support/test-server.js";

const SECRET = "confirmation_page_browser_secret_0123456789";
const PRODUCT = "premium_realm_monthly";
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

describe.each(DATABASES)("the confirmation page in Chromium on %s", (kind) => {
  let checkout: CheckoutServer;
  let browser: Browser;
  beforeAll(async () => {
    checkout = await startCheckoutServer(kind, { management: { secret: SECRET } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await checkout?.close();
  });

  /** A customer whose renewal waits for them, and their confirmation page open in Chromium (Stripe.js faked). */
  async function openWaitingPayment(lang: string, { stripeJs = true } = {}) {
    const { appUserId } = await subscriberWhoseBankWillAsk(checkout);
    await renewWithCards(checkout, { mail: null, management: null });
    const { renewalAuthentication } = await waitingPeriod(checkout, appUserId);
    const opened = await openLoopbackPage(browser, {
      stepTimeoutMs: 10_000,
      expectedFailures: stripeJs ? [] : [/^https:\/\/js\.stripe\.com\//],
    });
    if (stripeJs) {
      await opened.page.route(STRIPE_JS_URL, (route) =>
        route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS }),
      );
    }
    const url = `${confirmPageUrl(checkout, SECRET, appUserId, PRODUCT)}&lang=${lang}`;
    await opened.page.goto(url);
    return { ...opened, url, waiting: renewalAuthentication };
  }

  const seriousAxeViolations = async (page: Page) => {
    await page.evaluate(AXE_SOURCE);
    return (await page.evaluate(`axe
      .run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } })
      .then((r) => r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id))`)) as string[];
  };

  it("confirms with the saved card through Stripe.js, disabled while working, then announces it", async () => {
    const { context, page, log, url, waiting } = await openWaitingPayment("en");
    try {
      const button = page.getByRole("button", { name: "Confirm payment" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await button.click();
      expect(await button.isDisabled()).toBe(true);
      expect(await page.getByRole("status").textContent()).toBe("Confirming…");
      expect(await recordedByFakeStripeJs(page)).toEqual({
        publishableKey: "pk_test_realmheart",
        options: { locale: "en", stripeAccount: "acct_test_realmheart" },
        confirmations: [
          { clientSecret: waiting.clientSecret, data: { payment_method: waiting.paymentMethodId } },
        ],
      });
      await answerFakeStripeJs(page, { paymentIntent: { object: "payment_intent", status: "succeeded" } });
      await expect
        .poll(() => page.getByRole("status").textContent())
        .toBe("Payment confirmed — your subscription continues.");
      expect(await button.isDisabled()).toBe(true);
      expect(await page.getByRole("alert").textContent()).toBe("");
      expect(log).toEqual({ errors: [], consoleErrors: [], blocked: [] });

      // Stripe reports the payment by webhook; the page then has nothing left to confirm.
      await checkout.stripe.authenticate(waiting.paymentIntentId);
      await page.goto(url);
      expect(await page.locator("main").textContent()).toContain(
        "There is no payment waiting for your confirmation.",
      );
      expect(await page.getByRole("button").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("shows Stripe's error as an alert, in the page's language, and lets the customer try again (right to left)", async () => {
    const { context, page, log } = await openWaitingPayment("ar");
    try {
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(await seriousAxeViolations(page)).toEqual([]);
      const button = page.getByRole("button", { name: "تأكيد الدفع" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      expect((await recordedByFakeStripeJs(page))?.options.locale).toBe("ar");
      await answerFakeStripeJs(page, { error: { type: "card_error", message: "تم رفض بطاقتك." } });
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("تم رفض بطاقتك.");
      expect(await page.getByRole("status").textContent()).toBe("");
      expect(await button.isEnabled()).toBe(true);
      await button.click();
      expect((await recordedByFakeStripeJs(page))?.confirmations).toHaveLength(2);
      expect(await page.getByRole("alert").textContent()).toBe("");
      expect(log).toEqual({ errors: [], consoleErrors: [], blocked: [] });
    } finally {
      await context.close();
    }
  });

  it("says the payment service could not be loaded when Stripe.js cannot be reached, and keeps the button off", async () => {
    const { context, page, log } = await openWaitingPayment("en", { stripeJs: false });
    try {
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("The payment service could not be loaded. Check your connection and reload the page.");
      expect(await page.getByRole("button", { name: "Confirm payment" }).isDisabled()).toBe(true);
      expect(log.blocked).toEqual([STRIPE_JS_URL]);
      expect(log.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
