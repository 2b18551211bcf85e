// A purchase's parameters checked and gathered into the session its UI needs. This runs in the checkout chunk,
// not in the core: the checks of every purchase option weigh on the one-import size, and nothing is fetched or
// shown before they pass (the chunk is loaded first, then the parameters are checked, then branding is read).
import type { AnalyticsTracker } from "../analytics/analytics-tracker";
import { checkoutMetadata, type PurchaseMetadata } from "../checkout/checkout-metadata";
import { isValidEmail } from "../checkout/email";
import type { BrandingAppearance, ResolvedConfig } from "../config/purchases-config";
import { validatePurchaseParams } from "../config/validate-ui-params";
import { validateBrandingAppearance } from "../config/validate-params";
import type { PurchasesEnvironment } from "../environment";
import type { Backend } from "../http/backend";
import { Logger } from "../logger";
import type { PurchasesError } from "../errors/purchases-error";
import type { Package, PurchaseOption } from "../model/types";
import type { PurchaseSession } from "./purchase-session";

/**
 * What {@link Purchases.purchase} buys and how the checkout shows.
 *
 * @example
 * await purchases.purchase({ rcPackage: offerings.current!.monthly!, customerEmail: "ada@example.com" });
 */
export interface PurchaseParams {
  /** The package to buy. */
  rcPackage: Package;
  /** The option of the package's product to buy; its default option when omitted. */
  purchaseOption?: PurchaseOption | null;
  /** Shows the checkout inside this element (no close button); full-screen over the page when omitted. */
  htmlTarget?: HTMLElement | null;
  /** The customer's email: the checkout does not ask for it. An invalid one is dropped with a warning. */
  customerEmail?: string | null;
  /**
   * The backend's public id of an Apple external purchase token, sent with the checkout start
   * (`external_purchase_token_id`) for the backend to link the purchase to it.
   */
  externalPurchaseTokenId?: string | null;
  /** The language of the checkout as a BCP-47 tag ("pt-BR"); the browser's language when omitted. */
  selectedLocale?: string | null;
  /** The language used when the selected one is not translated; "en" when omitted. */
  defaultLocale?: string | null;
  /**
   * Sent with the checkout start, together with the page's `utm_*` parameters (unless disabled). A null value is
   * not sent and removes a collected `utm_*` value of that name.
   */
  metadata?: PurchaseMetadata | null;
  /** Resolves as soon as the payment succeeds, without the success page. */
  skipSuccessPage?: boolean;
  /** The CSP nonce put on the checkout's injected `<style>` element. */
  nonce?: string | null;
  /** Shows a promotion code field in the checkout. Default false. */
  showDiscountCodeField?: boolean;
  /** A promotion code applied as the checkout opens (one from your page's address, say). */
  discountCode?: string;
  /** Called with the code each time the customer applies one in the checkout, and with null when they remove it. */
  onDiscountCodeChanged?: (discountCode: string | null) => void;
  /** Replaces parts of the branding's appearance for this checkout; wins over the one given to `configure`. */
  brandingAppearanceOverride?: Partial<BrandingAppearance>;
  /** Your terms and conditions (an http(s) URL), linked under the pay button. */
  termsAndConditionsUrl?: string;
}

/**
 * Callbacks about a purchase flow the SDK starts (purchases-js's `PurchaseListener`: a paywall's listener extends
 * it, the express purchase button takes it). A callback that throws is logged and does not stop the flow.
 *
 * @example
 * const listener: PurchaseListener = { onPurchaseCancelled: () => track("checkout_closed") };
 */
export interface PurchaseListener {
  /** The customer pressed a purchase button; the checkout (or the wallet's sheet) opens for `rcPackage`. */
  onPurchaseStarted?(rcPackage: Package): void;
  /** The customer closed the checkout or the wallet's sheet; the paywall or the express button stays. */
  onPurchaseCancelled?(): void;
  /** The purchase failed; the paywall or the express button stays, so the customer can try again or go back. */
  onPurchaseError?(error: PurchasesError): void;
}

/** What the core knows of the purchase's instance. */
export interface PurchaseContext {
  readonly env: PurchasesEnvironment;
  readonly backend: Backend;
  readonly analytics: AnalyticsTracker;
  readonly appUserId: string;
  /** The checked configuration: the key's kind, the flags, and `configure`'s `brandingAppearanceOverride`. */
  readonly config: ResolvedConfig;
  readonly priceLocale: string;
}

/**
 * Checks `params` (a `PurchasesError` for the first problem) and gathers the session of the purchase UI, without
 * its branding and signal.
 *
 * @example
 * const session = purchaseSession(params, context);
 * await presentPurchase({ ...session, branding, signal });
 */
export function purchaseSession(
  params: PurchaseParams,
  context: PurchaseContext,
): Omit<PurchaseSession, "branding" | "signal"> {
  const { env, config } = context;
  validatePurchaseParams(params, Boolean(env.window?.document));
  const purchaseOverride = validateBrandingAppearance(
    "brandingAppearanceOverride",
    params.brandingAppearanceOverride,
  );
  const { customerEmail } = params;
  let email: string | null = null;
  if (isValidEmail(customerEmail)) email = customerEmail;
  else if (customerEmail != null) {
    Logger.warn(
      "The customerEmail given to purchase is not a valid email; the checkout asks for one instead.",
    );
  }
  return {
    env,
    win: env.window!,
    backend: context.backend,
    analytics: context.analytics,
    appUserId: context.appUserId,
    apiKeyKind: config.apiKeyKind,
    rcPackage: params.rcPackage,
    purchaseOption: params.purchaseOption ?? null,
    htmlTarget: params.htmlTarget ?? null,
    customerEmail: email,
    externalPurchaseTokenId: params.externalPurchaseTokenId ?? null,
    selectedLocale: params.selectedLocale ?? null,
    defaultLocale: params.defaultLocale ?? null,
    metadata: checkoutMetadata(env, config.flags.autoCollectUTMAsMetadata, params.metadata),
    skipSuccessPage: params.skipSuccessPage ?? false,
    nonce: params.nonce ?? undefined,
    priceLocale: context.priceLocale,
    showDiscountCodeField: params.showDiscountCodeField ?? false,
    discountCode: params.discountCode?.trim() || null,
    onDiscountCodeChanged: params.onDiscountCodeChanged ?? null,
    appearanceOverride: { ...config.brandingAppearanceOverride, ...purchaseOverride },
    termsAndConditionsUrl: params.termsAndConditionsUrl ?? null,
    hideBackButton: config.flags.hideBackButton,
    applePayBrandingLogo: config.flags.applePayBrandingLogoEnabled,
  };
}
