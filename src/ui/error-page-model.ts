import type { TaxFailureKind } from "../checkout/tax-failure";
import { BackendErrorCode } from "../errors/backend-error-code";
import { ErrorCode } from "../errors/error-code";
import type { PurchasesError } from "../errors/purchases-error";
import { ProductType } from "../model/types";

/** The kinds of checkout error page (docs/checkout.md "Checkout error kinds"); each is a message key. */
export type ErrorKind =
  | "already_subscribed"
  | "already_purchased"
  | "missing_email"
  | "invalid_email"
  | "network"
  | "charging_payment"
  | "setting_up_purchase"
  | "product_id_not_set"
  | "invalid_tax_location"
  | "unknown"
  | "taxes_not_active"
  | "invalid_origin_address"
  | "missing_permission";

/** Where in the checkout an error happened: starting it, or paying. */
export type ErrorPhase = "start" | "payment";

const TAX_SETUP_KINDS: readonly ErrorKind[] = [
  "taxes_not_active",
  "invalid_origin_address",
  "missing_permission",
];

/**
 * The error page kind of a sandbox tax-setup failure, or null for tax failures that only disable tax.
 *
 * @example
 * taxSetupErrorKind("taxes_not_active"); // "taxes_not_active"
 */
export function taxSetupErrorKind(failure: TaxFailureKind): ErrorKind | null {
  if (failure === "missing_required_permission") return "missing_permission";
  return failure === "taxes_not_active" || failure === "invalid_origin_address" ? failure : null;
}

/**
 * The error page for a failure of the checkout.
 *
 * @example
 * errorKindOf(new PurchasesError(ErrorCode.NetworkError), "payment", ProductType.Subscription); // "network"
 */
export function errorKindOf(error: PurchasesError, phase: ErrorPhase, productType: ProductType): ErrorKind {
  const backendCode = error.extra?.backendErrorCode;
  switch (error.errorCode) {
    case ErrorCode.ProductAlreadyPurchasedError:
      return productType === ProductType.Subscription ? "already_subscribed" : "already_purchased";
    case ErrorCode.InvalidEmailError:
      return backendCode === BackendErrorCode.EmailRequired ? "missing_email" : "invalid_email";
    case ErrorCode.NetworkError:
      return "network";
    case ErrorCode.StoreProblemError:
      if (backendCode === BackendErrorCode.TaxServiceNotActive) return "taxes_not_active";
      if (backendCode === BackendErrorCode.InvalidTaxOriginAddress) return "invalid_origin_address";
      if (backendCode === BackendErrorCode.MissingRequiredPermission) return "missing_permission";
  }
  if (phase === "start") return "setting_up_purchase";
  const paymentFailed = [
    ErrorCode.PurchaseInvalidError,
    ErrorCode.StoreProblemError,
    ErrorCode.PaymentPendingError,
  ];
  return paymentFailed.includes(error.errorCode) ? "charging_payment" : "unknown";
}

/** What the error page shows. */
export interface ErrorPageModel {
  readonly titleKey: string;
  readonly messageKey: string;
  /** A success icon for "you already own it", an error icon otherwise. */
  readonly icon: "success" | "error";
  /** The 'This message only appears in the sandbox' line. */
  readonly sandboxOnly: boolean;
  /** The hint before the support link, or null for no support link. */
  readonly supportHintKey: string | null;
  /** The main button: Try again, Close, or Go to {appName}. */
  readonly action: "try_again" | "close" | "go_to_app";
}

/**
 * The error page of a kind (docs/checkout.md): tax-setup kinds close and show no support link; the already-owned
 * kinds show a success icon, the trouble-accessing hint and a button naming the app; the rest try again with the
 * 'If the error persists' hint. A support link needs a support email.
 *
 * @example
 * errorPageModel("network", { supportEmail: "help@realm.example", appName: "Realmheart" }).action; // "try_again"
 */
export function errorPageModel(
  kind: ErrorKind,
  branding: { readonly supportEmail: string | null; readonly appName: string | null },
): ErrorPageModel {
  const taxSetup = TAX_SETUP_KINDS.includes(kind);
  const owned = kind === "already_subscribed" || kind === "already_purchased";
  const hint = owned ? "error.support_hint_purchased" : "error.support_hint";
  return {
    titleKey: owned ? `error.title_${kind}` : taxSetup ? "error.title_tax_setup" : "error.title",
    messageKey: `error.${kind}`,
    icon: owned ? "success" : "error",
    sandboxOnly: taxSetup,
    supportHintKey: branding.supportEmail && !taxSetup ? hint : null,
    action: owned ? (branding.appName ? "go_to_app" : "close") : taxSetup ? "close" : "try_again",
  };
}
