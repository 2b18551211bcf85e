import type { PurchasesError } from "../errors/purchases-error";
import type { Offering, Package, PurchaseResult } from "../model/types";

/**
 * Callbacks about the purchases a paywall starts. A callback that throws is logged and does not stop the paywall.
 *
 * @example
 * const listener: PaywallListener = { onPurchaseStarted: (rcPackage) => track("paywall_buy", rcPackage.identifier) };
 */
export interface PaywallListener {
  /** The customer pressed a purchase button; the checkout opens for `rcPackage`. */
  onPurchaseStarted?(rcPackage: Package): void;
  /** The purchase succeeded; `presentPaywall` resolves with the same result. */
  onPurchaseCompleted?(result: PaywallPurchaseResult): void;
  /** The customer closed the checkout; the paywall stays open. */
  onPurchaseCancelled?(): void;
  /** The purchase failed; `presentPaywall` rejects with the same error. */
  onPurchaseError?(error: PurchasesError): void;
}

/**
 * What {@link Purchases.presentPaywall} shows and how it reports what the customer does.
 *
 * @example
 * await purchases.presentPaywall({ offering, colorMode: "dark", onBack: () => router.back() });
 */
export interface PresentPaywallParams {
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
  /** The customer went back (a back button, Escape or browser back); `presentPaywall` rejects with UserCancelledError. */
  onBack?: (() => void) | null;
  /** A button opens `url`; without this callback it opens in a new tab. */
  onNavigateToUrl?: ((url: string) => void) | null;
  /** A button asks for the customer center. */
  onVisitCustomerCenter?: (() => void) | null;
  /** A button asks to restore purchases. */
  onRestorePurchases?: (() => void) | null;
  /** The CSP nonce put on the paywall's injected `<style>` element. */
  nonce?: string | null;
}

/** The result of a paywall's purchase: the purchase result and the package bought. */
export interface PaywallPurchaseResult extends PurchaseResult {
  readonly selectedPackage: Package;
}
