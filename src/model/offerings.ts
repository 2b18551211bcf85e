import type { WireOffering, WireOfferingsResponse, WireProductDetails } from "../http/wire";
import { Logger } from "../logger";
import { packageTypeFromIdentifier } from "./package-type";
import { toProduct } from "./product";
import {
  PackageType,
  type Offering,
  type Offerings,
  type Package,
  type PresentedOfferingContext,
  type TargetingContext,
} from "./types";

/** What {@link toOfferings} needs besides the two responses. */
export interface ToOfferingsOptions {
  /** The locale prices are formatted in. */
  readonly locale: string;
  /** The placement the offerings were asked for, recorded in each product's presented context. */
  readonly placementIdentifier: string | null;
}

function toOffering(
  wire: WireOffering,
  productsById: ReadonlyMap<string, WireProductDetails>,
  placementIdentifier: string | null,
  targetingContext: TargetingContext | null,
  locale: string,
): Offering | null {
  const context: PresentedOfferingContext = {
    offeringIdentifier: wire.identifier,
    placementIdentifier,
    targetingContext,
  };
  const availablePackages: Package[] = [];
  for (const wirePackage of wire.packages) {
    const { identifier, platform_product_identifier: productId } = wirePackage;
    const wireProduct = productsById.get(productId);
    const product = wireProduct ? toProduct(wireProduct, context, locale) : null;
    if (product) {
      availablePackages.push({
        identifier,
        packageType: packageTypeFromIdentifier(identifier),
        webBillingProduct: product,
        rcBillingProduct: product,
        // An absent or empty URL is null: the backend has no such page.
        webCheckoutURL: wirePackage.web_checkout_url || null,
      });
    } else if (!wireProduct) {
      Logger.debug(
        `Ignoring package ${identifier} of offering ${wire.identifier}: product ${productId} not found.`,
      );
    }
  }
  if (availablePackages.length === 0) return null;

  const slot = (type: PackageType) => availablePackages.find((p) => p.packageType === type) ?? null;
  return {
    identifier: wire.identifier,
    serverDescription: wire.description,
    // A copy: callers may write to it (purchases-js types it mutable), and the wire response stays cached.
    metadata: wire.metadata ? { ...wire.metadata } : null,
    packagesById: Object.fromEntries(availablePackages.map((p) => [p.identifier, p])),
    availablePackages,
    lifetime: slot(PackageType.Lifetime),
    annual: slot(PackageType.Annual),
    sixMonth: slot(PackageType.SixMonth),
    threeMonth: slot(PackageType.ThreeMonth),
    twoMonth: slot(PackageType.TwoMonth),
    monthly: slot(PackageType.Monthly),
    weekly: slot(PackageType.Weekly),
    hasPaywall: wire.paywall_components != null,
    paywallComponents: wire.paywall_components ?? null,
    webCheckoutURL: wire.web_checkout_url || null,
  };
}

/**
 * Normalises the offerings response with the products it names (docs/protocol.md). Packages whose product is
 * missing or invalid are left out, and so are offerings left with no package. `current` is the offering
 * named by `current_offering_id`, or null when it was left out or none is named.
 *
 * @example
 * const offerings = toOfferings(wire, products.product_details, { locale: "en-ZA", placementIdentifier: null });
 * offerings.current?.monthly?.webBillingProduct.price.formattedPrice; // "R 99,00"
 */
export function toOfferings(
  wire: WireOfferingsResponse,
  products: readonly WireProductDetails[],
  options: ToOfferingsOptions,
): Offerings {
  const productsById = new Map(products.map((p) => [p.identifier, p]));
  const { targeting, current_offering_id: currentId } = wire;
  const all: Record<string, Offering> = {};
  for (const offering of wire.offerings) {
    // The targeting rule chose the current offering only: purchases of another offering carry none, as the peer's.
    const targetingContext =
      targeting && offering.identifier === currentId
        ? { ruleId: targeting.rule_id, revision: targeting.revision }
        : null;
    const normalised = toOffering(
      offering,
      productsById,
      options.placementIdentifier,
      targetingContext,
      options.locale,
    );
    if (normalised) all[offering.identifier] = normalised;
    else Logger.debug(`Ignoring offering ${offering.identifier}: it has no valid package.`);
  }
  return { all, current: (currentId && all[currentId]) || null };
}

/**
 * The offering id a placement shows: its entry in `offering_ids_by_placement` when the placement is listed
 * there (an explicit null means the placement shows no offering), else the fallback offering id.
 *
 * @returns the offering id, or null when the placement shows none.
 * @example
 * offeringIdForPlacement(wire, "onboarding"); // "holiday"
 */
export function offeringIdForPlacement(
  wire: WireOfferingsResponse,
  placementIdentifier: string,
): string | null {
  const placements = wire.placements;
  const byPlacement = placements?.offering_ids_by_placement;
  if (byPlacement && Object.prototype.hasOwnProperty.call(byPlacement, placementIdentifier)) {
    return byPlacement[placementIdentifier] ?? null;
  }
  return placements?.fallback_offering_id ?? null;
}

/**
 * The product ids the offerings need, each once, in the order they first appear.
 *
 * @example
 * productIdsOf(wire); // ["premium_realm_monthly", "premium_realm_annual", …]
 */
export function productIdsOf(wire: WireOfferingsResponse): string[] {
  return [...new Set(wire.offerings.flatMap((o) => o.packages.map((p) => p.platform_product_identifier)))];
}
