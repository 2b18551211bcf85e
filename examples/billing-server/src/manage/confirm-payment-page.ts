import { CONFIRM_PAYMENT_SCRIPT, type ConfirmPaymentData } from "./confirm-payment-script.js";
import { escapeHtml, inlineHash, pageCsp, pageFormatters, pageLayout, pageTexts } from "./page-layout.js";

/**
 * Stripe.js of the release train the server's Stripe API version belongs to (`…endive`, STRIPE_API_VERSION), as
 * @stripe/stripe-js ^10 loads it. Stripe requires it be loaded from js.stripe.com, never bundled or self-hosted.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/endive/stripe.js";

/**
 * The confirmation page's Content-Security-Policy: the hosted pages' policy, plus Stripe.js and the page's own
 * script (by hash), and the frames and API calls Stripe.js makes for the bank's challenge. Nothing else.
 */
export const CONFIRM_PAYMENT_CSP = pageCsp([
  `script-src https://js.stripe.com ${inlineHash(CONFIRM_PAYMENT_SCRIPT)}`,
  "frame-src https://js.stripe.com https://hooks.stripe.com",
  "connect-src https://api.stripe.com",
]);

/** A renewal payment to confirm, as the page shows it. */
export interface PaymentToConfirm {
  title: string;
  amountMicros: number;
  currency: string;
  /** The end of the grace period: access ends then unless the payment is confirmed. */
  confirmBy: Date;
  stripe: Omit<ConfirmPaymentData, "locale" | "texts">;
}

/** Everything the confirmation page shows. */
export interface ConfirmPaymentView {
  locale: string;
  /** The customer's Manage subscription page (`{prefix}/manage/{token}`), linked back to. */
  managePage: string;
  /** Null when nothing waits for confirmation (paid meanwhile, expired, or another product). */
  payment: PaymentToConfirm | null;
}

/** JSON that cannot end its `<script>` element or break out of it, whatever its strings hold. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/**
 * The hosted page where a customer confirms a renewal payment their bank holds (SCA): the plan, the amount, the
 * date access ends without it, and a "Confirm payment" button that runs Stripe.js's `confirmCardPayment` with the
 * saved card and announces the outcome (a status, or Stripe's error as an alert). With nothing to confirm, it says
 * so and links back to the Manage page. Serve it with {@link CONFIRM_PAYMENT_CSP}.
 *
 * @example
 * reply.header("content-security-policy", CONFIRM_PAYMENT_CSP).send(renderConfirmPaymentPage(view));
 */
export function renderConfirmPaymentPage(view: ConfirmPaymentView): string {
  const { locale, payment } = view;
  const t = pageTexts(locale);
  const back = `<p><a href="${escapeHtml(`${view.managePage}?lang=${locale}`)}">${escapeHtml(t.backToManage)}</a></p>`;
  if (!payment) {
    return pageLayout(
      locale,
      t.confirmTitle,
      `<h1>${escapeHtml(t.confirmTitle)}</h1><p>${escapeHtml(t.nothingToConfirm)}</p>${back}`,
    );
  }
  const f = pageFormatters(locale);
  const confirmBy = f.date(payment.confirmBy);
  const data: ConfirmPaymentData = {
    ...payment.stripe,
    locale,
    texts: {
      confirming: t.confirming,
      confirmed: t.confirmed,
      failed: t.confirmFailed,
      unavailable: t.stripeUnavailable,
    },
  };
  const rows = [
    [t.amount, f.money(payment.amountMicros, payment.currency)],
    [t.confirmBy, confirmBy],
    [t.paymentMethod, t.paidWithCard],
  ]
    .map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`)
    .join("");
  // The button stays disabled until Stripe.js has loaded; without scripts, the noscript text says why.
  const card = `<section class="card" aria-labelledby="payment-title"><h2 id="payment-title">${escapeHtml(payment.title)}</h2><dl>${rows}</dl><button type="button" id="confirm-payment" disabled>${escapeHtml(t.confirmPayment)}</button><noscript><p>${escapeHtml(t.needsScript)}</p></noscript><p class="notice" id="confirm-payment-status" role="status"></p><p class="problem" id="confirm-payment-problem" role="alert"></p></section>`;
  const scripts = `<script type="application/json" id="confirm-payment-data">${scriptJson(data)}</script><script src="${STRIPE_JS_URL}"></script><script>${CONFIRM_PAYMENT_SCRIPT}</script>`;
  return pageLayout(
    locale,
    t.confirmTitle,
    `<h1>${escapeHtml(t.confirmTitle)}</h1><p class="muted">${escapeHtml(t.confirmIntro.replace("{date}", confirmBy))}</p>${card}${back}${scripts}`,
  );
}
