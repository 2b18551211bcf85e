import { postCheckoutStart } from "../http/checkout-calls";
import { BackendErrorCode } from "../errors/backend-error-code";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError, isPurchasesError } from "../errors/purchases-error";
import type { Backend } from "../http/backend";
import { Logger } from "../logger";
import type { WireCheckoutStartRequest, WireCheckoutStartResponse } from "../http/wire";
import type { Package, PurchaseOption } from "../model/types";

/** What starting a checkout needs. */
export interface StartCheckoutOptions {
  backend: Backend;
  appUserId: string;
  rcPackage: Package;
  /** The option to buy; the product's default purchase option when omitted. */
  purchaseOption?: PurchaseOption | null;
  email?: string | null;
  /** Developer metadata plus, with `autoCollectUTMAsMetadata`, the page's `utm_*` parameters. */
  metadata?: Record<string, string> | null;
  /** The backend's public id of an Apple external purchase token. */
  externalPurchaseTokenId?: string | null;
  traceId: string;
  signal?: AbortSignal;
}

/** The body of `POST /rcbilling/v1/checkout/start` for a package and option (docs/protocol.md). */
export function checkoutStartBody(options: StartCheckoutOptions): WireCheckoutStartRequest {
  const { appUserId, rcPackage, email, metadata, traceId } = options;
  const product = rcPackage.webBillingProduct;
  if (!product?.identifier) {
    throw new PurchasesError(ErrorCode.PurchaseInvalidError, "Product ID was not set before purchase.");
  }
  const option = options.purchaseOption ?? product.defaultPurchaseOption;
  const context = product.presentedOfferingContext;
  const body: WireCheckoutStartRequest = {
    app_user_id: appUserId,
    product_id: product.identifier,
    price_id: option.priceId,
    presented_offering_identifier: context.offeringIdentifier,
    trace_id: traceId,
  };
  if (email) body.email = email;
  if (metadata && Object.keys(metadata).length > 0) body.metadata = metadata;
  if (options.externalPurchaseTokenId) body.external_purchase_token_id = options.externalPurchaseTokenId;
  // Any option other than the product's default one is an offer the backend must apply.
  if (option.id !== product.defaultPurchaseOption.id) body.offer_id = option.id;
  if (context.targetingContext) {
    body.applied_targeting_rule = {
      rule_id: context.targetingContext.ruleId,
      revision: context.targetingContext.revision,
    };
  }
  if (context.placementIdentifier) body.presented_placement_identifier = context.placementIdentifier;
  return body;
}

/**
 * What the developer reads in the console when `checkout/start` fails with 7773: the customer sees only a generic
 * error page, and the usual cause (a billing server without a payment gateway) is a set-up step, not a bug.
 *
 * @example
 * gatewayErrorMessage(error); // "The billing server has no working payment gateway (7773: No payment gateway …"
 */
export function gatewayErrorMessage(error: PurchasesError): string {
  return (
    `The billing server has no working payment gateway (7773: ${error.underlyingErrorMessage ?? error.message}). ` +
    "Without one only Test Store keys (test_) can buy: set STRIPE_SECRET_KEY on the billing server " +
    "(docs/checkout.md), or configure a test_ key."
  );
}

/**
 * Starts a checkout. When the backend answers that an email is required (7879) although one was sent,
 * the start is retried once without the email, so the customer can enter it in the form (docs/checkout.md).
 * A payment gateway error (7773) is also logged as an error naming the cause ({@link gatewayErrorMessage}).
 *
 * @example
 * const { operation_session_id, gateway_params } = await startCheckout({ backend, appUserId, rcPackage, traceId });
 */
export async function startCheckout(options: StartCheckoutOptions): Promise<WireCheckoutStartResponse> {
  const body = checkoutStartBody(options);
  try {
    return await postCheckoutStart(options.backend, body, options.signal);
  } catch (error) {
    if (isPurchasesError(error) && error.extra?.backendErrorCode === BackendErrorCode.PaymentGatewayError)
      Logger.error(gatewayErrorMessage(error));
    const emailRequired =
      isPurchasesError(error) && error.extra?.backendErrorCode === BackendErrorCode.EmailRequired;
    if (!emailRequired || body.email === undefined) throw error;
    const { email: _dropped, ...withoutEmail } = body;
    return postCheckoutStart(options.backend, withoutEmail, options.signal);
  }
}

/** A checkout start asked for before the form that shows it has loaded: taken once, by the form's first start. */
export interface PendingCheckoutStart {
  /** The start's answer, the first time; null after (a retry starts afresh). */
  take(): Promise<WireCheckoutStartResponse> | null;
  /** Abandons the start (the checkout closed before it was answered or taken). */
  abort(): void;
}

/**
 * Starts a checkout now, for the form that will show it (a card checkout asks for its start beside its code and
 * texts instead of once it has drawn: issue #45's cold path). Its failure is reported to whoever takes it.
 *
 * @example
 * const pending = pendingCheckoutStart({ backend, appUserId, rcPackage, traceId });
 * const checkout = await (pending.take() ?? startCheckout({ backend, appUserId, rcPackage, traceId }));
 */
export function pendingCheckoutStart(options: Omit<StartCheckoutOptions, "signal">): PendingCheckoutStart {
  const controller = new AbortController();
  let answer: Promise<WireCheckoutStartResponse> | null = startCheckout({
    ...options,
    signal: controller.signal,
  });
  answer.catch(() => {});
  return {
    take() {
      const taken = answer;
      answer = null;
      return taken;
    },
    abort: () => controller.abort(),
  };
}
