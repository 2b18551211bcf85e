import type { WireBrandFontConfig, WireBrandingAppearance, WireBrandingInfo } from "../http/wire";

/** docs/checkout.md's colours, used where the branding sets none. */
export const DEFAULT_COLORS = {
  primary: "#576CDB",
  error: "#B0171F",
  focus: "#1148B8",
  accent: "#767676",
  warning: "#f4e971",
  productInfoBg: "#EFF3FA",
  formBg: "#FFFFFF",
  pageBg: "#FFFFFF",
} as const;

/** The Test Store modal's colours under `prefers-color-scheme: dark` (styles.ts); both pass AA (4.5:1) with each other. */
export const DARK_MODAL_COLORS = {
  bg: "#1C1C1E",
  text: "#F2F2F2",
  focus: "#8AB4F8",
} as const;

/** WCAG AA's least contrast for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/** Above this relative luminance a background gets dark text, at or below it light text (docs/checkout.md, "Constants"). */
export const LUMINANCE_THRESHOLD = 0.37;
const HOVER_DARKEN = 0.1;
const PRESSED_DARKEN = 0.15;
const DARK_TEXT = "#111111";
const LIGHT_TEXT = "#FFFFFF";

/** Input and button corner radii per branding shape (docs/checkout.md, "Constants"). */
const RADII: Readonly<Record<string, readonly [input: string, button: string]>> = {
  rounded: ["4px", "8px"],
  rectangle: ["0", "0"],
  pill: ["12px", "9999px"],
};

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join("") : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The WCAG relative luminance of a hex colour (0 black … 1 white), or null for a malformed colour.
 *
 * @example
 * relativeLuminance("#FFFFFF"); // 1
 */
export function relativeLuminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The WCAG contrast ratio of two hex colours (1 … 21).
 *
 * @example
 * contrastRatio("#767676", "#FFFFFF"); // 4.54…
 */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a) ?? 0, relativeLuminance(b) ?? 0];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a background: dark above {@link LUMINANCE_THRESHOLD}, light otherwise.
 *
 * @example
 * textColorOn("#576CDB"); // "#FFFFFF"
 */
export function textColorOn(background: string): string {
  return (relativeLuminance(background) ?? 1) > LUMINANCE_THRESHOLD ? DARK_TEXT : LIGHT_TEXT;
}

/** `hex` with every channel moved `amount` (0 … 1) of the way to `target` (0 black, 255 white). */
function mix(hex: string, target: number, amount: number): string {
  const rgb = channels(hex) ?? [0, 0, 0];
  return `#${rgb
    .map((c) =>
      Math.round(c + (target - c) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * `hex` with every channel reduced by `amount` (0.1 = 10 % darker).
 *
 * @example
 * darken("#FFFFFF", 0.1); // "#e6e6e6"
 */
export function darken(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

/**
 * A text colour of `color`'s hue that is readable on `background` (at least `minRatio`, WCAG AA by default): `color`
 * itself when it is, else `color` moved in 5 % steps towards black or white (whichever contrasts more with the
 * background) until it is. The last step is black or white itself, the most any text can have there. A brand accent
 * such as "#C9A227" (2.42:1 on white) becomes a darker gold instead of unreadable fine print.
 *
 * @example
 * readableColor("#767676", "#FFFFFF"); // "#767676" (4.54:1)
 * readableColor("#C9A227", "#FFFFFF"); // a darker gold of at least 4.5:1
 */
export function readableColor(color: string, background: string, minRatio = AA_TEXT_CONTRAST): string {
  const target = contrastRatio("#000000", background) >= contrastRatio("#FFFFFF", background) ? 0 : 255;
  let candidate = color;
  for (let step = 1; step <= 20 && contrastRatio(candidate, background) < minRatio; step++) {
    candidate = mix(color, target, step / 20);
  }
  return candidate;
}

const color = (value: string | null | undefined, fallback: string) =>
  value && relativeLuminance(value) !== null ? value : fallback;

/**
 * The CSS custom properties of the widget for a branding appearance (defaults of docs/checkout.md "Constants" where it sets none).
 *
 * @example
 * themeVariables({ color_buttons_primary: "#8B2252", shapes: "pill" })["--pw-button-radius"]; // "9999px"
 */
export function themeVariables(
  appearance: WireBrandingAppearance | null | undefined,
  font?: WireBrandFontConfig | null,
): Record<string, string> {
  const a = appearance ?? {};
  const primary = color(a.color_buttons_primary, DEFAULT_COLORS.primary);
  const productBg = color(a.color_product_info_bg, DEFAULT_COLORS.productInfoBg);
  const formBg = color(a.color_form_bg, DEFAULT_COLORS.formBg);
  const pageBg = color(a.color_page_bg, DEFAULT_COLORS.pageBg);
  const accent = color(a.color_accent, DEFAULT_COLORS.accent);
  const [inputRadius, buttonRadius] = RADII[a.shapes ?? ""] ?? RADII.rounded!;
  const vars: Record<string, string> = {
    "--pw-primary": primary,
    "--pw-primary-hover": darken(primary, HOVER_DARKEN),
    "--pw-primary-pressed": darken(primary, PRESSED_DARKEN),
    "--pw-primary-text": color(a.color_buttons_primary_text, textColorOn(primary)),
    "--pw-accent": accent,
    // Secondary text and fine print in the accent's hue, readable on the form (and on the dark Test Store modal).
    "--pw-accent-text": readableColor(accent, formBg),
    "--pw-accent-text-dark": readableColor(accent, DARK_MODAL_COLORS.bg),
    "--pw-error": color(a.color_error, DEFAULT_COLORS.error),
    "--pw-focus": DEFAULT_COLORS.focus,
    "--pw-warning": DEFAULT_COLORS.warning,
    "--pw-warning-text": textColorOn(DEFAULT_COLORS.warning),
    "--pw-product-bg": productBg,
    "--pw-product-text": textColorOn(productBg),
    "--pw-form-bg": formBg,
    "--pw-form-text": textColorOn(formBg),
    "--pw-page-bg": pageBg,
    "--pw-input-radius": inputRadius,
    "--pw-button-radius": buttonRadius,
  };
  if (a.font) vars["--pw-font"] = `"${a.font.replace(/["\\]/g, "")}", system-ui, sans-serif`;
  // The brand font's sizes and weights, kept within the widget's scale (10–40 px, weights 400–600).
  const size = (value: number | undefined) => `${Math.min(40, Math.max(10, value ?? 14))}px`;
  const weight = (value: number | undefined) => String(Math.min(600, Math.max(400, value ?? 400)));
  if (font?.mobile?.font_size || font?.desktop?.font_size) {
    vars["--pw-font-size"] = size(font.mobile?.font_size ?? font.desktop?.font_size);
    vars["--pw-font-size-wide"] = size(font.desktop?.font_size ?? font.mobile?.font_size);
  }
  if (font?.mobile?.font_weight || font?.desktop?.font_weight) {
    vars["--pw-font-weight"] = weight(font.mobile?.font_weight ?? font.desktop?.font_weight);
  }
  return vars;
}

/**
 * The branding with appearance values replaced by an override (`brandingAppearanceOverride`); an override
 * without branding (none could be fetched) applies to the default look.
 *
 * @example
 * brandingWithAppearance(branding, { shapes: "pill" })?.appearance?.shapes; // "pill"
 */
export function brandingWithAppearance(
  branding: WireBrandingInfo | null,
  override: Readonly<WireBrandingAppearance>,
): WireBrandingInfo | null {
  if (Object.keys(override).length === 0) return branding;
  const base: WireBrandingInfo = branding ?? {
    app_icon: null,
    app_icon_webp: null,
    app_wordmark: null,
    app_wordmark_webp: null,
    app_name: null,
    support_email: null,
    appearance: null,
    gateway_tax_collection_enabled: false,
  };
  return { ...base, appearance: { ...base.appearance, ...override } };
}
