import type { PurchasedResult } from "./purchase-session";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import type { ErrorKind } from "./error-page-model";

/** How the checkout ended: what `purchase()` resolves or rejects with. */
export type CheckoutOutcome =
  | { readonly kind: "purchased"; readonly result: PurchasedResult }
  | { readonly kind: "failed"; readonly error: PurchasesError };

/** The page the widget shows (docs/checkout.md "Checkout page flow"). */
export type CheckoutPage =
  | { readonly page: "payment-entry-loading" }
  | { readonly page: "payment-entry"; readonly checkout: WireCheckoutStartResponse }
  | { readonly page: "error"; readonly error: PurchasesError | null; readonly kind: ErrorKind }
  | { readonly page: "success"; readonly result: PurchasedResult }
  | { readonly page: "finished"; readonly outcome: CheckoutOutcome };

/** What moves the checkout from page to page. */
export type CheckoutEvent =
  | { readonly type: "started"; readonly checkout: WireCheckoutStartResponse }
  | { readonly type: "failed"; readonly error: PurchasesError | null; readonly kind: ErrorKind }
  | { readonly type: "purchased"; readonly result: PurchasedResult }
  /** Continue on the success or error page. */
  | { readonly type: "continue" }
  /** Try again on the error page: a new checkout. */
  | { readonly type: "retry" }
  /** The close button, Escape or browser back. */
  | { readonly type: "closed" };

/** The first page. */
export const initialCheckoutPage: CheckoutPage = { page: "payment-entry-loading" };

const finished = (outcome: CheckoutOutcome): CheckoutPage => ({ page: "finished", outcome });
const failedWith = (error: PurchasesError | null): CheckoutPage =>
  finished({ kind: "failed", error: error ?? new PurchasesError(ErrorCode.UnknownError) });

/**
 * The pure transition of the checkout pages. Checkout start succeeding shows the payment entry, any failure
 * the error page; a purchase shows the success page (or finishes at once with `skipSuccessPage`); continue on
 * success or error finishes; closing cancels with UserCancelledError, except on the success page (the purchase
 * stands) and the error page (the stored error is reported, UnknownError when none). `finished` is final and
 * events that do not apply to a page leave it unchanged.
 *
 * @example
 * checkoutTransition({ page: "payment-entry-loading" }, { type: "closed" }, { skipSuccessPage: false });
 * // → { page: "finished", outcome: { kind: "failed", error: UserCancelledError } }
 */
export function checkoutTransition(
  state: CheckoutPage,
  event: CheckoutEvent,
  options: { readonly skipSuccessPage: boolean },
): CheckoutPage {
  switch (state.page) {
    case "finished":
      return state;
    case "success":
      return event.type === "continue" || event.type === "closed"
        ? finished({ kind: "purchased", result: state.result })
        : state;
    case "error":
      if (event.type === "retry") return initialCheckoutPage;
      return event.type === "continue" || event.type === "closed" ? failedWith(state.error) : state;
    case "payment-entry-loading":
    case "payment-entry":
      switch (event.type) {
        case "started":
          return state.page === "payment-entry-loading"
            ? { page: "payment-entry", checkout: event.checkout }
            : state;
        case "failed":
          return { page: "error", error: event.error, kind: event.kind };
        case "purchased":
          if (state.page !== "payment-entry") return state;
          return options.skipSuccessPage
            ? finished({ kind: "purchased", result: event.result })
            : { page: "success", result: event.result };
        case "closed":
          return failedWith(new PurchasesError(ErrorCode.UserCancelledError));
        default:
          return state;
      }
  }
}
