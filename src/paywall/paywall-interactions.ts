import type {
  PaywallDisplayProperties,
  PaywallEventProperties,
  PaywallInteractionProperties,
} from "../analytics/analytics-event";
import type { Offering } from "../model/types";
import type { PaywallInteractionEvent } from "./paywall-params";
import type { WireAction } from "./paywall-document";

/** What a control reports: its type and value, and the packages it moved between. */
export interface PaywallInteraction {
  readonly component_type: string;
  readonly component_value: string;
  readonly component_url?: string;
  readonly origin_package_id?: string;
  readonly destination_package_id?: string;
  readonly default_package_id?: string;
  readonly current_package_id?: string;
}

const PACKAGE_FIELDS = ["origin", "destination", "default", "current"] as const;

/**
 * An interaction as a `paywall_component_interacted` event's properties: the paywall's session and display, the
 * interaction, and the product of each package it names.
 *
 * @example
 * interactionProperties(offering, paywall, display, { component_type: "package", component_value: "$rc_annual" });
 */
export function interactionProperties(
  offering: Offering,
  paywall: PaywallEventProperties,
  display: PaywallDisplayProperties,
  interaction: PaywallInteraction,
): PaywallInteractionProperties {
  const products: Record<string, string> = {};
  for (const field of PACKAGE_FIELDS) {
    const packageId = interaction[`${field}_package_id`];
    const product = packageId === undefined ? undefined : offering.packagesById[packageId];
    if (product) products[`${field}_product_id`] = product.webBillingProduct.identifier;
  }
  return { ...paywall, ...display, ...interaction, ...products };
}

/**
 * The event `PaywallListener.onInteraction` receives: the properties at `timestamp`, without a null paywall id.
 *
 * @example
 * listener.onInteraction?.(interactionEvent(properties, Date.now()));
 */
export function interactionEvent(
  properties: PaywallInteractionProperties,
  timestamp: number,
): PaywallInteractionEvent {
  const { paywall_id, presented_offering_context: _context, ...rest } = properties;
  return { timestamp, ...rest, ...(paywall_id === null ? {} : { paywall_id }) };
}

/**
 * What a button's action reports, as purchases-js names it (`navigate_back`, `restore_purchases`,
 * `navigate_to_url`, …); a package choice and a purchase report themselves.
 *
 * @example
 * buttonInteraction({ type: "navigate_back" }, ""); // { component_type: "button", component_value: "navigate_back" }
 */
export function buttonInteraction(action: WireAction, url: string): PaywallInteraction {
  if (action.type === "navigate_to" || action.type === "complete_workflow") {
    return action.type === "navigate_to" && action.destination === "customer_center"
      ? { component_type: "button", component_value: "navigate_to_customer_center" }
      : {
          component_type: "button",
          component_value: "navigate_to_url",
          ...(url ? { component_url: url } : {}),
        };
  }
  return { component_type: "button", component_value: action.type };
}
