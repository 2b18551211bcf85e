/**
 * The values of `component_type` in a `PaywallInteractionEvent`: the kind of control the customer used.
 *
 * @example
 * listener.onInteraction = (event) => {
 *   if (event.component_type === PAYWALL_COMPONENT_TYPES.PACKAGE) track("plan_chosen", event.component_value);
 * };
 */
export const PAYWALL_COMPONENT_TYPES = {
  TAB: "tab",
  SWITCH: "switch",
  CAROUSEL: "carousel",
  BUTTON: "button",
  TEXT: "text",
  PACKAGE: "package",
  PACKAGE_SELECTION_SHEET: "package_selection_sheet",
  PURCHASE_BUTTON: "purchase_button",
  WALLET_BUTTON: "wallet_button",
} as const;
