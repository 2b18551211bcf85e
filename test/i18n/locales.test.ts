// Every locale has every key of en, with the same placeholders, in valid ICU syntax, with the plural categories
// its language needs, and within its size budget.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { intlTag, LOCALE_CODES, type LocaleCode } from "../../src/i18n/locale-code";

const read = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${code}.json`, "utf8"));
const en = read("en");
const files = readdirSync("locales").map((file) => file.replace(/\.json$/, ""));

/** Placeholder names and, per plural, the categories it covers. */
function shape(
  elements: MessageFormatElement[],
  out = { args: new Set<string>(), plurals: [] as string[][] },
) {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date)
      out.args.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      out.args.add(element.value);
      if (element.type === TYPE.plural) out.plurals.push(Object.keys(element.options));
      for (const option of Object.values(element.options)) shape(option.value, out);
    }
    if (element.type === TYPE.tag) shape(element.children, out);
  }
  return out;
}

describe("the locale files", () => {
  it("are exactly en and the 33 languages of docs/checkout.md plus sl", () => {
    expect(files.sort()).toEqual([...LOCALE_CODES].sort());
    expect(LOCALE_CODES).toHaveLength(34);
  });

  describe.each(LOCALE_CODES.map((code) => [code]))("%s", (code: LocaleCode) => {
    const messages = read(code);
    const categories = new Intl.PluralRules(intlTag(code)).resolvedOptions().pluralCategories;

    it("has every key of en and no other", () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    });

    it("keeps en's placeholders, parses as ICU, and covers every plural category of the language", () => {
      for (const [key, text] of Object.entries(messages)) {
        const ast = parse(text, { requiresOtherClause: true });
        const own = shape(ast);
        expect([...own.args].sort(), `${code} ${key}`).toEqual([...shape(parse(en[key]!)).args].sort());
        for (const options of own.plurals) {
          for (const category of categories)
            expect(options, `${code} ${key} lacks "${category}"`).toContain(category);
        }
        expect(text, `${code} ${key}`).not.toMatch(/^\s|\s$/);
      }
    });

    it("is at most 3 KB min+gzip", () => {
      expect(gzipSync(JSON.stringify(messages), { level: 9 }).length).toBeLessThanOrEqual(3 * 1024);
    });
  });
});
