// Wire (snake_case) shapes of the billing protocol, exactly as docs/protocol.md pins them.
// Only http/ and the model's normalisers see these; the public models are camelCase.

export interface WirePrice {
  amount_micros: number;
  currency: string;
}

export interface WirePhase {
  period_duration: string | null;
  price: WirePrice | null;
  cycle_count: number;
}

export interface WireSubscriptionOption {
  id: string;
  price_id: string;
  base: WirePhase | null;
  trial: WirePhase | null;
  intro_price: WirePhase | null;
}

export interface WireNonSubscriptionOption {
  id: string;
  price_id: string;
  base_price: WirePrice | null;
}

export type WirePurchaseOption = WireSubscriptionOption | WireNonSubscriptionOption;

export type WireProductType = "subscription" | "consumable" | "non_consumable";

export interface WireProductDetails {
  identifier: string;
  product_type: WireProductType;
  title: string;
  description: string | null;
  default_purchase_option_id: string | null;
  purchase_options: Record<string, WirePurchaseOption>;
}

export interface WireProductsResponse {
  product_details: WireProductDetails[];
}

export interface WirePackage {
  identifier: string;
  platform_product_identifier: string;
  web_checkout_url?: string | null;
}

export interface WireOffering {
  identifier: string;
  description: string;
  metadata: Record<string, unknown> | null;
  packages: WirePackage[];
  paywall_components: WirePaywallComponents | null;
  web_checkout_url?: string | null;
}

/** The paywall document; the renderer owns its inner shape. */
export interface WirePaywallComponents {
  default_locale: string;
  [key: string]: unknown;
}

export interface WirePlacements {
  fallback_offering_id: string | null;
  offering_ids_by_placement: Record<string, string | null> | null;
}

export interface WireTargeting {
  rule_id: string;
  revision: number;
}

/** Settings shared by the offerings' paywalls: colour aliases, whose schemes the paywall renderer reads. */
export interface WireUiConfig {
  app?: { colors?: Record<string, unknown> | null } | null;
  /** Defaults of the paywalls' custom variables, by name: `{ default_value }`. */
  custom_variables?: Record<string, unknown> | null;
}

export interface WireOfferingsResponse {
  current_offering_id: string | null;
  offerings: WireOffering[];
  placements?: WirePlacements | null;
  targeting?: WireTargeting | null;
  ui_config?: WireUiConfig | null;
  /**
   * The offerings' products, as `GET …/products` answers them, when asked for with `include=product_details` (this
   * billing server's addition, docs/protocol.md); absent from servers that do not know it.
   */
  product_details?: WireProductDetails[];
  /** The project's branding, as `GET /rcbilling/v1/branding` answers it, when asked for with `include=branding`. */
  branding?: WireBrandingInfo;
}

export interface WireEntitlement {
  expires_date: string | null;
  product_identifier: string;
  product_plan_identifier?: string | null;
  purchase_date: string;
}

export interface WireSubscription {
  purchase_date: string;
  original_purchase_date: string | null;
  expires_date: string | null;
  store: string;
  is_sandbox: boolean;
  unsubscribe_detected_at: string | null;
  billing_issues_detected_at: string | null;
  grace_period_expires_date?: string | null;
  refunded_at?: string | null;
  period_type: string;
  ownership_type?: string | null;
  store_transaction_id?: string | null;
  management_url?: string | null;
  product_plan_identifier?: string | null;
  display_name?: string | null;
  auto_resume_date?: string | null;
  /** What was paid for the period, in whole units of the currency (9.99), not micros. */
  price?: { amount: number; currency: string } | null;
}

export interface WireNonSubscriptionTransaction {
  id: string;
  purchase_date: string;
  original_purchase_date: string | null;
  store: string;
  is_sandbox: boolean;
  store_transaction_id?: string | null;
}

export interface WireSubscriber {
  entitlements: Record<string, WireEntitlement>;
  subscriptions: Record<string, WireSubscription>;
  non_subscriptions: Record<string, WireNonSubscriptionTransaction[]>;
  first_seen: string;
  original_app_user_id: string;
  original_purchase_date: string | null;
  management_url: string | null;
}

export interface WireCustomerInfoResponse {
  request_date: string;
  request_date_ms: number;
  subscriber: WireSubscriber;
}

export interface WireBrandingAppearance {
  color_buttons_primary?: string | null;
  /** The primary button's text colour; picked for contrast when absent. */
  color_buttons_primary_text?: string | null;
  color_accent?: string | null;
  color_error?: string | null;
  color_product_info_bg?: string | null;
  color_form_bg?: string | null;
  color_page_bg?: string | null;
  font?: string | null;
  shapes?: "default" | "rounded" | "rectangle" | "pill" | null;
  show_product_description?: boolean | null;
}

export interface WireBrandFontConfig {
  font_url: string;
  desktop?: { font_size?: number; font_weight?: number } | null;
  mobile?: { font_size?: number; font_weight?: number } | null;
}

export interface WireBrandingInfo {
  app_icon: string | null;
  app_icon_webp: string | null;
  app_wordmark: string | null;
  app_wordmark_webp: string | null;
  app_name: string | null;
  support_email: string | null;
  appearance: WireBrandingAppearance | null;
  brand_font_config?: WireBrandFontConfig | null;
  gateway_tax_collection_enabled: boolean;
}

/** How Stripe's elements show a checkout: a payment says what it charges, as `stripe.elements()` requires. */
export type WireElementsConfiguration = {
  payment_method_types: string[];
  setup_future_usage?: "off_session" | "on_session" | null;
} & (
  | { mode: "payment"; amount: number; currency: string }
  | { mode: "setup"; amount?: number; currency?: string }
);

export interface WireGatewayParams {
  stripe_account_id?: string;
  publishable_api_key?: string;
  elements_configuration: WireElementsConfiguration;
  client_secret?: string;
}

export interface WireCheckoutStartRequest {
  app_user_id: string;
  product_id: string;
  email?: string;
  price_id: string;
  presented_offering_identifier: string;
  trace_id: string;
  metadata?: Record<string, string>;
  offer_id?: string;
  applied_targeting_rule?: WireTargeting;
  presented_placement_identifier?: string;
  external_purchase_token_id?: string;
}

export interface WireCheckoutStartResponse {
  operation_session_id: string;
  gateway_params: WireGatewayParams;
  management_url: string | null;
}

/** `POST /rcbilling/v1/checkout/prepare`: what Stripe's elements need for an option before any checkout. */
export interface WireCheckoutPrepareResponse {
  stripe_gateway_params: WireGatewayParams;
}

export interface WireTaxBreakdownItem {
  display_name: string;
  tax_amount_in_micros: number;
  tax_rate_in_micros?: number;
  country?: string;
}

/** A promotion code taken off a checkout's price (`applied_discounts`). */
export interface WireAppliedDiscount {
  identifier: string;
  display_name: string | null;
  discount_code: string | null;
  discounted_amount_in_micros: number;
  percentage: number | null;
  duration_mode?: string;
  time_window?: string | null;
}

export interface WireCalculateTaxesResponse {
  operation_session_id: string;
  currency: string;
  tax_inclusive: boolean;
  total_amount_in_micros: number;
  tax_amount_in_micros: number;
  total_excluding_tax_in_micros: number;
  /** The price before a discount; `total_excluding_tax_in_micros` when absent. */
  original_amount_in_micros?: number;
  applied_discounts?: WireAppliedDiscount[];
  pricing_phases: { base: { tax_breakdown: WireTaxBreakdownItem[] } };
  gateway_params?: { elements_configuration?: WireElementsConfiguration };
  failed_reason?: string | null;
}

export interface WireCheckoutCompleteResponse {
  operation_session_id: string;
  gateway_params: { client_secret?: string };
}

export type WireOperationStatus = "started" | "in_progress" | "succeeded" | "failed";

export interface WireOperation {
  status: WireOperationStatus;
  operation_session_id: string;
  store_transaction_identifier?: string;
  product_identifier?: string;
  purchase_date?: string;
  redemption_info?: { redeem_url: string; redeem_url_redirect?: string | null } | null;
  error?: { code: number; message: string } | null;
}

export interface WireCheckoutStatusResponse {
  operation: WireOperation;
}

export interface WireAttribute {
  value: string | null;
  updated_at_ms: number;
}

export interface WireReceiptRequest {
  fetch_token: string;
  product_id: string;
  app_user_id: string;
  presented_offering_identifier: string | null;
  presented_placement_identifier: string | null;
  applied_targeting_rule: WireTargeting | null;
  initiation_source: string;
  /** A promotion code the purchase was given (`purchase({ discountCode })`); the billing server applies it. */
  discount_code?: string;
}

export interface WireEvent {
  id: string;
  timestamp_ms: number;
  type: "web_billing";
  event_name: string;
  app_user_id: string;
  context: Record<string, unknown>;
  properties: Record<string, unknown>;
  trace_id: string;
}

export interface WireEventsRequest {
  events: WireEvent[];
}

export interface WireVirtualCurrency {
  balance: number;
  code: string;
  name: string;
  /** The billing server always sends it (null when unset); the hosted service leaves it out when unset. */
  description?: string | null;
}

/** `GET /v1/subscribers/{app_user_id}/virtual_currencies`: every currency of the project, keyed by code. */
export interface WireVirtualCurrenciesResponse {
  virtual_currencies: Record<string, WireVirtualCurrency>;
}
