import type { AnalyticsTracker } from "../analytics/analytics-tracker";
import type {
  CheckoutSessionEndProperties,
  CheckoutSessionStartProperties,
} from "../analytics/analytics-event";
import type { ApiKeyKind } from "../config/api-key-kind";
import type { BrandingAppearance } from "../config/purchases-config";
import type { PurchasesEnvironment } from "../environment";
import { ErrorCode } from "../errors/error-code";
import type { PurchasesError } from "../errors/purchases-error";
import type { Backend } from "../http/backend";
import type { WireBrandingInfo } from "../http/wire";
import type { Translator } from "../i18n/translator";
import type { PendingCheckoutStart } from "../checkout/checkout-start";
import type { OperationResult } from "../checkout/purchase-poller";
import type { CustomerInfo, Package, PurchaseOption, PurchaseResult } from "../model/types";

/** Everything a purchase's UI needs from the core, validated by `Purchases.purchase`. */
export interface PurchaseSession {
  readonly env: PurchasesEnvironment;
  readonly win: Window;
  readonly backend: Backend;
  readonly analytics: AnalyticsTracker;
  readonly appUserId: string;
  readonly apiKeyKind: ApiKeyKind;
  readonly branding: WireBrandingInfo | null;
  readonly rcPackage: Package;
  readonly purchaseOption: PurchaseOption | null;
  readonly htmlTarget: HTMLElement | null;
  /** A valid email the developer supplied; the email field is skipped when set. */
  readonly customerEmail: string | null;
  /** Sent with the checkout start as `external_purchase_token_id`. */
  readonly externalPurchaseTokenId?: string | null;
  readonly selectedLocale: string | null;
  readonly defaultLocale: string | null;
  /** Checkout-start metadata, UTM parameters included. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly skipSuccessPage: boolean;
  readonly nonce: string | undefined;
  /** The locale prices are formatted in (the one the offerings were formatted in). */
  readonly priceLocale: string;
  /** Aborted when the Purchases instance closes: the widget closes and the purchase is cancelled. */
  readonly signal: AbortSignal;
  /** Shows the promotion code field. */
  readonly showDiscountCodeField: boolean;
  /** A code applied as the checkout opens. */
  readonly discountCode: string | null;
  readonly onDiscountCodeChanged: ((discountCode: string | null) => void) | null;
  /** Appearance values that replace the branding's (configure's override, then the purchase's). */
  readonly appearanceOverride: Readonly<Partial<BrandingAppearance>>;
  readonly termsAndConditionsUrl: string | null;
  /** The `hideBackButton` flag: no close button in the header. */
  readonly hideBackButton: boolean;
  /** The `applePayBrandingLogoEnabled` flag: the app icon as the page's apple-touch-icon while the checkout is open. */
  readonly applePayBrandingLogo?: boolean;
}

/** A session with its language and analytics trace. */
export interface ActiveSession extends PurchaseSession {
  readonly t: Translator;
  readonly traceId: string;
  readonly sandbox: boolean;
  /** A card checkout's start, asked for as the purchase began; the form's first start takes it. */
  readonly earlyStart?: PendingCheckoutStart | null;
}

/**
 * The properties of checkout_session_start (docs/protocol.md).
 *
 * @example
 * session.analytics.track("checkout_session_start", sessionStartProperties(session), traceId);
 */
export function sessionStartProperties(session: PurchaseSession): CheckoutSessionStartProperties {
  const product = session.rcPackage.webBillingProduct;
  const { show_product_description: _ignored, ...customization } = session.branding?.appearance ?? {};
  return {
    customization: session.branding?.appearance ? customization : null,
    product_interval: product.normalPeriodDuration,
    product_price_micros: product.currentPrice.amountMicros,
    product_currency: product.currentPrice.currency,
    product_id: product.identifier,
    package_id: session.rcPackage.identifier,
    purchase_option_id: (session.purchaseOption ?? product.defaultPurchaseOption).id,
    customer_email_provided_by_developer: session.customerEmail !== null,
  };
}

/**
 * The properties of checkout_session_end for how the purchase ended.
 *
 * @example
 * sessionEndProperties({ error: new PurchasesError(ErrorCode.UserCancelledError) }); // { outcome: "closed" }
 */
export function sessionEndProperties(
  ended: { readonly withRedemptionInfo: boolean } | { readonly error: PurchasesError },
): CheckoutSessionEndProperties {
  if ("withRedemptionInfo" in ended)
    return { outcome: "finished", with_redemption_info: ended.withRedemptionInfo };
  if (ended.error.errorCode === ErrorCode.UserCancelledError) return { outcome: "closed" };
  return { outcome: "errored", error_code: ended.error.errorCode, error_message: ended.error.message };
}

/**
 * What a purchase's UI resolves with: the purchase result, whose customer info the core reads afterwards when the
 * UI has none (a checkout's; the Test Store's receipt answers with it).
 */
export type PurchasedResult = Omit<PurchaseResult, "customerInfo"> & { readonly customerInfo?: CustomerInfo };

/**
 * The result of a purchase a checkout's operation completed, with the email it was made with when known.
 *
 * @example
 * purchasedResult(await pollPurchaseStatus(options), "ada@example.com").storeTransaction.productIdentifier;
 */
export function purchasedResult(operation: OperationResult, customerEmail: string | null): PurchasedResult {
  return {
    redemptionInfo: operation.redemptionInfo,
    operationSessionId: operation.operationSessionId,
    storeTransaction: {
      storeTransactionId: operation.storeTransactionIdentifier,
      productIdentifier: operation.productIdentifier,
      purchaseDate: operation.purchaseDate,
    },
    ...(customerEmail ? { customerEmail } : {}),
  };
}
