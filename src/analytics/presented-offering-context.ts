import { validateCustomPaywallImpressionParams } from "../config/validate-ui-params";
import type { Offering } from "../model/types";
import type {
  CustomPaywallImpressionProperties,
  PresentedOfferingContextProperties,
} from "./analytics-event";

/**
 * The placement and targeting an offering was shown with, as paywall events carry them; undefined when it had
 * neither (the context is read from its first package, as every package of an offering shares it).
 *
 * @example
 * presentedOfferingContext(offering); // { placement_identifier: "onboarding", targeting_revision: 3, targeting_rule_id: "r1" }
 */
export function presentedOfferingContext(
  offering: Offering | null | undefined,
): PresentedOfferingContextProperties | undefined {
  const context = offering?.availablePackages[0]?.webBillingProduct.presentedOfferingContext;
  if (!context?.placementIdentifier && !context?.targetingContext) return undefined;
  return {
    ...(context.placementIdentifier ? { placement_identifier: context.placementIdentifier } : {}),
    ...(context.targetingContext
      ? {
          targeting_revision: context.targetingContext.revision,
          targeting_rule_id: context.targetingContext.ruleId,
        }
      : {}),
  };
}

/**
 * The properties of `custom_paywall_impression` for a paywall the app drew itself; a `PurchasesError`
 * (ConfigurationError) for invalid parameters. Loaded lazily by `Purchases.trackCustomPaywallImpression`, so that
 * the core does not carry it.
 *
 * @example
 * customPaywallImpressionProperties({ paywallId: "spring_sale", offering });
 */
export function customPaywallImpressionProperties(params: {
  readonly paywallId?: string;
  readonly offering?: Offering | null;
}): CustomPaywallImpressionProperties {
  validateCustomPaywallImpressionParams(params);
  const context = presentedOfferingContext(params.offering);
  return {
    ...(params.paywallId !== undefined ? { paywall_id: params.paywallId } : {}),
    ...(params.offering ? { offering_id: params.offering.identifier } : {}),
    ...(context ? { presented_offering_context: context } : {}),
  };
}
