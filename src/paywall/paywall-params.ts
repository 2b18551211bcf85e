import type { CustomVariableValue } from "../model/custom-variable-value";
import type { Offering, Package, PurchaseResult } from "../model/types";
import type { PurchaseListener, PurchaseParams } from "../ui/purchase-request";

export type { PurchaseListener };

/**
 * A control of the paywall the customer used (`PaywallListener.onInteraction`), in the wire form of the paywall
 * events. Keys that do not apply are left out.
 *
 * @example
 * const listener: PaywallListener = {
 *   onInteraction: (event) => console.log(event.component_type, event.component_value), // "package" "$rc_annual"
 * };
 */
export interface PaywallInteractionEvent {
  /** When it happened, in ms since the epoch. */
  readonly timestamp: number;
  /** One id per paywall shown; every event of that paywall carries it. */
  readonly session_id: string;
  readonly offering_id: string;
  readonly paywall_id?: string;
  readonly paywall_revision: number;
  readonly display_mode?: string;
  readonly dark_mode?: boolean;
  /** The paywall's locale (`en_US`). */
  readonly locale?: string;
  /** One of `PAYWALL_COMPONENT_TYPES`. */
  readonly component_type: string;
  /** What was chosen: a package id, or an action such as `navigate_back` or `restore_purchases`. */
  readonly component_value: string;
  readonly component_name?: string;
  readonly component_url?: string;
  readonly origin_index?: number;
  readonly destination_index?: number;
  readonly origin_context_name?: string;
  readonly destination_context_name?: string;
  readonly default_index?: number;
  readonly origin_package_id?: string;
  readonly destination_package_id?: string;
  readonly default_package_id?: string;
  readonly current_package_id?: string;
  readonly resulting_package_id?: string;
  readonly origin_product_id?: string;
  readonly destination_product_id?: string;
  readonly default_product_id?: string;
  readonly current_product_id?: string;
  readonly resulting_product_id?: string;
}

/**
 * Callbacks about the purchases a paywall starts. A callback that throws is logged and does not stop the paywall.
 *
 * @example
 * const listener: PaywallListener = { onPurchaseStarted: (rcPackage) => track("paywall_buy", rcPackage.identifier) };
 */
export interface PaywallListener extends PurchaseListener {
  /** The purchase succeeded; `presentPaywall` resolves with the same result. */
  onPurchaseCompleted?(result: PaywallPurchaseResult): void;
  /** The customer used a control of the paywall (chose a package, pressed a button). */
  onInteraction?(event: PaywallInteractionEvent): void;
}

/**
 * What {@link Purchases.presentPaywall} shows and how it reports what the customer does.
 *
 * @example
 * await purchases.presentPaywall({ offering, colorMode: "dark", onBack: () => router.back() });
 *
 * The purchase options it shares with {@link Purchases.purchase} (metadata, promotion code options, external purchase
 * token, branding appearance override) go to the checkout a purchase button opens.
 */
export interface PresentPaywallParams extends Pick<
  PurchaseParams,
  | "metadata"
  | "externalPurchaseTokenId"
  | "brandingAppearanceOverride"
  | "showDiscountCodeField"
  | "discountCode"
  | "onDiscountCodeChanged"
> {
  /** The offering whose paywall is shown; the current offering when omitted. */
  offering?: Offering | null;
  /** Shows the paywall inside this element; full-screen over the page (z-index 1000001) when omitted. */
  htmlTarget?: HTMLElement | null;
  /** Where the checkout opens after a purchase button; full-screen when omitted. */
  purchaseHtmlTarget?: HTMLElement | null;
  /** Passed to the checkout, which then does not ask for it. */
  customerEmail?: string | null;
  /** The language of the paywall's texts (BCP-47); the paywall's default locale when omitted. */
  selectedLocale?: string | null;
  /** The colour mode; the system's preference when omitted. */
  colorMode?: "light" | "dark" | null;
  listener?: PaywallListener | null;
  /**
   * The customer asked to go back (a back button, Escape or browser back). The paywall stays open until the
   * callback calls `closePaywall()`; `presentPaywall` then rejects with UserCancelledError. Without this callback
   * the paywall closes at once.
   */
  onBack?: ((closePaywall: () => void) => void) | null;
  /** Hides the paywall's back buttons (Escape and browser back still ask `onBack`). */
  hideBackButtons?: boolean | null;
  /** Values of the paywall's `{{ custom.name }}` variables; they override the defaults of the paywall's settings. */
  customVariables?: Readonly<Record<string, CustomVariableValue>> | null;
  /**
   * A purchase failed; the paywall stays open.
   * @deprecated Use `listener.onPurchaseError`.
   */
  onPurchaseError?: ((error: Error) => void) | null;
  /** A button opens `url`; without this callback it opens in a new tab. */
  onNavigateToUrl?: ((url: string) => void) | null;
  /** A button asks for the customer center. */
  onVisitCustomerCenter?: (() => void) | null;
  /**
   * A button asks to restore purchases. The paywall's restore buttons are shown only with this callback (as in
   * purchases-js, which never shows them, a paywall without it has none).
   */
  onRestorePurchases?: (() => void) | null;
  /** The CSP nonce put on the paywall's injected `<style>` element. */
  nonce?: string | null;
}

/** The result of a paywall's purchase: the purchase result and the package bought. */
export interface PaywallPurchaseResult extends PurchaseResult {
  selectedPackage: Package;
}

/**
 * What {@link Purchases.trackCustomPaywallImpression} records about a paywall the app drew itself.
 *
 * @example
 * purchases.trackCustomPaywallImpression({ paywallId: "spring_sale", offering });
 */
export interface CustomPaywallImpressionParams {
  /** The app's own name for the paywall. */
  paywallId?: string;
  /** The offering the paywall sold; its placement and targeting go with the event. */
  offering?: Offering;
}
