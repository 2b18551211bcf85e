import { ErrorCode } from "./error-code";
import { PurchasesError } from "./purchases-error";

/** Backend codes (docs/protocol.md) and the public code each maps to, as purchases-js maps them. */
const backendCodeMap: Readonly<Record<number, ErrorCode>> = {
  7000: ErrorCode.ConfigurationError,
  7012: ErrorCode.InvalidEmailError,
  7101: ErrorCode.StoreProblemError,
  7102: ErrorCode.ReceiptAlreadyInUseError,
  7103: ErrorCode.InvalidReceiptError,
  7104: ErrorCode.UnexpectedBackendResponseError,
  7105: ErrorCode.PurchaseInvalidError,
  7106: ErrorCode.PurchaseInvalidError,
  7107: ErrorCode.InvalidCredentialsError,
  7110: ErrorCode.UnexpectedBackendResponseError,
  7114: ErrorCode.UnexpectedBackendResponseError,
  7220: ErrorCode.InvalidAppUserIdError,
  7224: ErrorCode.InvalidCredentialsError,
  7225: ErrorCode.InvalidCredentialsError,
  7226: ErrorCode.UnexpectedBackendResponseError,
  7229: ErrorCode.StoreProblemError,
  7230: ErrorCode.ConfigurationError,
  7231: ErrorCode.StoreProblemError,
  7232: ErrorCode.IneligibleError,
  7234: ErrorCode.UnexpectedBackendResponseError,
  7259: ErrorCode.CustomerInfoError,
  7263: ErrorCode.InvalidSubscriberAttributesError,
  7264: ErrorCode.InvalidSubscriberAttributesError,
  7662: ErrorCode.UnsupportedError,
  7772: ErrorCode.ProductAlreadyPurchasedError,
  7773: ErrorCode.StoreProblemError,
  7814: ErrorCode.PurchaseInvalidError,
  7815: ErrorCode.PurchaseInvalidError,
  7816: ErrorCode.PurchaseInvalidError,
  7817: ErrorCode.PurchaseInvalidError,
  7818: ErrorCode.PurchaseInvalidError,
  7834: ErrorCode.InvalidEmailError,
  7877: ErrorCode.PurchaseInvalidError,
  7878: ErrorCode.PurchaseInvalidError,
  7879: ErrorCode.InvalidEmailError,
  7898: ErrorCode.StoreProblemError,
  7899: ErrorCode.StoreProblemError,
  7900: ErrorCode.StoreProblemError,
  7901: ErrorCode.StoreProblemError,
  7967: ErrorCode.InvalidCredentialsError,
  8172: ErrorCode.StoreProblemError,
  8174: ErrorCode.StoreProblemError,
};

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
