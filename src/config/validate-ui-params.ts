// Argument checks of `purchase()`, `presentPaywall()` and `trackCustomPaywallImpression()`. They run in lazily
// loaded chunks, not in the core (which only imports their types): the chunk is loaded, then the parameters are
// checked, and nothing is fetched, shown or sent when they are invalid. The shapes below are the parts of the public parameter
// types these checks read, so this layer needs nothing from the layers above it.
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import { invalid, validateBrandingAppearance } from "./validate-params";

/** The part of a purchase option the checks compare. */
interface OptionShape {
  readonly id: string;
}

/** The purchase options `purchase()` and `presentPaywall()` both take. */
interface PurchaseOptionsShape {
  readonly externalPurchaseTokenId?: unknown;
  readonly showDiscountCodeField?: unknown;
  readonly discountCode?: unknown;
  readonly onDiscountCodeChanged?: unknown;
  readonly brandingAppearanceOverride?: unknown;
}

/** The parts of `PurchaseParams` the checks read. */
export interface PurchaseParamsShape extends PurchaseOptionsShape {
  readonly rcPackage?: {
    readonly webBillingProduct?: {
      readonly identifier?: unknown;
      readonly defaultPurchaseOption?: OptionShape | null;
      readonly subscriptionOptions?: Readonly<Record<string, OptionShape>> | null;
    };
  } | null;
  readonly purchaseOption?: OptionShape | null;
  readonly htmlTarget?: unknown;
  readonly selectedLocale?: unknown;
  readonly defaultLocale?: unknown;
  readonly skipSuccessPage?: unknown;
  readonly nonce?: unknown;
  readonly termsAndConditionsUrl?: unknown;
}

/** The parts of `PresentPaywallParams` the checks read. */
interface PaywallParamsShape extends PurchaseOptionsShape {
  readonly offering?: { readonly packagesById?: unknown } | null;
  readonly htmlTarget?: unknown;
  readonly purchaseHtmlTarget?: unknown;
  readonly customerEmail?: unknown;
  readonly selectedLocale?: unknown;
  readonly colorMode?: unknown;
  readonly listener?: unknown;
  readonly nonce?: unknown;
  readonly hideBackButtons?: unknown;
  readonly customVariables?: unknown;
}

/** The callbacks of a purchase listener (purchases-js's `PurchaseListener`). */
export const PURCHASE_CALLBACKS = ["onPurchaseStarted", "onPurchaseCancelled", "onPurchaseError"] as const;

/** The callbacks a paywall takes, directly or through its listener. */
const PAYWALL_CALLBACKS = [
  "onBack",
  "onNavigateToUrl",
  "onVisitCustomerCenter",
  "onRestorePurchases",
  "onPurchaseCompleted",
  "onInteraction",
  ...PURCHASE_CALLBACKS,
] as const;

function requireElements(values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value != null && (typeof value !== "object" || (value as { nodeType?: unknown }).nodeType !== 1))
      throw invalid(`${name} must be an HTML element.`);
  }
}

/** Checks that `listener` is an object and that each of `names` in it and in `params` is a function when given. */
export function requireCallbacks(params: object, listener: unknown, names: readonly string[]): void {
  if (listener != null && typeof listener !== "object") throw invalid("listener must be an object.");
  for (const callbacks of [listener, params] as Record<string, unknown>[]) {
    for (const name of names) {
      if (callbacks?.[name] != null && typeof callbacks[name] !== "function")
        throw invalid(`${name} must be a function.`);
    }
  }
}

function requireStrings(values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value != null && typeof value !== "string") throw invalid(`${name} must be a string.`);
  }
}

/**
 * Checks `purchase()`'s parameters (or those a method named `method` shares with it), `hasWindow` telling whether
 * a checkout can be shown at all.
 *
 * @example
 * validatePurchaseParams(params, Boolean(env.window?.document));
 */
export function validatePurchaseParams(
  params: PurchaseParamsShape | null | undefined,
  hasWindow: boolean,
  method = "purchase",
): asserts params is PurchaseParamsShape {
  if (typeof params !== "object" || params === null)
    throw invalid(`${method} needs an object of parameters.`);
  if (!hasWindow) {
    throw new PurchasesError(
      ErrorCode.UnsupportedError,
      `${method} needs a browser window to show the checkout.`,
    );
  }
  const product = params.rcPackage?.webBillingProduct;
  if (
    typeof product?.identifier !== "string" ||
    product.identifier === "" ||
    !product.defaultPurchaseOption
  ) {
    throw new PurchasesError(ErrorCode.PurchaseInvalidError, "Product ID was not set before purchase.");
  }
  const options = [product.defaultPurchaseOption, ...Object.values(product.subscriptionOptions ?? {})];
  const purchaseOption = params.purchaseOption ?? null;
  if (purchaseOption !== null && !options.some((option) => option.id === purchaseOption?.id)) {
    throw invalid(`purchaseOption is not an option of the product ${product.identifier}.`);
  }
  requireElements({ htmlTarget: params.htmlTarget });
  const { selectedLocale, defaultLocale, nonce } = params;
  requireStrings({ selectedLocale, defaultLocale, nonce });
  if (params.skipSuccessPage !== undefined && typeof params.skipSuccessPage !== "boolean")
    throw invalid("skipSuccessPage must be a boolean.");
  const terms = params.termsAndConditionsUrl;
  if (terms != null && (typeof terms !== "string" || !/^https?:\/\/\S+$/i.test(terms)))
    throw invalid("termsAndConditionsUrl must be an http(s) URL.");
  validatePurchaseOptions(params);
}

/**
 * Checks the purchase options `purchase()` and `presentPaywall()` both take (the paywall hands them to the
 * checkout): the promotion code options, the external purchase token and the branding appearance override.
 * Metadata is checked where it is merged (checkout-metadata.ts).
 *
 * @example
 * validatePurchaseOptions({ discountCode: "WELCOME10", showDiscountCodeField: true });
 */
export function validatePurchaseOptions(params: PurchaseOptionsShape): void {
  requireStrings({ externalPurchaseTokenId: params.externalPurchaseTokenId });
  if (params.showDiscountCodeField !== undefined && typeof params.showDiscountCodeField !== "boolean")
    throw invalid("showDiscountCodeField must be a boolean.");
  const { discountCode, onDiscountCodeChanged } = params;
  if (discountCode != null && !(discountCode as string)?.trim?.())
    throw invalid("discountCode must be a non-empty string.");
  if (onDiscountCodeChanged != null && typeof onDiscountCodeChanged !== "function")
    throw invalid("onDiscountCodeChanged must be a function.");
  validateBrandingAppearance("brandingAppearanceOverride", params.brandingAppearanceOverride);
}

/**
 * Checks `presentPaywall()`'s parameters, `hasWindow` telling whether a paywall can be shown at all.
 *
 * @example
 * validatePaywallParams(params, Boolean(env.window?.document));
 */
export function validatePaywallParams(
  params: PaywallParamsShape | null | undefined,
  hasWindow: boolean,
): void {
  if (typeof params !== "object" || params === null)
    throw invalid("presentPaywall needs an object of parameters.");
  if (!hasWindow)
    throw new PurchasesError(ErrorCode.UnsupportedError, "presentPaywall needs a browser window.");
  const { offering, htmlTarget, purchaseHtmlTarget, customerEmail, selectedLocale, colorMode, listener } =
    params;
  requireElements({ htmlTarget, purchaseHtmlTarget });
  requireStrings({ customerEmail, selectedLocale, nonce: params.nonce });
  if (colorMode != null && colorMode !== "light" && colorMode !== "dark")
    throw invalid('colorMode must be "light" or "dark".');
  requireCallbacks(params, listener, PAYWALL_CALLBACKS);
  if (params.hideBackButtons != null && typeof params.hideBackButtons !== "boolean")
    throw invalid("hideBackButtons must be a boolean.");
  // customVariables are checked by the paywall chunk before it shows anything (their rules weigh on the core).
  validatePurchaseOptions(params);
  if (offering != null && typeof offering?.packagesById !== "object")
    throw invalid("offering must be an Offering of getOfferings.");
}

/**
 * Checks `trackCustomPaywallImpression()`'s parameters: an optional non-empty `paywallId` and an optional
 * offering of `getOfferings`.
 *
 * @example
 * validateCustomPaywallImpressionParams({ paywallId: "spring_sale", offering });
 */
export function validateCustomPaywallImpressionParams(params: unknown): void {
  if (typeof params !== "object" || params === null)
    throw invalid("trackCustomPaywallImpression needs an object of parameters or none.");
  const { paywallId, offering } = params as { paywallId?: unknown; offering?: unknown };
  if (paywallId !== undefined && (typeof paywallId !== "string" || paywallId.trim() === ""))
    throw invalid("paywallId must be a non-empty string.");
  if (offering != null && typeof (offering as { packagesById?: unknown }).packagesById !== "object")
    throw invalid("offering must be an Offering of getOfferings.");
}
