// A stand-in for Stripe.js (js.stripe.com cannot be reached here) with the one call the confirmation page makes:
// `Stripe(publishableKey, options).confirmCardPayment(clientSecret, data)`, answered with the result shape Stripe.js
// resolves to. It records what the page passed, and holds the answer until the test gives it, so a test can look at
// the page while the payment is being confirmed.
import type { Page } from "playwright-core";

/** What the page gave the fake, read back with `page.evaluate(() => window.fakeStripeJs)`. */
export interface FakeStripeJsRecord {
  publishableKey: string;
  options: { stripeAccount?: string; locale?: string };
  confirmations: { clientSecret: string; data: { payment_method?: string } }[];
}

/** The page's globals the script sets (`window.fakeStripeJs`, `window.fakeStripeJsAnswer`). */
export interface FakeStripeJsGlobals {
  fakeStripeJs?: FakeStripeJsRecord;
  fakeStripeJsAnswer(result: unknown): void;
}

/** What the page has passed to the fake so far. */
export const recordedByFakeStripeJs = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as FakeStripeJsGlobals).fakeStripeJs);

/** Resolves the page's pending `confirmCardPayment` with `result`, as Stripe.js would. */
export const answerFakeStripeJs = (page: Page, result: object) =>
  page.evaluate((r) => (globalThis as unknown as FakeStripeJsGlobals).fakeStripeJsAnswer(r), result);

/**
 * The script to serve at Stripe.js's URL. In the page, `window.fakeStripeJs` is the record, and
 * `window.fakeStripeJsAnswer(result)` resolves the pending `confirmCardPayment` with `result`
 * (`{ paymentIntent: { status: "succeeded" } }` or `{ error: { message } }`).
 */
export const FAKE_STRIPE_JS = `(function () {
  var pending = [];
  window.fakeStripeJsAnswer = function (result) {
    var resolve = pending.shift();
    if (!resolve) throw new Error("fake Stripe.js: no confirmCardPayment is waiting");
    resolve(result);
  };
  window.Stripe = function (publishableKey, options) {
    var record = { publishableKey: publishableKey, options: options || {}, confirmations: [] };
    window.fakeStripeJs = record;
    return {
      confirmCardPayment: function (clientSecret, data) {
        record.confirmations.push({ clientSecret: clientSecret, data: data || {} });
        return new Promise(function (resolve) {
          pending.push(resolve);
        });
      }
    };
  };
})();`;
