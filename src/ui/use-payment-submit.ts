import { useState } from "preact/hooks";
import { pollPurchaseStatus } from "../checkout/purchase-poller";
import { submitPayment } from "../checkout/submit-payment";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import { errorKindOf, type ErrorKind } from "./error-page-model";
import { isPayButtonEnabled } from "./pay-button";
import { purchasedResult, type ActiveSession, type PurchasedResult } from "./purchase-session";
import type { CheckoutTax } from "./use-checkout-tax";
import type { StripeFormState } from "./use-stripe-form";

/** What {@link usePaymentSubmit} needs. */
export interface PaymentSubmitOptions {
  readonly session: ActiveSession;
  readonly checkout: WireCheckoutStartResponse;
  readonly tax: CheckoutTax;
  readonly stripe: StripeFormState;
  readonly fail: (error: PurchasesError, kind: ErrorKind) => void;
  /** The purchase succeeded, made with the email the host gave or the customer typed. */
  readonly onPurchased: (result: PurchasedResult) => void;
}

/** The pay button's state and the submit of docs/checkout.md ("Payment entry"). */
export interface PaymentSubmit {
  readonly submitting: boolean;
  /** Whether the pay button may be pressed now. */
  readonly enabled: boolean;
  /** A gateway error the form shows with a try-again button. */
  readonly formError: string | null;
  readonly dismissFormError: () => void;
  /** A card problem shown under the form (the customer fixes it there). */
  readonly handledError: string | null;
  /** `express`: a wallet confirmed, which skips the pay button's rule. */
  readonly submit: (express?: boolean) => Promise<void>;
}

const asPurchasesError = (error: unknown, code = ErrorCode.UnknownError) =>
  isPurchasesError(error) ? error : new PurchasesError(code, undefined, { cause: error });

/**
 * Submits the payment form: the checkout's submit flow, then the purchase polled to its end; gateway errors stay
 * in the form, every other failure goes to an error page through `fail`.
 */
export function usePaymentSubmit(options: PaymentSubmitOptions): PaymentSubmit {
  const { session, checkout, tax, stripe, fail } = options;
  const { env, backend, analytics, traceId, customerEmail } = session;
  const operationSessionId = checkout.operation_session_id;
  const productType = session.rcPackage.webBillingProduct.productType;
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [handledError, setHandledError] = useState<string | null>(null);
  const enabled =
    !stripe.loading &&
    isPayButtonEnabled({
      submitting,
      paymentComplete: stripe.details.paymentComplete,
      emailComplete: stripe.details.email.complete,
      taxStatus: tax.breakdown.taxCalculationStatus,
    });

  async function submit(express = false) {
    const current = stripe.form.current;
    if (!current || submitting || (!express && !enabled)) return;
    setSubmitting(true);
    setHandledError(null);
    analytics.track("checkout_payment_form_submit", {}, traceId);
    try {
      const email = customerEmail ?? stripe.latest.current.email.value;
      const result = await submitPayment({
        ...current,
        backend,
        operationSessionId,
        email,
        taxes: tax.taxes,
        lastTax: tax.lastTax.current,
        seenTotalMicros: tax.breakdown.totalAmountInMicros,
        returnUrl: session.win.location?.href ?? "",
        onTaxCalculated: (taxAddress, taxResult) => tax.taxCalculated(taxAddress, taxResult, "form"),
      });
      switch (result.kind) {
        case "confirmed":
          options.onPurchased(
            purchasedResult(
              await pollPurchaseStatus({ backend, env, operationSessionId, signal: session.signal }),
              email || null,
            ),
          );
          return;
        case "form_error": {
          const message = result.error.message ?? result.error.type;
          analytics.track(
            "checkout_payment_form_error",
            { error_code: result.error.code ?? result.error.type, error_message: message },
            traceId,
          );
          if (result.handled) setHandledError(message);
          else setFormError(message);
          break;
        }
        case "invalid_tax_location":
          fail(
            new PurchasesError(
              ErrorCode.PurchaseInvalidError,
              "The billing address could not be located for tax.",
            ),
            "invalid_tax_location",
          );
          return;
        case "failed":
          fail(result.error, errorKindOf(result.error, "payment", productType));
          return;
      }
    } catch (error) {
      const purchasesError = asPurchasesError(error);
      fail(purchasesError, errorKindOf(purchasesError, "payment", productType));
      return;
    }
    setSubmitting(false);
  }

  return { submitting, enabled, formError, dismissFormError: () => setFormError(null), handledError, submit };
}
