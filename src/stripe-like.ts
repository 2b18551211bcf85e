// The part of Stripe.js the checkout uses, typed by `@stripe/stripe-js` itself (types only: the core never loads
// Stripe, and tests inject fakes through `environment.loadStripe`). An option a Stripe.js release drops or renames
// then fails `tsc` here rather than a customer's checkout (issue #41: endive refused `paymentMethodTypes`).
import type {
  ConfirmationToken,
  Stripe,
  StripeConstructorOptions,
  StripeElements,
  StripeError,
  StripeExpressCheckoutElement,
  StripeLinkAuthenticationElement,
  StripePaymentElement,
} from "@stripe/stripe-js";

/** An error Stripe.js returns as data (`{ error }`), never throws: the fields the checkout reads. */
export type StripeGatewayError = Pick<StripeError, "type" | "code" | "decline_code" | "message">;

/** A mounted Stripe element: the payment form, the wallet buttons or the email field. */
export type StripeElementLike =
  StripePaymentElement | StripeExpressCheckoutElement | StripeLinkAuthenticationElement;

/** The Elements group of one checkout. */
export type StripeElementsLike = StripeElements;

/** The confirmation token of a submit; its billing address is what tax needs. */
export type StripeConfirmationToken = ConfirmationToken;

/** A Stripe.js client: the calls the checkout makes. */
export type StripeLike = Pick<
  Stripe,
  "elements" | "createConfirmationToken" | "confirmSetup" | "confirmPayment"
>;

/**
 * Loads Stripe.js for a publishable key and connected account; `@stripe/stripe-js/pure`'s `loadStripe`
 * by default. Resolves null where Stripe cannot run.
 *
 * @example
 * Purchases.configure({ apiKey, appUserId, environment: { loadStripe: async () => fakeStripe } });
 */
export type StripeLoader = (
  publishableKey: string,
  options: Pick<StripeConstructorOptions, "stripeAccount" | "locale">,
) => Promise<StripeLike | null>;
