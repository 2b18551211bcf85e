import type { WireBrandFontConfig, WireElementsConfiguration } from "../http/wire";
import type { LocaleCode } from "../i18n/locale-code";

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
  const options: Record<string, unknown> = {
    mode: config?.mode ?? "payment",
    currency: config?.currency?.toLowerCase(),
    paymentMethodTypes: config?.payment_method_types,
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
  };
  if (config?.setup_future_usage) options.setupFutureUsage = config.setup_future_usage;
  if (options.mode === "payment" && config?.amount !== undefined) options.amount = config.amount;
  if (font?.font_url) options.fonts = [{ cssSrc: font.font_url }];
  return options;
}
