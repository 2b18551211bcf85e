import type { WireBrandingAppearance } from "../http/wire";

/** Properties of an event that carries none. */
export type NoProperties = Record<string, never>;

/** A failure as reported in analytics: SDK codes are numbers, payment-gateway codes are strings. */
export type ErrorProperties = {
  error_code: number | string | null;
  error_message: string;
};

/**
 * Sent when a checkout opens. Typed in wire form (snake_case) so that nothing is converted at runtime.
 *
 * @example
 * tracker.track("checkout_session_start", {
 *   customization: { color_accent: "#ff0066", font: "Inter", shapes: "pill" },
 *   product_interval: "P1M",
 *   product_price_micros: 99_000_000,
 *   product_currency: "ZAR",
 *   product_id: "premium_monthly",
 *   package_id: "$rc_monthly",
 *   purchase_option_id: "base",
 *   customer_email_provided_by_developer: false,
 * });
 */
export type CheckoutSessionStartProperties = {
  /** The merchant's branding customisation (colours, font, shapes), or null when none is configured. */
  customization: Omit<WireBrandingAppearance, "show_product_description"> | null;
  /** The subscription period as an ISO 8601 duration ("P1M"), or null for one-time purchases. */
  product_interval: string | null;
  product_price_micros: number | null;
  product_currency: string | null;
  product_id: string;
  package_id: string;
  purchase_option_id: string | null;
  customer_email_provided_by_developer: boolean;
};

/**
 * How a checkout ended.
 *
 * @example
 * tracker.track("checkout_session_end", { outcome: "finished", with_redemption_info: true });
 * tracker.track("checkout_session_end", { outcome: "errored", error_code: 10, error_message: "Network error" });
 */
export type CheckoutSessionEndProperties =
  | { outcome: "finished"; with_redemption_info: boolean }
  | { outcome: "closed" }
  | ({ outcome: "errored" } & ErrorProperties);

/**
 * The result of a tax calculation and what triggered it: the checkout opening (`auto`) or the
 * customer's billing details in the payment form (`form`).
 *
 * @example
 * tracker.track("checkout_payment_tax_calculation", { outcome: "taxed", ui_element: "form" });
 */
export type TaxCalculationProperties = {
  outcome: "disabled" | "failed" | "not_taxed" | "taxed";
  ui_element: "auto" | "form";
};

/** Where an offering was shown: its placement and the targeting rule that chose it, when there were any. */
export type PresentedOfferingContextProperties = {
  placement_identifier?: string;
  targeting_revision?: number;
  targeting_rule_id?: string;
};

/**
 * What every event of one shown paywall carries: its session (one per paywall shown), offering and document.
 *
 * @example
 * tracker.track("paywall_close", { session_id: "8c1…", offering_id: "default", paywall_id: null, paywall_revision: 0 });
 */
export type PaywallEventProperties = {
  session_id: string;
  offering_id: string;
  /** The paywall document's `id`, when it has one. */
  paywall_id: string | null;
  paywall_revision: number;
  presented_offering_context?: PresentedOfferingContextProperties;
};

/** How a paywall was shown: full screen or embedded, the colour mode and the locale of its texts (`en_US`). */
export type PaywallDisplayProperties = {
  display_mode: "full_screen" | "embedded";
  dark_mode: boolean;
  locale: string;
};

/**
 * A control of a paywall the customer used (the same fields as `PaywallInteractionEvent`, without its timestamp).
 *
 * @example
 * tracker.track("paywall_component_interacted", { ...paywall, ...display, component_type: "package", component_value: "$rc_annual" });
 */
export type PaywallInteractionProperties = PaywallEventProperties &
  PaywallDisplayProperties & {
    component_type: string;
    component_value: string;
  } & Partial<
    Record<
      | "component_name"
      | "component_url"
      | "origin_package_id"
      | "destination_package_id"
      | "default_package_id"
      | "current_package_id"
      | "resulting_package_id"
      | "origin_product_id"
      | "destination_product_id"
      | "default_product_id"
      | "current_product_id"
      | "resulting_product_id",
      string
    >
  >;

/**
 * A paywall the app drew itself was shown (`Purchases.trackCustomPaywallImpression`).
 *
 * @example
 * tracker.track("custom_paywall_impression", { paywall_id: "spring_sale", offering_id: "default" });
 */
export type CustomPaywallImpressionProperties = {
  paywall_id?: string;
  offering_id?: string;
  presented_offering_context?: PresentedOfferingContextProperties;
};

/**
 * A step of a paywall's workflow, as purchases-js reports it: the last step is one with no trigger leading to
 * another step.
 *
 * @example
 * tracker.track("workflow_step_started", { workflow_id: "wf_1", step_id: "intro", entry_reason: "start", is_first_step: true, is_last_step: false });
 */
export type WorkflowStepProperties = {
  workflow_id: string;
  step_id: string;
  is_first_step: boolean;
  is_last_step: boolean;
};

/** Every analytics event (docs/protocol.md) by wire name, with the shape of its properties. */
export type AnalyticsEventProperties = {
  sdk_initialized: NoProperties;
  checkout_session_start: CheckoutSessionStartProperties;
  checkout_session_end: CheckoutSessionEndProperties;
  checkout_flow_error: ErrorProperties;
  checkout_payment_tax_calculation: TaxCalculationProperties;
  checkout_payment_form_impression: NoProperties;
  checkout_payment_form_error: ErrorProperties;
  checkout_payment_form_dismiss: NoProperties;
  checkout_payment_form_submit: NoProperties;
  checkout_payment_form_gateway_error: ErrorProperties;
  checkout_purchase_successful_impression: NoProperties;
  checkout_purchase_successful_dismiss: NoProperties;
  /** A paywall is on screen. */
  paywall_impression: PaywallEventProperties & PaywallDisplayProperties;
  /** The paywall left the screen (bought, gone back or closed with the SDK). */
  paywall_close: PaywallEventProperties;
  /** The customer closed the checkout a paywall had opened. */
  paywall_cancel: PaywallEventProperties;
  /** A control of the paywall was used; a purchase button's is the purchase being started. */
  paywall_component_interacted: PaywallInteractionProperties;
  custom_paywall_impression: CustomPaywallImpressionProperties;
  /** A workflow's step came on screen: first (`start`), by a trigger (`forward`) or by going back (`back`). */
  workflow_step_started: WorkflowStepProperties & {
    from_step_id?: string;
    entry_reason: "start" | "forward" | "back";
  };
  /** A workflow's step left the screen: for `to_step_id`, or (without it) by a back button on the first step. */
  workflow_step_completed: WorkflowStepProperties & { to_step_id?: string };
};

/**
 * The name of an analytics event as it goes on the wire.
 *
 * @example
 * const name: AnalyticsEventName = "checkout_payment_form_impression";
 */
export type AnalyticsEventName = keyof AnalyticsEventProperties;
