import { postReceipt } from "../http/checkout-calls";
import type { PurchasesEnvironment } from "../environment";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import type { Backend } from "../http/backend";
import { loadCustomerInfo } from "../model/customer-info-chunk";
import type { Package, PurchaseResult } from "../model/types";

/** The outcome a developer picks in the test-store modal. */
export type TestStoreOutcome = "valid" | "failed" | "cancelled";

/** Options of {@link performTestStorePurchase}. */
export interface TestStorePurchaseOptions {
  backend: Backend;
  env: PurchasesEnvironment;
  appUserId: string;
  rcPackage: Package;
  outcome: TestStoreOutcome;
  /** The email the developer gave `purchase`, returned in the result as a card checkout returns its email. */
  customerEmail?: string | null;
  /** Sent as the receipt's `initiation_source`; "purchase" unless the purchase came from elsewhere. */
  initiationSource?: string;
  /** A promotion code given to `purchase`, sent as the receipt's `discount_code` (the billing server applies it). */
  discountCode?: string | null;
  /**
   * The receipt's transaction id; a new `test_{timestamp}_{uuid}` when not given. A retry of one purchase sends the
   * same one, so that a receipt the server stored before its answer was lost is answered again, not bought twice.
   */
  fetchToken?: string;
  signal?: AbortSignal;
}

/**
 * Completes a purchase made with a test-store key (docs/checkout.md "Test-store purchase"): "valid" posts a
 * receipt with a generated `test_{timestamp}_{uuid}` transaction id, "failed" rejects with
 * TestStoreSimulatedPurchaseError (as purchases-js does) and "cancelled" with UserCancelledError. No money moves.
 *
 * @example
 * const { customerInfo } = await performTestStorePurchase({ backend, env, appUserId, rcPackage, outcome: "valid" });
 */
export async function performTestStorePurchase(options: TestStorePurchaseOptions): Promise<PurchaseResult> {
  const {
    backend,
    env,
    appUserId,
    rcPackage,
    outcome,
    customerEmail,
    initiationSource = "purchase",
    discountCode,
    signal,
  } = options;
  if (outcome === "cancelled") throw new PurchasesError(ErrorCode.UserCancelledError);
  if (outcome === "failed") {
    throw new PurchasesError(ErrorCode.TestStoreSimulatedPurchaseError, undefined, {
      underlyingErrorMessage: "The developer chose a failed purchase in the Test Store.",
    });
  }
  const product = rcPackage.webBillingProduct;
  const context = product.presentedOfferingContext;
  const targeting = context.targetingContext;
  const purchaseDate = new Date(env.now());
  const fetchToken = options.fetchToken ?? `test_${purchaseDate.getTime()}_${env.randomUUID()}`;
  const [response, { toCustomerInfo }] = await Promise.all([
    postReceipt(
      backend,
      {
        fetch_token: fetchToken,
        product_id: product.identifier,
        app_user_id: appUserId,
        presented_offering_identifier: context.offeringIdentifier,
        presented_placement_identifier: context.placementIdentifier,
        applied_targeting_rule: targeting
          ? { rule_id: targeting.ruleId, revision: targeting.revision }
          : null,
        initiation_source: initiationSource,
        ...(discountCode ? { discount_code: discountCode } : {}),
      },
      signal,
    ),
    loadCustomerInfo(),
  ]);
  return {
    // Entitlement activity is judged at the server's clock, not the (possibly wrong) device clock.
    customerInfo: toCustomerInfo(response, response.request_date_ms),
    redemptionInfo: null,
    // No checkout session exists; like purchases-js, the result still names one, unique to this purchase.
    operationSessionId: `test_store_operation_session_${env.randomUUID()}`,
    storeTransaction: { storeTransactionId: fetchToken, productIdentifier: product.identifier, purchaseDate },
    ...(customerEmail ? { customerEmail } : {}),
  };
}
