import { IntlMessageFormat } from "intl-messageformat";
import { Logger } from "../logger";
import { intlTag, matchLocale, textDirection, type LocaleCode } from "./locale-code";
import { loadMessages, type Messages } from "./load-messages";

/** Values of a message's placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Formats the widget's texts in one language, falling back per key. */
export interface Translator {
  /** The first locale of the fallback chain: the language the widget is shown in. */
  readonly locale: LocaleCode;
  /** Its BCP-47 tag for Intl and `lang`. */
  readonly lang: string;
  readonly dir: "ltr" | "rtl";
  /** The text of `key` with `values`; the key itself when no locale of the chain has it. */
  t(key: string, values?: MessageValues): string;
}

/**
 * Compiled messages by locale texts and key, shared by every translator over those texts: a purchase after the
 * first (or after the warm-up) formats without compiling its messages and their `Intl` formatters again.
 */
const compiled = new WeakMap<Messages, Map<string, IntlMessageFormat>>();

/**
 * A translator over locales in fallback order (each with its messages). A key missing from a locale is
 * looked up in the next one; a message that fails to format is logged and shown unformatted.
 *
 * @example
 * const t = createTranslator([{ code: "ru", messages: ru }, { code: "en", messages: en }]);
 * t.t("period.month.count", { count: 5 }); // "5 месяцев"
 */
export function createTranslator(chain: ReadonlyArray<{ code: LocaleCode; messages: Messages }>): Translator {
  const first = chain[0]?.code ?? "en";
  return {
    locale: first,
    lang: intlTag(first),
    dir: textDirection(first),
    t(key, values) {
      const entry = chain.find(({ messages }) => messages[key] !== undefined);
      const message = entry?.messages[key];
      if (!entry || message === undefined) return key;
      // Text without ICU syntax reads the same formatted or not (the build ships such messages as strings).
      if (typeof message === "string" && !/[{}#']/.test(message)) return message;
      let formats = compiled.get(entry.messages);
      if (!formats) compiled.set(entry.messages, (formats = new Map()));
      let format = formats.get(key);
      try {
        if (!format) {
          format = new IntlMessageFormat(message, intlTag(entry.code));
          formats.set(key, format);
        }
        return String(format.format(values));
      } catch (error) {
        Logger.warn(`Could not format the message ${key} (${entry.code}): ${String(error)}`);
        return typeof message === "string" ? message : key;
      }
    },
  };
}

/**
 * Loads the translator for the fallback chain selected → default → en (docs/checkout.md). Tags are matched
 * with {@link matchLocale}; an unsupported tag is skipped and a locale that fails to load is left out.
 *
 * @example
 * const t = await loadTranslator("pt-BR", "en");
 * t.locale; // "pt"
 */
export async function loadTranslator(
  selectedLocale: string | null | undefined,
  defaultLocale: string | null | undefined,
): Promise<Translator> {
  const codes = [...new Set([matchLocale(selectedLocale), matchLocale(defaultLocale), "en" as const])].filter(
    (code): code is LocaleCode => code !== null,
  );
  const loaded = await Promise.all(
    codes.map(async (code) => {
      try {
        return { code, messages: await loadMessages(code) };
      } catch (error) {
        Logger.warn(`Could not load the ${code} texts of the checkout: ${String(error)}`);
        return null;
      }
    }),
  );
  return createTranslator(loaded.filter((entry) => entry !== null));
}
