// The parameters the pinned Stripe API version accepts on each endpoint the billing server calls, as the fake Stripe
// refuses everything else. Each list is checked at compile time to equal the official `stripe` package's own
// parameter type, both ways: when the package drops a parameter (as 2026-09-30 dropped `payment_method_types`) or
// adds one, `tsc` fails here until the list follows it.
import type Stripe from "stripe";

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** `keys`, accepted only when it names every key of `T` and nothing else. */
const exactKeysOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    keys: K &
      (Equal<K[number], keyof T & string> extends true ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): ReadonlySet<string> =>
    new Set(keys);

export const CUSTOMER_CREATE = exactKeysOf<Stripe.CustomerCreateParams>()([
  "address",
  "balance",
  "business_name",
  "cash_balance",
  "description",
  "email",
  "expand",
  "individual_name",
  "invoice_prefix",
  "invoice_settings",
  "metadata",
  "name",
  "next_invoice_sequence",
  "payment_method",
  "phone",
  "preferred_locales",
  "shipping",
  "source",
  "tax",
  "tax_exempt",
  "tax_id_data",
  "test_clock",
  "validate",
]);

export const SETUP_INTENT_CREATE = exactKeysOf<Stripe.SetupIntentCreateParams>()([
  "allowed_payment_method_types",
  "attach_to_self",
  "automatic_payment_methods",
  "confirm",
  "confirmation_token",
  "customer",
  "customer_account",
  "description",
  "excluded_payment_method_types",
  "expand",
  "flow_directions",
  "mandate_data",
  "metadata",
  "on_behalf_of",
  "payment_method",
  "payment_method_configuration",
  "payment_method_data",
  "payment_method_options",
  "return_url",
  "single_use",
  "usage",
  "use_stripe_sdk",
]);

export const PAYMENT_INTENT_CREATE = exactKeysOf<Stripe.PaymentIntentCreateParams>()([
  "amount",
  "currency",
  "allowed_payment_method_types",
  "amount_details",
  "application_fee_amount",
  "automatic_payment_methods",
  "capture_method",
  "confirm",
  "confirmation_method",
  "confirmation_token",
  "customer",
  "customer_account",
  "description",
  "error_on_requires_action",
  "excluded_payment_method_types",
  "expand",
  "hooks",
  "mandate",
  "mandate_data",
  "metadata",
  "off_session",
  "on_behalf_of",
  "payment_details",
  "payment_method",
  "payment_method_configuration",
  "payment_method_data",
  "payment_method_options",
  "radar_options",
  "receipt_email",
  "return_url",
  "setup_future_usage",
  "shipping",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "transfer_data",
  "transfer_group",
  "use_stripe_sdk",
]);

export const PAYMENT_INTENT_UPDATE = exactKeysOf<Stripe.PaymentIntentUpdateParams>()([
  "allowed_payment_method_types",
  "amount",
  "amount_details",
  "application_fee_amount",
  "capture_method",
  "currency",
  "customer",
  "customer_account",
  "description",
  "excluded_payment_method_types",
  "expand",
  "hooks",
  "metadata",
  "payment_details",
  "payment_method",
  "payment_method_configuration",
  "payment_method_data",
  "payment_method_options",
  "receipt_email",
  "setup_future_usage",
  "shipping",
  "statement_descriptor",
  "statement_descriptor_suffix",
  "transfer_data",
  "transfer_group",
]);

/** Payment method types a PaymentIntent may allow, as far as the fake knows them (cards and wallets on cards). */
export const KNOWN_PAYMENT_METHOD_TYPES: ReadonlySet<string> = new Set([
  "card",
  "link",
] satisfies Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[]);
