// What the fakes of Stripe.js (test/ui/support/fake-stripe.ts in happy-dom, the script of
// test/browser/support/fake-stripe-script.ts in Chromium) accept as options, so that they refuse what the real one
// refuses (issue #41: Stripe.js "endive" throws on `paymentMethodTypes`, and neither fake noticed). The options each
// call knows are the keys of @stripe/stripe-js's own types, checked against them at compile time in both
// directions; the values of the options the SDK sends are checked as Stripe.js checks them. Anything else is thrown
// as Stripe.js throws it: an Error named IntegrationError. The checks are browser JavaScript, one source that the
// browser fake's script embeds and the happy-dom fake evaluates.
import type {
  StripeElementsOptionsMode,
  StripeElementsUpdateOptions,
  StripeExpressCheckoutElementOptions,
  StripeLinkAuthenticationElementOptions,
  StripePaymentElementOptions,
} from "@stripe/stripe-js";

/** The options of `stripe.elements()` without a client secret (`StripeElementsOptionsMode`). */
export const ELEMENTS_OPTION_KEYS = [
  "mode",
  "amount",
  "currency",
  "clientSecret",
  "fonts",
  "locale",
  "appearance",
  "loader",
  "customerOptions",
  "customerSessionClientSecret",
  "customPaymentMethods",
  "syncAddressCheckbox",
  "paymentMethodCreation",
  "setupFutureUsage",
  "setup_future_usage",
  "captureMethod",
  "capture_method",
  "onBehalfOf",
  "on_behalf_of",
  "excludedPaymentMethodTypes",
  "allowedPaymentMethodTypes",
  "paymentMethodConfiguration",
  "payment_method_configuration",
  "paymentMethodOptions",
  "payment_method_options",
  "externalPaymentMethodTypes",
  "adaptivePricing",
] as const;

/** The options of `elements.update()` (`StripeElementsUpdateOptions`). */
export const ELEMENTS_UPDATE_OPTION_KEYS = [
  "mode",
  "amount",
  "currency",
  "fonts",
  "locale",
  "appearance",
  "customerSessionClientSecret",
  "customPaymentMethods",
  "setupFutureUsage",
  "setup_future_usage",
  "captureMethod",
  "capture_method",
  "onBehalfOf",
  "on_behalf_of",
  "excludedPaymentMethodTypes",
  "allowedPaymentMethodTypes",
  "paymentMethodConfiguration",
  "payment_method_configuration",
] as const;

/** The options of `elements.create("payment")` (`StripePaymentElementOptions`). */
export const PAYMENT_ELEMENT_OPTION_KEYS = [
  "defaultValues",
  "business",
  "paymentMethodOrder",
  "fields",
  "readOnly",
  "terms",
  "wallets",
  "walletOptions",
  "layout",
  "applePay",
] as const;

/** The options of `elements.create("expressCheckout")` (`StripeExpressCheckoutElementOptions`). */
export const EXPRESS_CHECKOUT_ELEMENT_OPTION_KEYS = [
  "allowedShippingCountries",
  "applePay",
  "billingAddressRequired",
  "business",
  "buttonHeight",
  "buttonTheme",
  "buttonType",
  "emailRequired",
  "layout",
  "lineItems",
  "paymentMethodOrder",
  "paymentMethods",
  "phoneNumberRequired",
  "shippingAddressRequired",
  "shippingRates",
  "wallets",
] as const;

/** The options of `elements.create("linkAuthentication")` (`StripeLinkAuthenticationElementOptions`). */
export const LINK_AUTHENTICATION_ELEMENT_OPTION_KEYS = ["defaultValues"] as const;

/** `keyof` each member of a union (`keyof` the union itself keeps only the keys every member has). */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** `true` only when A and B are the same type: a key missing on either side makes it `false`. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Fails `tsc` ("Type 'true' is not assignable to type 'false'") when @stripe/stripe-js adds, removes or renames an
// option of one of these calls: the list beside it must then follow.
const _listsAreStripeJsTypes: [
  Equal<(typeof ELEMENTS_OPTION_KEYS)[number], KeysOfUnion<StripeElementsOptionsMode>>,
  Equal<(typeof ELEMENTS_UPDATE_OPTION_KEYS)[number], keyof StripeElementsUpdateOptions>,
  Equal<(typeof PAYMENT_ELEMENT_OPTION_KEYS)[number], keyof StripePaymentElementOptions>,
  Equal<(typeof EXPRESS_CHECKOUT_ELEMENT_OPTION_KEYS)[number], keyof StripeExpressCheckoutElementOptions>,
  Equal<
    (typeof LINK_AUTHENTICATION_ELEMENT_OPTION_KEYS)[number],
    keyof StripeLinkAuthenticationElementOptions
  >,
] = [true, true, true, true, true];

/** The calls whose options the fakes check, named as Stripe.js names them in its errors. */
export type StripeOptionsCall =
  | "elements()"
  | "elements.update()"
  | 'elements.create("payment")'
  | 'elements.create("expressCheckout")'
  | 'elements.create("linkAuthentication")';

/**
 * The Stripe.js release a fake plays: "endive" (API 2026-09-30, what @stripe/stripe-js 10 loads) or "dahlia", the
 * release before it, which purchases-js 1.63.1 (the peer the browser tests compare with) loads and which still took
 * the options endive renamed.
 */
export type StripeRelease = "endive" | "dahlia";

/** Options endive renamed: the old name, and the one to use instead. */
const RENAMED_IN_ENDIVE: Readonly<Record<string, string>> = {
  paymentMethodTypes: "allowedPaymentMethodTypes",
};

/** The options each call knows in `release`, and what endive renamed (for its error message). */
function rulesOf(release: StripeRelease) {
  const known = (keys: readonly string[]): string[] =>
    release === "endive"
      ? [...keys]
      : [...keys, ...Object.keys(RENAMED_IN_ENDIVE).filter((old) => keys.includes(RENAMED_IN_ENDIVE[old]!))];
  const keys: Record<StripeOptionsCall, string[]> = {
    "elements()": known(ELEMENTS_OPTION_KEYS),
    "elements.update()": known(ELEMENTS_UPDATE_OPTION_KEYS),
    'elements.create("payment")': known(PAYMENT_ELEMENT_OPTION_KEYS),
    'elements.create("expressCheckout")': known(EXPRESS_CHECKOUT_ELEMENT_OPTION_KEYS),
    'elements.create("linkAuthentication")': known(LINK_AUTHENTICATION_ELEMENT_OPTION_KEYS),
  };
  return { keys, renamed: RENAMED_IN_ENDIVE };
}

// Browser JavaScript (kept as a string so no test transform touches it): given the rules, `check(call, options)`.
// An option set to undefined counts as left out, as Stripe.js counts it.
const CHECK_SOURCE = String.raw`(rules) => {
  const fail = (message) => {
    const error = new Error(message);
    error.name = "IntegrationError";
    throw error;
  };
  const oneOf = (...allowed) => (value) =>
    allowed.includes(value) || "one of " + allowed.map((item) => JSON.stringify(item)).join(", ");
  const whole = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;
  const values = {
    mode: oneOf("payment", "setup", "subscription"),
    amount: (value) => whole(value, 0, Infinity) || "a whole, non-negative amount in the currency's minor unit",
    currency: (value) =>
      (typeof value === "string" && /^[a-z]{3}$/.test(value)) || "a lowercase three-letter ISO 4217 code",
    setupFutureUsage: oneOf("off_session", "on_session", null),
    allowedPaymentMethodTypes: (value) =>
      (Array.isArray(value) && value.every((type) => typeof type === "string")) ||
      "an array of payment method types",
    loader: oneOf("auto", "always", "never"),
    emailRequired: (value) => typeof value === "boolean" || "a boolean",
    buttonHeight: (value) => whole(value, 40, 55) || "a whole number of pixels from 40 to 55",
  };
  return (call, options) => {
    if (options === undefined) return;
    if (options === null || typeof options !== "object" || Array.isArray(options))
      fail("Invalid value for " + call + ": the options must be an object.");
    for (const key of Object.keys(options)) {
      if (!rules.keys[call].includes(key)) {
        const renamed = rules.renamed[key];
        fail(
          "Invalid value for " + call + ": " + key + " is not a recognized parameter." +
            (renamed ? " It is called " + renamed + " since Stripe.js endive." : ""),
        );
      }
      const value = options[key];
      const verdict = value === undefined || !values[key] || values[key](value);
      if (verdict !== true)
        fail(
          "Invalid value for " + call + ": " + key + " should be " + verdict +
            "; you passed " + JSON.stringify(value) + ".",
        );
    }
    if (call !== "elements()") return;
    if (options.mode !== undefined && options.clientSecret !== undefined)
      fail("Invalid value for elements(): pass either mode or clientSecret, not both.");
    if (options.mode !== "payment" && options.mode !== "subscription") return;
    for (const key of ["amount", "currency"])
      if (options[key] === undefined)
        fail("Missing value for elements(): " + key + " is required in " + options.mode + " mode.");
  };
}`;

/**
 * The checks of `release` as a browser JavaScript expression whose value is `check(call, options)`, for the
 * browser fake's script.
 *
 * @example
 * const script = `const checkOptions = ${stripeOptionsCheckScript("endive")};`;
 */
export function stripeOptionsCheckScript(release: StripeRelease): string {
  return `(${CHECK_SOURCE})(${JSON.stringify(rulesOf(release))})`;
}

/**
 * The checks of `release` as a function: throws an IntegrationError for options Stripe.js refuses.
 *
 * @example
 * stripeOptionsCheck("endive")("elements()", { mode: "setup", paymentMethodTypes: ["card"] }); // throws
 */
export function stripeOptionsCheck(
  release: StripeRelease,
): (call: StripeOptionsCall, options: unknown) => void {
  return new Function(`return ${stripeOptionsCheckScript(release)};`)();
}
