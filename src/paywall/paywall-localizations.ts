import type { WirePaywallDocument } from "./paywall-document";

/** Looks up a `text_lid`/`url_lid` in the paywall's texts. */
export type Localize = (lid: string) => string;

/** The key of `components_localizations` that best matches `tag` ("pt-BR" → "pt_BR", else "pt"), or null. */
function matchingLocale(locales: readonly string[], tag: string | null | undefined): string | null {
  if (!tag) return null;
  const wanted = tag.replace(/-/g, "_").toLowerCase();
  const language = wanted.split("_")[0];
  return (
    locales.find((l) => l.replace(/-/g, "_").toLowerCase() === wanted) ??
    locales.find((l) => l.replace(/-/g, "_").toLowerCase() === language) ??
    null
  );
}

/**
 * The paywall's texts in a locale (docs/checkout.md): the selected locale, else the paywall's default locale; a text
 * missing there comes from the default locale, then is empty.
 *
 * @example
 * const localize = paywallLocalizer(document, "de-DE");
 * localize("title"); // the "de" text, else the default locale's, else ""
 */
export function paywallLocalizer(document: WirePaywallDocument, selectedLocale: string | null): Localize {
  const all = document.components_localizations ?? {};
  const locales = Object.keys(all);
  const chain = [matchingLocale(locales, selectedLocale), matchingLocale(locales, document.default_locale)]
    .filter((l): l is string => l !== null)
    .map((l) => all[l] ?? {});
  return (lid) => {
    for (const texts of chain) {
      const text = Object.hasOwn(texts, lid) ? texts[lid] : undefined;
      if (typeof text === "string") return text;
    }
    return "";
  };
}
