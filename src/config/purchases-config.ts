import type { PurchasesEnvironment } from "../environment";
import type { ApiKeyKind } from "./api-key-kind";

/** Where requests go and what they carry besides the SDK's own headers. */
export interface HttpConfig {
  /**
   * Base URL of your billing server (or a proxy in front of it), without a trailing slash: "/billing",
   * "https://billing.example.com". Without it requests (with the API key and app user ids) go to
   * `https://api.revenuecat.com`, as purchases-js's do, and `configure` logs a warning saying so.
   */
  proxyURL?: string;
  /** Extra headers sent with every request; the SDK's own header names are reserved. */
  additionalHeaders?: Record<string, string>;
}

/** Feature switches. */
export interface FlagsConfig {
  /** Copy `utm_*` parameters of the page address into checkout metadata. Default true. */
  autoCollectUTMAsMetadata?: boolean;
  /** Send analytics events. Default true. */
  collectAnalyticsEvents?: boolean;
  /** Accept `pdl_` API keys. Default false. */
  allowPaddleAPIKey?: boolean;
  /**
   * Hide the checkout's close button (Escape and browser back still close it), for hosts that show their own
   * way back. Default false.
   */
  hideBackButton?: boolean;
  /**
   * While a checkout is open, give the page an `apple-touch-icon` link to the branding's app icon (so that the
   * Apple Pay sheet shows it), unless the page has one of its own; the link goes when the checkout closes.
   * Default false.
   */
  applePayBrandingLogoEnabled?: boolean;
  /**
   * When the payment gateway's script loads. Accepted for code written for `@revenuecat/purchases-js` and
   * otherwise ignored: the checkout always loads it when a purchase starts, and nothing at `configure`.
   * @deprecated as in purchases-js; the gateway always loads when it is needed.
   */
  storeLoadTime?: StoreLoadTime;
}

/**
 * Values of the deprecated {@link FlagsConfig.storeLoadTime}.
 * @deprecated as in purchases-js; the gateway always loads when it is needed.
 */
export type StoreLoadTime = "configuration" | "purchase_start";

/** The flags as resolved: every boolean flag with its value (`storeLoadTime` changes nothing and is dropped). */
export type ResolvedFlags = Required<Omit<FlagsConfig, "storeLoadTime">>;

/**
 * The look of the checkout as the project's branding sets it (`GET /rcbilling/v1/branding`), in its wire names.
 * `brandingAppearanceOverride` (on `configure` and on `purchase`) replaces some of these values.
 *
 * @example
 * const override: Partial<BrandingAppearance> = { color_buttons_primary: "#8B2252", shapes: "pill" };
 */
export interface BrandingAppearance {
  /** Buttons' background, `#RRGGBB`. */
  color_buttons_primary: string;
  /** Buttons' text; the one readable on `color_buttons_primary` when absent. */
  color_buttons_primary_text?: string | null;
  /** Secondary text and fine print. */
  color_accent: string;
  color_error: string;
  /** Background of the product column. */
  color_product_info_bg: string;
  /** Background of the payment form column. */
  color_form_bg: string;
  /** Background of the full-screen page. */
  color_page_bg: string;
  /** A font family name. */
  font: string;
  shapes: "default" | "rectangle" | "rounded" | "pill";
  show_product_description: boolean;
}

/**
 * Everything `Purchases.configure` takes.
 *
 * @example
 * Purchases.configure({ apiKey: "rcb_sb_abc", appUserId: "user_1", httpConfig: { proxyURL: "/billing" } });
 */
export interface PurchasesConfig {
  /** A Web Billing public API key: `rcb_…`, `rcb_sb_…` (sandbox) or `test_…` (Test Store). */
  apiKey: string;
  /**
   * Your id for the customer, or one from `Purchases.generateAnonymousAppUserId()`. At most 256 characters (UTF-16
   * code units), not blank, without "/", NUL or lone surrogates, and not a placeholder such as "null" or
   * "undefined": anything else is refused with `ErrorCode.InvalidAppUserIdError` (here, and by `changeUser` and
   * `identifyUser`), as the billing server refuses it.
   */
  appUserId: string;
  /**
   * The BCP-47 locale prices are formatted in (`formattedPrice` of products and customer info, the checkout and the
   * paywall): "en-ZA" shows ZAR 99 as "R 99,00" (Intl puts a no-break space after the "R"). The browser's language
   * when omitted. An invalid tag is a ConfigurationError.
   * @example
   * Purchases.configure({ apiKey, appUserId, locale: "en-ZA" });
   */
  locale?: string;
  httpConfig?: HttpConfig;
  flags?: FlagsConfig;
  /** Replaces parts of the branding's appearance in every checkout of this instance (a purchase's own override wins). */
  brandingAppearanceOverride?: Partial<BrandingAppearance>;
  /** Replaces parts of the environment (fetch, clock, timers, Stripe loader); for tests and unusual hosts. */
  environment?: Partial<PurchasesEnvironment>;
}

/** A configuration that passed validation, with defaults applied. */
export interface ResolvedConfig {
  apiKey: string;
  apiKeyKind: ApiKeyKind;
  appUserId: string;
  baseUrl: string;
  additionalHeaders: Readonly<Record<string, string>>;
  flags: ResolvedFlags;
  brandingAppearanceOverride: Partial<BrandingAppearance> | null;
  /** `locale` in its canonical form, or "" when none was given. */
  locale: string;
}

/** The hosted endpoint of the public Web Billing protocol, used when no proxy URL is configured. */
export const DEFAULT_BASE_URL = "https://api.revenuecat.com";

export const DEFAULT_FLAGS: ResolvedFlags = {
  autoCollectUTMAsMetadata: true,
  collectAnalyticsEvents: true,
  allowPaddleAPIKey: false,
  hideBackButton: false,
  applePayBrandingLogoEnabled: false,
};
