import type { ErrorCode } from "./error-code";
import { publicMessage } from "./public-messages";

/** What a failed request adds to an error. */
export interface PurchasesErrorExtra {
  /** HTTP status of the failed backend response. */
  readonly statusCode?: number;
  /** The backend's numeric `code` (7000 range). */
  readonly backendErrorCode?: number;
}

/** Options of the {@link PurchasesError} constructor. */
export interface PurchasesErrorOptions {
  readonly underlyingErrorMessage?: string | null;
  readonly extra?: PurchasesErrorExtra;
  readonly cause?: unknown;
}

const ERROR_NAME = "PurchasesError";

/**
 * Every failure the SDK lets a caller see: network, timeouts, aborts, bad configuration, backend errors.
 *
 * @example
 * try {
 *   await purchases.getOfferings();
 * } catch (e) {
 *   if (isPurchasesError(e)) console.log(e.errorCode, e.message, e.underlyingErrorMessage);
 * }
 */
export class PurchasesError extends Error {
  /**
   * "PurchasesError", or the name of a subclass (which also ends in "PurchasesError"). Writable, as an `Error`'s
   * name is, for subclasses that set their own.
   */
  override name: string = ERROR_NAME;
  readonly errorCode: ErrorCode;
  /** Always set by the constructor (null when there is none); optional in the type, as in purchases-js. */
  readonly underlyingErrorMessage?: string | null;
  readonly extra?: PurchasesErrorExtra;

  constructor(errorCode: ErrorCode, message?: string, options?: PurchasesErrorOptions);
  /**
   * The form of `@revenuecat/purchases-js`: the underlying message and the extra as arguments of their own.
   *
   * @example
   * new PurchasesError(ErrorCode.UnknownError, "Something went wrong", null, { statusCode: 500 });
   */
  constructor(
    errorCode: ErrorCode,
    message?: string,
    underlyingErrorMessage?: string | null,
    extra?: PurchasesErrorExtra,
  );
  constructor(
    errorCode: ErrorCode,
    message?: string,
    optionsOrUnderlying?: PurchasesErrorOptions | string | null,
    extra?: PurchasesErrorExtra,
  ) {
    const options: PurchasesErrorOptions =
      optionsOrUnderlying instanceof Object
        ? optionsOrUnderlying
        : { underlyingErrorMessage: optionsOrUnderlying, extra };
    super(
      message ?? publicMessage(errorCode),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.errorCode = errorCode;
    this.underlyingErrorMessage = options.underlyingErrorMessage ?? null;
    this.extra = options.extra;
  }

  override toString(): string {
    const underlying = this.underlyingErrorMessage ? ` (${this.underlyingErrorMessage})` : "";
    return `${this.name}(code: ${this.errorCode}): ${this.message}${underlying}`;
  }
}

/**
 * True for any `PurchasesError` or subclass, also one thrown by another copy of the SDK (it checks shape, not
 * class: a name ending in "PurchasesError" and a numeric `errorCode`).
 *
 * @example
 * if (isPurchasesError(e) && e.errorCode === ErrorCode.NetworkError) retryLater();
 */
export function isPurchasesError(value: unknown): value is PurchasesError {
  return (
    value instanceof Error &&
    value.name.endsWith(ERROR_NAME) &&
    typeof (value as Partial<PurchasesError>).errorCode === "number"
  );
}
