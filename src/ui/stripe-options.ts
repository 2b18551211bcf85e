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
export function stripeLocale(code: LocaleCode): string {
  if (code === "ca" || code === "hi" || code === "uk") return "auto";
  if (code === "zh_Hans" || code === "zh_Hant") return "zh";
  return code === "no" ? "nb" : code;
}

/**
 * What `stripe.elements()` needs to know of the amount: the mode, currency, method types, card kept for renewals
 * and the amount of a payment. The express purchase button updates its elements with it for another package.
 *
 * @example
 * elements.update(elementsPricing(prepared.stripe_gateway_params.elements_configuration));
 */
export function elementsPricing(config: WireElementsConfiguration | undefined): Record<string, unknown> {
  const mode = config?.mode ?? "payment";
  return {
    mode,
    currency: config?.currency?.toLowerCase(),
    paymentMethodTypes: config?.payment_method_types,
    ...(config?.setup_future_usage ? { setupFutureUsage: config.setup_future_usage } : {}),
    ...(mode === "payment" && config?.amount !== undefined ? { amount: config.amount } : {}),
  };
}

/**
 * The options of `stripe.elements()` for the checkout's gateway configuration, themed with the widget's colours.
 *
 * @example
 * stripe.elements(elementsOptions(config, variables, branding.brand_font_config));
 */
export function elementsOptions(
  config: WireElementsConfiguration | undefined,
  vars: Readonly<Record<string, string>>,
  font: WireBrandFontConfig | null | undefined,
): object {
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
  const loader: StripeLoader =
    env.loadStripe ?? ((await import("@stripe/stripe-js/pure")).loadStripe as unknown as StripeLoader);
  const stripe = await loader(gateway.publishable_api_key ?? "", {
    stripeAccount: gateway.stripe_account_id,
    locale: stripeLocale(locale),
  });
  if (!stripe) throw new Error("Stripe.js could not be loaded.");
  return stripe;
}
