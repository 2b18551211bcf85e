import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";

/** The `error.code` of a failed payment operation (docs/checkout.md "Payment operation codes"). */
export const OperationErrorCode = {
  SetupIntentCreationFailed: 1,
  PaymentMethodCreationFailed: 2,
  PaymentChargeFailed: 3,
  SetupIntentCompletionFailed: 4,
  AlreadyPurchased: 5,
} as const;

// Setup-intent failures happen on the gateway's side before any money moves: a store problem.
// Payment-method and charge failures are the customer's payment being refused, which is what
// PurchaseInvalidError ("payment invalid" in the native SDKs) means. A code this version does not know
// still means the purchase failed, so it is reported as a store problem rather than a malformed answer.
const publicCodeByOperationCode: Readonly<Record<number, ErrorCode>> = {
  [OperationErrorCode.SetupIntentCreationFailed]: ErrorCode.StoreProblemError,
  [OperationErrorCode.PaymentMethodCreationFailed]: ErrorCode.PurchaseInvalidError,
  [OperationErrorCode.PaymentChargeFailed]: ErrorCode.PurchaseInvalidError,
  [OperationErrorCode.SetupIntentCompletionFailed]: ErrorCode.StoreProblemError,
  [OperationErrorCode.AlreadyPurchased]: ErrorCode.ProductAlreadyPurchasedError,
};

/**
 * The error a failed payment operation rejects the purchase with; the operation's own message is kept as
 * `underlyingErrorMessage`.
 *
 * @example
 * errorFromOperation({ code: 5, message: "Already purchased" }).errorCode; // ProductAlreadyPurchasedError
 */
export function errorFromOperation(
  error: { code?: number; message?: string } | null | undefined,
): PurchasesError {
  const code = publicCodeByOperationCode[error?.code ?? 0] ?? ErrorCode.StoreProblemError;
  return new PurchasesError(code, undefined, { underlyingErrorMessage: error?.message ?? null });
}
