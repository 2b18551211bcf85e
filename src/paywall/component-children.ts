import type { WireComponent, WirePaywallDocument, WireTabs } from "./paywall-document";

// The component types the lazily loaded paywall-extras module draws, grouped by the fields that hold their
// children: a stack (`?` when it may be absent) or a list of components (`[]`).
const GROUPS: Readonly<Record<string, string>> = {
  "":
    "tab_control tab_control_toggle video web_view input_text loader_percentage skeleton_loader " +
    "circular_loader_animation linear_loader_animation",
  stack:
    "header redemption_button tab tab_control_button input_single_choice input_multiple_choice input_option " +
    "loader loader_group_item loader_progress_component",
  "tabs[]": "tabs",
  "pages[]": "carousel",
  "components[]": "loader_group loader_progress_components",
  "countdown_stack end_stack?": "countdown",
  // What shows while the wallets are asked for, with a wallet (around the Stripe element), and without one.
  "wallet_unknown_stack? wallet_available_stack? wallet_unavailable_stack?":
    "wallet_button express_purchase_button",
};

/** The fields that hold the children of each component type of the paywall-extras module. */
export const EXTRA_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(GROUPS).flatMap(([fields, types]) =>
    types.split(" ").map((type) => [type, fields.split(" ").filter(Boolean)]),
  ),
);

/** A child field's name without its `?` or `[]`. */
export const fieldName = (field: string) => field.replace(/\W+$/, "");

const EXTRA_TYPE = new RegExp(`"type":"(${Object.keys(EXTRA_FIELDS).join("|")})"`);

/**
 * Whether a resolved paywall has a component of the paywall-extras module, which must then be loaded first.
 *
 * @example
 * if (usesExtras(paywall)) extras = await import("./paywall-extras");
 */
export const usesExtras = (paywall: WirePaywallDocument) =>
  EXTRA_TYPE.test(JSON.stringify(paywall.components_config));

/**
 * The index of the tab that shows first: the one `default_tab_id` names, else the first.
 *
 * @example
 * defaultTabIndex({ tabs: [{ id: "a" }, { id: "b" }], default_tab_id: "b" }); // 1
 */
export function defaultTabIndex(tabs: Pick<WireTabs, "tabs" | "default_tab_id">): number {
  return Math.max(
    0,
    tabs.tabs.findIndex((tab) => tab.id === tabs.default_tab_id),
  );
}

/**
 * The components inside a component when the paywall opens (of tabs, the default tab).
 *
 * @example
 * childrenOf({ type: "carousel", pages: [a, b] }); // [a, b]
 */
export function childrenOf(component: WireComponent): readonly (WireComponent | null | undefined)[] {
  if (component.type === "stack") return component.components;
  if (component.type === "tabs") return [component.tabs[defaultTabIndex(component)]];
  const fields = component as unknown as Readonly<
    Record<string, WireComponent | WireComponent[] | undefined>
  >;
  return (EXTRA_FIELDS[component.type] ?? ["stack"]).flatMap((field) => fields[fieldName(field)]);
}
