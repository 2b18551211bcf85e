// The part of Stripe.js the checkout uses, as types only: the core never loads Stripe, and tests inject a
// fake that implements exactly these calls (`environment.loadStripe`).

/** An error Stripe.js returns as data (`{ error }`), never throws. */
export interface StripeGatewayError {
  readonly type: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
}

/** A mounted Stripe element: the payment form, the wallet buttons or the email field. */
export interface StripeElementLike {
  mount(domElement: HTMLElement): void;
  on(event: string, handler: (event: { [key: string]: unknown }) => void): unknown;
  destroy(): void;
}

/** The Elements group of one checkout. */
export interface StripeElementsLike {
  create(type: "payment" | "expressCheckout" | "linkAuthentication", options?: object): StripeElementLike;
  submit(): Promise<{ error?: StripeGatewayError }>;
  update(options: object): unknown;
}

/** The billing address the confirmation token carries, as far as tax needs it. */
export interface StripeConfirmationToken {
  readonly id: string;
  readonly payment_method_preview?: {
    readonly type?: string;
    readonly billing_details?: {
      readonly address?: { readonly country?: string | null; readonly postal_code?: string | null } | null;
    };
  };
}

/** A Stripe.js client. */
export interface StripeLike {
  elements(options: object): StripeElementsLike;
  createConfirmationToken(options: {
    elements: StripeElementsLike;
    params?: object;
  }): Promise<{ confirmationToken?: StripeConfirmationToken; error?: StripeGatewayError }>;
  confirmSetup(options: object): Promise<{ error?: StripeGatewayError }>;
  confirmPayment(options: object): Promise<{ error?: StripeGatewayError }>;
}

/**
 * Loads Stripe.js for a publishable key and connected account; `@stripe/stripe-js/pure`'s `loadStripe`
 * by default. Resolves null where Stripe cannot run.
 *
 * @example
 * Purchases.configure({ apiKey, appUserId, environment: { loadStripe: async () => fakeStripe } });
 */
export type StripeLoader = (
  publishableKey: string,
  options: { stripeAccount?: string; locale?: string },
) => Promise<StripeLike | null>;
