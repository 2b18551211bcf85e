// Argument checks of the Purchases methods, as validate-config.ts checks configure's: each throws the first
// problem as a PurchasesError before anything is fetched, loaded or shown. The shapes below are the parts of
// the public parameter types these checks read, so this layer needs nothing from the layers above it.
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";

const invalid = (message: string) => new PurchasesError(ErrorCode.ConfigurationError, message);

/** The part of a purchase option the checks compare. */
interface OptionShape {
  readonly id: string;
}

/** The parts of `PurchaseParams` the checks read. */
interface PurchaseParamsShape {
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
}

/** The parts of `PresentPaywallParams` the checks read. */
interface PaywallParamsShape {
  readonly offering?: { readonly packagesById?: unknown } | null;
  readonly htmlTarget?: unknown;
  readonly purchaseHtmlTarget?: unknown;
  readonly customerEmail?: unknown;
  readonly selectedLocale?: unknown;
  readonly colorMode?: unknown;
  readonly listener?: unknown;
  readonly nonce?: unknown;
}

/** The callbacks a paywall takes, directly or through its listener. */
const PAYWALL_CALLBACKS = [
  "onBack",
  "onNavigateToUrl",
  "onVisitCustomerCenter",
  "onRestorePurchases",
  "onPurchaseStarted",
  "onPurchaseCompleted",
  "onPurchaseCancelled",
  "onPurchaseError",
] as const;

function requireElements(values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value != null && (typeof value !== "object" || (value as { nodeType?: unknown }).nodeType !== 1))
      throw invalid(`${name} must be an HTML element.`);
  }
}

function requireStrings(values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value != null && typeof value !== "string") throw invalid(`${name} must be a string.`);
  }
}

/** Throws `ConfigurationError` unless `value` is a non-empty string; returns it. */
export function validateIdentifier(name: string, value: unknown): string {
  if (typeof value !== "string" || value === "") throw invalid(`${name} must be a non-empty string.`);
  return value;
}

/** Throws `ConfigurationError` unless the optional `offeringIdentifier` is a string. */
export function validateOfferingIdentifier(offeringIdentifier: unknown): string | undefined {
  if (offeringIdentifier !== undefined && typeof offeringIdentifier !== "string")
    throw invalid("offeringIdentifier must be a string.");
  return offeringIdentifier;
}

/** Throws `ConfigurationError` unless the optional environment override is an object. */
export function validateEnvironmentOverride(environment: unknown): void {
  if (environment !== undefined && (typeof environment !== "object" || environment === null))
    throw invalid("environment must be an object.");
}

/**
 * @returns the attributes as entries; throws `InvalidSubscriberAttributesError` for anything but an object of
 * non-empty names to strings or null.
 */
export function validateAttributes(attributes: unknown): [string, string | null][] {
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) {
    throw new PurchasesError(ErrorCode.InvalidSubscriberAttributesError, "Attributes must be an object.");
  }
  const entries = Object.entries(attributes as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (key === "" || (value !== null && typeof value !== "string")) {
      throw new PurchasesError(
        ErrorCode.InvalidSubscriberAttributesError,
        `The attribute "${key}" must have a non-empty name and a string or null value.`,
      );
    }
  }
  return entries as [string, string | null][];
}

/**
 * Checks `purchase()`'s parameters, `hasWindow` telling whether a checkout can be shown at all.
 *
 * @example
 * validatePurchaseParams(params, Boolean(env.window?.document));
 */
export function validatePurchaseParams(
  params: PurchaseParamsShape | null | undefined,
  hasWindow: boolean,
): void {
  if (typeof params !== "object" || params === null) throw invalid("purchase needs an object of parameters.");
  if (!hasWindow) {
    throw new PurchasesError(
      ErrorCode.UnsupportedError,
      "purchase needs a browser window to show the checkout.",
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
  if (params.skipSuccessPage !== undefined && typeof params.skipSuccessPage !== "boolean") {
    throw invalid("skipSuccessPage must be a boolean.");
  }
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
  if (listener != null && typeof listener !== "object") throw invalid("listener must be an object.");
  const callbacks = { ...(listener as object | null | undefined), ...params } as Record<string, unknown>;
  for (const name of PAYWALL_CALLBACKS) {
    if (callbacks[name] != null && typeof callbacks[name] !== "function")
      throw invalid(`${name} must be a function.`);
  }
  if (offering != null && typeof offering?.packagesById !== "object")
    throw invalid("offering must be an Offering of getOfferings.");
}
