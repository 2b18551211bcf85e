// The confirmation page's one script, inline and allowed by its hash. It reads the page's JSON data block (never a
// URL: the client secret must not reach a log, a history or a Referer), starts Stripe.js with the publishable key,
// and confirms the PaymentIntent with the card it was tried on; Stripe.js runs the bank's challenge (3-D Secure).
// Written as plain ES2017 for every browser a customer may open the mail in.

/** The shape of the page's `#confirm-payment-data` block. */
export interface ConfirmPaymentData {
  publishableKey: string;
  /** The connected account (`StripeOptions.accountId`) the PaymentIntent belongs to, if any. */
  accountId: string | null;
  clientSecret: string;
  paymentMethodId: string;
  /** The page's language, for Stripe's own messages. */
  locale: string;
  texts: { confirming: string; confirmed: string; failed: string; unavailable: string };
}

export const CONFIRM_PAYMENT_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById("confirm-payment-data").textContent);
  var button = document.getElementById("confirm-payment");
  var status = document.getElementById("confirm-payment-status");
  var problem = document.getElementById("confirm-payment-problem");
  var fail = function (message) {
    status.textContent = "";
    problem.textContent = message || data.texts.failed;
    button.disabled = false;
  };
  if (typeof window.Stripe !== "function") {
    problem.textContent = data.texts.unavailable;
    return;
  }
  var options = { locale: data.locale };
  if (data.accountId) options.stripeAccount = data.accountId;
  var stripe = window.Stripe(data.publishableKey, options);
  button.disabled = false;
  button.addEventListener("click", function () {
    button.disabled = true;
    problem.textContent = "";
    status.textContent = data.texts.confirming;
    stripe.confirmCardPayment(data.clientSecret, { payment_method: data.paymentMethodId }).then(
      function (result) {
        if (result.paymentIntent && result.paymentIntent.status === "succeeded") {
          status.textContent = data.texts.confirmed;
          return;
        }
        fail(result.error && result.error.message);
      },
      function () {
        fail(null);
      }
    );
  });
})();`;
