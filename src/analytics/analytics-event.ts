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
};

/**
 * The name of an analytics event as it goes on the wire.
 *
 * @example
 * const name: AnalyticsEventName = "checkout_payment_form_impression";
 */
export type AnalyticsEventName = keyof AnalyticsEventProperties;
