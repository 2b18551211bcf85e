/**
 * Public error codes. The numeric values are part of the wire and API contract and never change.
 *
 * @example
 * if (isPurchasesError(e) && e.errorCode === ErrorCode.UserCancelledError) return;
 */
export enum ErrorCode {
  UnknownError = 0,
  UserCancelledError = 1,
  StoreProblemError = 2,
  PurchaseNotAllowedError = 3,
  PurchaseInvalidError = 4,
  ProductNotAvailableForPurchaseError = 5,
  ProductAlreadyPurchasedError = 6,
  ReceiptAlreadyInUseError = 7,
  InvalidReceiptError = 8,
  MissingReceiptFileError = 9,
  NetworkError = 10,
  InvalidCredentialsError = 11,
  UnexpectedBackendResponseError = 12,
  InvalidAppUserIdError = 14,
  OperationAlreadyInProgressError = 15,
  UnknownBackendError = 16,
  InvalidAppleSubscriptionKeyError = 17,
  IneligibleError = 18,
  InsufficientPermissionsError = 19,
  PaymentPendingError = 20,
  InvalidSubscriberAttributesError = 21,
  LogOutWithAnonymousUserError = 22,
  ConfigurationError = 23,
  UnsupportedError = 24,
  EmptySubscriberAttributesError = 25,
  CustomerInfoError = 28,
  SignatureVerificationError = 36,
  InvalidEmailError = 38,
  TestStoreSimulatedPurchaseError = 42,
}
