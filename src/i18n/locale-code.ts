/** The widget's languages (docs/checkout.md plus Slovenian), each a file `locales/{code}.json`. */
export const LOCALE_CODES = [
  "en",
  "es",
  "it",
  "ar",
  "ca",
  "zh_Hans",
  "zh_Hant",
  "hr",
  "cs",
  "da",
  "nl",
  "fi",
  "fr",
  "de",
  "el",
  "he",
  "hi",
  "hu",
  "id",
  "ja",
  "ko",
  "ms",
  "no",
  "pl",
  "pt",
  "ro",
  "ru",
  "sk",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "sl",
] as const;

/** A language the widget is translated into. */
export type LocaleCode = (typeof LOCALE_CODES)[number];

// Retired ISO 639 codes some browsers still report, and the Norwegian written standards.
const ALIASES: Readonly<Record<string, LocaleCode>> = { iw: "he", in: "id", nb: "no", nn: "no" };
const TRADITIONAL_REGIONS = ["tw", "hk", "mo"];

/**
 * The supported locale for a BCP-47 tag (`-` or `_`, any case), or null when the language is not
 * translated. Chinese picks the script from the tag's script or region: `zh-TW`, `zh-HK` and `zh-Hant`
 * are Traditional, any other Chinese is Simplified.
 *
 * @example
 * matchLocale("pt-BR"); // "pt"
 * matchLocale("zh_tw"); // "zh_Hant"
 * matchLocale("nb-NO"); // "no"
 */
export function matchLocale(tag: string | null | undefined): LocaleCode | null {
  if (typeof tag !== "string") return null;
  const [language = "", ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (language === "zh") {
    return rest.some((part) => part === "hant" || TRADITIONAL_REGIONS.includes(part)) ? "zh_Hant" : "zh_Hans";
  }
  return ALIASES[language] ?? LOCALE_CODES.find((code) => code === language) ?? null;
}

/**
 * The BCP-47 tag Intl should use for a locale (plural rules, dates).
 *
 * @example
 * intlTag("zh_Hant"); // "zh-Hant"
 */
export function intlTag(code: LocaleCode): string {
  return code === "no" ? "nb" : code.replace("_", "-");
}

/**
 * The writing direction of a locale.
 *
 * @example
 * textDirection("he"); // "rtl"
 */
export function textDirection(code: LocaleCode): "ltr" | "rtl" {
  return code === "ar" || code === "he" ? "rtl" : "ltr";
}
