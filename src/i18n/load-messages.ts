import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { LocaleCode } from "./locale-code";
import en from "../../locales/en.json";

/**
 * The ICU MessageFormat texts of one locale, by key: the JSON's strings, or (in the built package) the same
 * messages parsed at build time.
 */
export type Messages = Readonly<Record<string, string | MessageFormatElement[]>>;

type Loader = () => Promise<{ default: Messages }>;

// One dynamic import per file, written out, so that every bundler makes each locale its own chunk (English aside).
const loaders: Readonly<Record<LocaleCode, Loader>> = {
  en: () => Promise.resolve({ default: en }),
  es: () => import("../../locales/es.json"),
  it: () => import("../../locales/it.json"),
  ar: () => import("../../locales/ar.json"),
  ca: () => import("../../locales/ca.json"),
  zh_Hans: () => import("../../locales/zh_Hans.json"),
  zh_Hant: () => import("../../locales/zh_Hant.json"),
  hr: () => import("../../locales/hr.json"),
  cs: () => import("../../locales/cs.json"),
  da: () => import("../../locales/da.json"),
  nl: () => import("../../locales/nl.json"),
  fi: () => import("../../locales/fi.json"),
  fr: () => import("../../locales/fr.json"),
  de: () => import("../../locales/de.json"),
  el: () => import("../../locales/el.json"),
  he: () => import("../../locales/he.json"),
  hi: () => import("../../locales/hi.json"),
  hu: () => import("../../locales/hu.json"),
  id: () => import("../../locales/id.json"),
  ja: () => import("../../locales/ja.json"),
  ko: () => import("../../locales/ko.json"),
  ms: () => import("../../locales/ms.json"),
  no: () => import("../../locales/no.json"),
  pl: () => import("../../locales/pl.json"),
  pt: () => import("../../locales/pt.json"),
  ro: () => import("../../locales/ro.json"),
  ru: () => import("../../locales/ru.json"),
  sk: () => import("../../locales/sk.json"),
  sv: () => import("../../locales/sv.json"),
  th: () => import("../../locales/th.json"),
  tr: () => import("../../locales/tr.json"),
  uk: () => import("../../locales/uk.json"),
  vi: () => import("../../locales/vi.json"),
  sl: () => import("../../locales/sl.json"),
};

/**
 * English is every translator's last fallback, so it is loaded by every purchase and paywall: it is part of the
 * widget's code instead of a request made once that code has run (issue #45's cold path).
 */
const loaded = new Map<LocaleCode, Messages>([["en", en]]);

/**
 * Loads the messages of a locale (its own lazy chunk).
 *
 * @example
 * const de = await loadMessages("de");
 */
export async function loadMessages(code: LocaleCode): Promise<Messages> {
  // A locale loaded before is returned without `import()`, which waits for a task even for a loaded chunk.
  let messages = loaded.get(code);
  if (!messages) loaded.set(code, (messages = (await loaders[code]()).default));
  return messages;
}
