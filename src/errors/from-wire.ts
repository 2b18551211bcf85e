import { ErrorCode } from "./error-code";
import { PurchasesError } from "./purchases-error";

/**
 * Normalises a response; a body with the right top-level field but junk inside is the backend's fault, reported as
 * an UnexpectedBackendResponseError rather than the TypeError the junk would cause.
 *
 * @example
 * const offerings = fromWire(() => toOfferings(wire, products, options));
 */
export function fromWire<T>(normalise: () => T): T {
  try {
    return normalise();
  } catch (cause) {
    if (cause instanceof PurchasesError) throw cause;
    throw new PurchasesError(ErrorCode.UnexpectedBackendResponseError, undefined, {
      underlyingErrorMessage: String(cause),
      cause,
    });
  }
}
