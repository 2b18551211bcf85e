import { ErrorCode } from "./error-code";

/** The message a caller sees for each code when nothing more specific is known. */
const publicMessages: Record<ErrorCode, string> = {
  [ErrorCode.UnknownError]: "Unknown error.",
  [ErrorCode.UserCancelledError]: "Purchase was cancelled.",
  [ErrorCode.StoreProblemError]: "There was a problem with the store.",
  [ErrorCode.PurchaseNotAllowedError]: "The device or user is not allowed to make the purchase.",
  [ErrorCode.PurchaseInvalidError]: "One or more of the arguments provided are invalid.",
  [ErrorCode.ProductNotAvailableForPurchaseError]: "The product is not available for purchase.",
  [ErrorCode.ProductAlreadyPurchasedError]: "This product is already active for the user.",
  [ErrorCode.ReceiptAlreadyInUseError]: "There is already another active subscriber using the same receipt.",
  [ErrorCode.InvalidReceiptError]: "The receipt is not valid.",
  [ErrorCode.MissingReceiptFileError]: "The receipt is missing.",
  [ErrorCode.NetworkError]: "Error performing request. Please check your network connection and try again.",
  [ErrorCode.InvalidCredentialsError]:
    "There was a credentials issue. Check the underlying error for more details.",
  [ErrorCode.UnexpectedBackendResponseError]: "Received unexpected response from the backend.",
  [ErrorCode.InvalidAppUserIdError]: "The app user id is not valid.",
  [ErrorCode.OperationAlreadyInProgressError]: "The operation is already in progress.",
  [ErrorCode.UnknownBackendError]: "Unknown backend error.",
  [ErrorCode.InvalidAppleSubscriptionKeyError]:
    "Apple Subscription Key is invalid or not present. In order to provide subscription offers, you must first generate a subscription key.",
  [ErrorCode.IneligibleError]: "The User is ineligible for that action.",
  [ErrorCode.InsufficientPermissionsError]: "App does not have sufficient permissions to make purchases.",
  [ErrorCode.PaymentPendingError]: "The payment is pending.",
  [ErrorCode.InvalidSubscriberAttributesError]: "One or more of the attributes sent could not be saved.",
  [ErrorCode.LogOutWithAnonymousUserError]: "LogOut was called but the current user is anonymous.",
  [ErrorCode.ConfigurationError]: "There is an issue with your configuration.",
  [ErrorCode.UnsupportedError]: "There was a problem with the operation. This operation is not supported.",
  [ErrorCode.EmptySubscriberAttributesError]: "A request for subscriber attributes returned none.",
  [ErrorCode.CustomerInfoError]: "There was a problem related to the customer info.",
  [ErrorCode.SignatureVerificationError]: "Request failed signature verification.",
  [ErrorCode.InvalidEmailError]: "Email is not valid. Please provide a valid email address.",
  [ErrorCode.TestStoreSimulatedPurchaseError]:
    "Simulated test purchase failure: no real transaction occurred",
};

/** @returns the generic public message for `code`. */
export function publicMessage(code: ErrorCode): string {
  return publicMessages[code] ?? publicMessages[ErrorCode.UnknownError];
}
