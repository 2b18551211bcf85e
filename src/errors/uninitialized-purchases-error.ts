import { ErrorCode } from "./error-code";
import { PurchasesError } from "./purchases-error";

/**
 * Thrown by `Purchases.getSharedInstance()` before `Purchases.configure()` made an instance. It is a
 * `PurchasesError` with the code `ConfigurationError`, so code that checks either keeps working.
 *
 * @example
 * try {
 *   Purchases.getSharedInstance();
 * } catch (e) {
 *   if (e instanceof UninitializedPurchasesError) Purchases.configure({ apiKey, appUserId });
 * }
 */
export class UninitializedPurchasesError extends PurchasesError {
  override name = "UninitializedPurchasesError";

  constructor() {
    super(
      ErrorCode.ConfigurationError,
      "Purchases must be configured before calling getSharedInstance. Call Purchases.configure first.",
    );
  }
}
