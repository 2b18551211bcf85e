// Argument checks of the Purchases methods, as validate-config.ts checks configure's: each throws the first
// problem as a PurchasesError before anything is fetched, loaded or shown. The shapes below are the parts of
// the public parameter types these checks read, so this layer needs nothing from the layers above it.
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";

/** A ConfigurationError saying `message`. */
export const invalid = (message: string) => new PurchasesError(ErrorCode.ConfigurationError, message);

/** The names of `BrandingAppearance`. */
const APPEARANCE_NAMES =
  /^(color_(buttons_primary(_text)?|accent|error|product_info_bg|form_bg|page_bg)|font|shapes|show_product_description)$/;

function isAppearanceValue(name: string, value: unknown): boolean {
  if (name[0] === "c") return typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value);
  if (name === "shapes") return /^(default|rectangle|rounded|pill)$/.test(String(value));
  return typeof value === (name === "font" ? "string" : "boolean");
}

/**
 * Checks a branding appearance override: an object of `BrandingAppearance` names (colours as `#RRGGBB`), where
 * null leaves a value as the branding sets it. @returns a copy without the null values, or null when absent.
 *
 * @example
 * validateBrandingAppearance("brandingAppearanceOverride", { shapes: "pill" }); // { shapes: "pill" }
 */
export function validateBrandingAppearance(name: string, value: unknown): Record<string, unknown> | null {
  if (value == null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(`${name} must be an object.`);
  const override: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!APPEARANCE_NAMES.test(key)) throw invalid(`${name}.${key} is not a branding appearance value.`);
    if (entry == null) continue;
    if (!isAppearanceValue(key, entry)) throw invalid(`${name}.${key} has an invalid value.`);
    override[key] = entry;
  }
  return override;
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

/** Throws `ConfigurationError` ("`name` must be an object.") unless the optional `value` is an object (not null). */
export function validateOptionalObject(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== "object" || value === null))
    throw invalid(`${name} must be an object.`);
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
