import type {
  StripeElementLocale,
  StripeElementsOptionsMode,
  StripeElementsUpdateOptions,
} from "@stripe/stripe-js";
import type { PurchasesEnvironment } from "../environment";
import type { WireBrandFontConfig, WireElementsConfiguration, WireGatewayParams } from "../http/wire";
import type { LocaleCode } from "../i18n/locale-code";
import type { StripeLike, StripeLoader } from "../stripe-like";

/**
 * The Stripe.js locale of a widget locale (docs/checkout.md): ca, hi and uk become auto, both Chinese scripts zh,
 * Norwegian nb.
 *
 * @example
 * stripeLocale("zh_Hant"); // "zh"
 */
export function stripeLocale(code: LocaleCode): StripeElementLocale {
  if (code === "ca" || code === "hi" || code === "uk") return "auto";
  if (code === "zh_Hans" || code === "zh_Hant") return "zh";
  return code === "no" ? "nb" : code;
}

/** `keyof` each member of a union (`keyof` the union keeps only the keys all members have). */
type KeysOf<T> = T extends unknown ? keyof T : never;
type ElementsKey = KeysOf<StripeElementsOptionsMode>;
type UpdateKey = keyof StripeElementsUpdateOptions;

/**
 * The options that price the elements, which `stripe.elements()` and `elements.update()` both take: typed by both of
 * Stripe.js's types, an option only one of them has typed `never`, so that an option either call refuses fails `tsc`.
 */
export type ElementsPricing = StripeElementsOptionsMode &
  StripeElementsUpdateOptions & { [K in Exclude<ElementsKey | UpdateKey, ElementsKey & UpdateKey>]?: never };

/**
 * What `stripe.elements()` needs to know of the amount: the mode, currency, method types, card kept for renewals
 * and the amount of a payment. The express purchase button updates its elements with it for another package.
 *
 * @example
 * elements.update(elementsPricing(prepared.stripe_gateway_params.elements_configuration));
 */
export function elementsPricing(config: WireElementsConfiguration): ElementsPricing {
  const pricing: ElementsPricing = {
    mode: "setup",
    currency: config.currency?.toLowerCase(),
    allowedPaymentMethodTypes: config.payment_method_types,
    // null, not left out: an update keeps what it leaves out, and a package sold after a subscription saves no card.
    setupFutureUsage: config.setup_future_usage ?? null,
  };
  return config.mode === "payment"
    ? { ...pricing, mode: "payment", amount: config.amount, currency: config.currency.toLowerCase() }
    : pricing;
}

/**
 * The options of `stripe.elements()` for the checkout's gateway configuration, themed with the widget's colours.
 *
 * @example
 * stripe.elements(elementsOptions(config, variables, branding.brand_font_config));
 */
export function elementsOptions(
  config: WireElementsConfiguration,
  vars: Readonly<Record<string, string>>,
  font: WireBrandFontConfig | null | undefined,
): StripeElementsOptionsMode {
  return {
    ...elementsPricing(config),
    loader: "always",
    appearance: {
      variables: {
        colorPrimary: vars["--pw-primary"],
        colorDanger: vars["--pw-error"],
        colorBackground: vars["--pw-form-bg"],
        colorText: vars["--pw-form-text"],
        borderRadius: vars["--pw-input-radius"],
        ...(vars["--pw-font"] ? { fontFamily: vars["--pw-font"] } : {}),
      },
    },
    ...(font?.font_url ? { fonts: [{ cssSrc: font.font_url }] } : {}),
  };
}

/**
 * Loads Stripe.js for a checkout's gateway parameters: the environment's loader (tests inject a fake), else
 * `@stripe/stripe-js/pure`'s. Throws when Stripe.js cannot run.
 *
 * @example
 * const stripe = await loadStripeFor(session.env, checkout.gateway_params, t.locale);
 */
export async function loadStripeFor(
  env: PurchasesEnvironment,
  gateway: WireGatewayParams,
  locale: LocaleCode,
): Promise<StripeLike> {
  const loader: StripeLoader = env.loadStripe ?? (await import("@stripe/stripe-js/pure")).loadStripe;
  const stripe = await loader(gateway.publishable_api_key ?? "", {
    stripeAccount: gateway.stripe_account_id,
    locale: stripeLocale(locale),
  });
  if (!stripe) throw new Error("Stripe.js could not be loaded.");
  return stripe;
}
