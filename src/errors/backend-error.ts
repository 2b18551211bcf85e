import { ErrorCode } from "./error-code";
import { PurchasesError } from "./purchases-error";

/** Backend codes (docs/protocol.md) and the public code each maps to. */
const backendCodeMap: Readonly<Record<number, ErrorCode>> = {
  7000: ErrorCode.ConfigurationError,
  7012: ErrorCode.InvalidEmailError,
  7101: ErrorCode.StoreProblemError,
  7102: ErrorCode.ReceiptAlreadyInUseError,
  7103: ErrorCode.InvalidReceiptError,
  7105: ErrorCode.PurchaseInvalidError,
  7110: ErrorCode.UnexpectedBackendResponseError,
  7220: ErrorCode.InvalidAppUserIdError,
  7224: ErrorCode.InvalidCredentialsError,
  7225: ErrorCode.InvalidCredentialsError,
  7226: ErrorCode.UnexpectedBackendResponseError,
  7232: ErrorCode.IneligibleError,
  7259: ErrorCode.CustomerInfoError,
  7263: ErrorCode.InvalidSubscriberAttributesError,
  7264: ErrorCode.InvalidSubscriberAttributesError,
  7662: ErrorCode.UnsupportedError,
  7772: ErrorCode.ProductAlreadyPurchasedError,
  7773: ErrorCode.StoreProblemError,
  7814: ErrorCode.PurchaseInvalidError,
  7834: ErrorCode.InvalidEmailError,
  7877: ErrorCode.PurchaseInvalidError,
  7878: ErrorCode.PurchaseInvalidError,
  7879: ErrorCode.InvalidEmailError,
  7898: ErrorCode.StoreProblemError,
  7899: ErrorCode.StoreProblemError,
  7900: ErrorCode.StoreProblemError,
  7901: ErrorCode.StoreProblemError,
};

/** Backend codes with a name the checkout reacts to. */
export const BackendErrorCode = {
  InvalidEmail: 7012,
  InvalidApiKey: 7225,
  AlreadySubscribed: 7772,
  EmailRequired: 7879,
  NoMxRecords: 7834,
  TaxServiceNotActive: 7898,
  InvalidTaxOriginAddress: 7899,
  MissingRequiredPermission: 7900,
} as const;

/** @returns the public code for a backend code, or undefined when the code is not one we know. */
export function errorCodeForBackendCode(backendCode: number): ErrorCode | undefined {
  return backendCodeMap[backendCode];
}

function unknownBackendError(requestName: string, status: number, bodyText: string, backendCode?: number) {
  return new PurchasesError(ErrorCode.UnknownBackendError, "Unknown backend error.", {
    underlyingErrorMessage: `Request: ${requestName}. Status code: ${status}. Body: ${bodyText || "null"}.`,
    extra: { statusCode: status, ...(backendCode === undefined ? {} : { backendErrorCode: backendCode }) },
  });
}

/**
 * Turns a non-2xx response into a `PurchasesError`: a known 7xxx code maps per docs/protocol.md, anything else
 * (an unknown or missing code, or a status of 500 and above) is `UnknownBackendError`.
 */
export function errorFromBackendResponse(
  requestName: string,
  status: number,
  bodyText: string,
): PurchasesError {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // A non-JSON error body is kept as text in the underlying message.
  }
  const backendCode =
    body && typeof body === "object" && typeof (body as { code?: unknown }).code === "number"
      ? (body as { code: number }).code
      : undefined;
  const backendMessage =
    body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string"
      ? (body as { message: string }).message
      : null;
  const mapped = backendCode === undefined ? undefined : errorCodeForBackendCode(backendCode);
  if (status >= 500 || mapped === undefined)
    return unknownBackendError(requestName, status, bodyText, backendCode);
  return new PurchasesError(mapped, undefined, {
    underlyingErrorMessage: backendMessage,
    extra: { statusCode: status, backendErrorCode: backendCode },
  });
}
