import { postCheckoutComplete } from "../http/checkout-calls";
import type { StripeElementsLike, StripeGatewayError, StripeLike } from "../stripe-like";
import type { TaxAddress, TaxCalculationResult, TaxCalculator } from "./tax-calculator";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import type { Backend } from "../http/backend";

// Card problems the customer fixes in the form; the payment element shows them itself (docs/checkout.md).
const HANDLED_CARD_CODES = ["card_declined", "expired_card", "incorrect_cvc", "incorrect_number"];

/**
 * Whether a Stripe error belongs to the form (validation and the customer's card problems) rather than the page.
 *
 * @example
 * isHandledFormError({ type: "card_error", code: "card_declined" }); // true
 */
export function isHandledFormError(error: StripeGatewayError): boolean {
  return (
    error.type === "validation_error" ||
    (error.type === "card_error" && HANDLED_CARD_CODES.includes(error.code ?? ""))
  );
}

/** How a submit ended. */
export type SubmitResult =
  /** The payment was confirmed; the purchase can be polled. */
  | { readonly kind: "confirmed" }
  /** The gateway refused: `handled` errors stay in the form, others show the form's error view. */
  | { readonly kind: "form_error"; readonly error: StripeGatewayError; readonly handled: boolean }
  /** Tax changed the total: the price-updated notice, not an error page. */
  | { readonly kind: "price_changed" }
  /** The billing address cannot be located for tax. */
  | { readonly kind: "invalid_tax_location" }
  /** A backend failure: an error page. */
  | { readonly kind: "failed"; readonly error: PurchasesError };

/** What a submit needs. */
export interface SubmitPaymentOptions {
  stripe: StripeLike;
  elements: StripeElementsLike;
  backend: Backend;
  operationSessionId: string;
  email: string;
  /** Null when tax is not collected. */
  taxes: TaxCalculator | null;
  /** The address of the last tax calculation, and how it ended. */
  lastTax: { address: TaxAddress; result: TaxCalculationResult } | null;
  /**
   * The total the customer saw; null when the checkout showed none to compare (a wallet's sheet, which showed the
   * price and was confirmed by the customer).
   */
  seenTotalMicros: number | null;
  /** Where Stripe returns after a redirect (3-D Secure on some banks): the page the checkout runs on. */
  returnUrl: string;
  /** Called with each tax calculation this submit makes. */
  onTaxCalculated?: (address: TaxAddress, result: TaxCalculationResult) => void;
}

const formError = (error: StripeGatewayError): SubmitResult => ({
  kind: "form_error",
  error,
  handled: isHandledFormError(error),
});

/**
 * The submit flow of docs/checkout.md: submit the elements, create a confirmation token (which carries the billing
 * country and postal code), recompute tax when they changed, check the total is the one shown, complete the
 * checkout with the email, then confirm a setup (`seti_` client secrets) or a payment, redirecting only if required.
 *
 * @example
 * const result = await submitPayment({ stripe, elements, backend, operationSessionId, email, taxes, lastTax, seenTotalMicros, returnUrl });
 * if (result.kind === "confirmed") await pollPurchaseStatus({ backend, env, operationSessionId });
 */
export async function submitPayment(options: SubmitPaymentOptions): Promise<SubmitResult> {
  const { stripe, elements, backend, operationSessionId, taxes } = options;
  const submitted = await elements.submit();
  if (submitted.error) return formError(submitted.error);
  const { confirmationToken, error } = await stripe.createConfirmationToken({ elements });
  if (error || !confirmationToken) return formError(error ?? { type: "api_error" });

  if (taxes) {
    const billing = confirmationToken.payment_method_preview?.billing_details?.address;
    const address: TaxAddress = {
      countryCode: billing?.country ?? undefined,
      postalCode: billing?.postal_code ?? undefined,
    };
    let last = options.lastTax;
    if (
      !last ||
      last.address.countryCode !== address.countryCode ||
      last.address.postalCode !== address.postalCode
    ) {
      const result = await taxes.calculate(address);
      options.onTaxCalculated?.(address, result);
      last = { address, result };
    }
    if (last.result.kind === "failed" && last.result.failure.kind === "invalid_tax_location") {
      return { kind: "invalid_tax_location" };
    }
    if (options.seenTotalMicros !== null && taxes.checkTotal(options.seenTotalMicros))
      return { kind: "price_changed" };
  }

  let clientSecret: string | undefined;
  try {
    const completed = await postCheckoutComplete(backend, operationSessionId, { email: options.email });
    clientSecret = completed.gateway_params?.client_secret;
  } catch (cause) {
    return {
      kind: "failed",
      error: isPurchasesError(cause)
        ? cause
        : new PurchasesError(ErrorCode.UnknownError, undefined, { cause }),
    };
  }
  if (!clientSecret) {
    return {
      kind: "failed",
      error: new PurchasesError(
        ErrorCode.UnexpectedBackendResponseError,
        "Missing required fields in operation response.",
      ),
    };
  }
  const confirmation = {
    clientSecret,
    confirmParams: { confirmation_token: confirmationToken.id, return_url: options.returnUrl },
    redirect: "if_required" as const,
  };
  const confirmed = clientSecret.startsWith("seti_")
    ? await stripe.confirmSetup(confirmation)
    : await stripe.confirmPayment(confirmation);
  return confirmed.error ? formError(confirmed.error) : { kind: "confirmed" };
}
