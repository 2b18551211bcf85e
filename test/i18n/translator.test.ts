import { describe, expect, it } from "vitest";
import { intlTag, matchLocale, textDirection } from "../../src/i18n/locale-code";
import { createTranslator, loadTranslator } from "../../src/i18n/translator";
import { PeriodUnit } from "../../src/model/types";
import { frequency, perFrequency, periodCount } from "../../src/ui/product-texts";
import en from "../../locales/en.json";
import ru from "../../locales/ru.json";
import pl from "../../locales/pl.json";
import ar from "../../locales/ar.json";

describe("matchLocale (BCP-47 matching)", () => {
  it.each([
    ["en", "en"],
    ["en-GB", "en"],
    ["pt-BR", "pt"],
    ["pt_br", "pt"],
    ["zh-TW", "zh_Hant"],
    ["zh_HK", "zh_Hant"],
    ["zh-Hant-TW", "zh_Hant"],
    ["zh", "zh_Hans"],
    ["zh-CN", "zh_Hans"],
    ["ZH-hans", "zh_Hans"],
    ["nb", "no"],
    ["nn-NO", "no"],
    ["no", "no"],
    ["iw", "he"],
    ["DE-at", "de"],
    ["sl-SI", "sl"],
  ])("%s → %s", (tag, code) => {
    expect(matchLocale(tag)).toBe(code);
  });

  it("returns null for untranslated or missing tags", () => {
    expect(matchLocale("xx")).toBeNull();
    expect(matchLocale("")).toBeNull();
    expect(matchLocale(undefined)).toBeNull();
  });

  it("writes ar and he right to left", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("he")).toBe("rtl");
    expect(textDirection("de")).toBe("ltr");
    expect(intlTag("no")).toBe("nb");
  });
});

describe("the translator", () => {
  it("falls back selected → default → en, key by key", async () => {
    const t = createTranslator([
      { code: "de", messages: { "common.close": "Schließen" } },
      { code: "fr", messages: { "common.close": "Fermer", "common.continue": "Continuer" } },
      { code: "en", messages: en },
    ]);
    expect(t.t("common.close")).toBe("Schließen");
    expect(t.t("common.continue")).toBe("Continuer");
    expect(t.t("common.try_again")).toBe("Try again");
    expect(t.t("no.such.key")).toBe("no.such.key");
  });

  it("loads the chain from tags, skipping untranslated ones", async () => {
    expect((await loadTranslator("xx-YY", "pt-BR")).locale).toBe("pt");
    expect((await loadTranslator("ar-EG", "en")).dir).toBe("rtl");
    const english = await loadTranslator(null, null);
    expect(english.locale).toBe("en");
    expect(english.t("error.setting_up_purchase", { errorCode: 7 })).toBe(
      "Purchase not started due to an error (error code: 7)",
    );
  });

  it("formats Russian plurals with their real rules", () => {
    const t = createTranslator([{ code: "ru", messages: ru }]);
    const months = (n: number) => periodCount(t, { number: n, unit: PeriodUnit.Month });
    expect(months(1)).toBe("1 месяц");
    expect(months(2)).toBe("2 месяца");
    expect(months(5)).toBe("5 месяцев");
    expect(months(21)).toBe("21 месяц");
    expect(months(11)).toBe("11 месяцев");
  });

  it("formats Polish plurals with their real rules", () => {
    const t = createTranslator([{ code: "pl", messages: pl }]);
    const months = (n: number) => periodCount(t, { number: n, unit: PeriodUnit.Month });
    expect(months(1)).toBe("1 miesiąc");
    expect(months(2)).toBe("2 miesiące");
    expect(months(5)).toBe("5 miesięcy");
    expect(months(22)).toBe("22 miesiące");
    expect(months(12)).toBe("12 miesięcy");
  });

  it("formats Arabic plurals with their six categories", () => {
    const t = createTranslator([{ code: "ar", messages: ar }]);
    const days = (n: number) => periodCount(t, { number: n, unit: PeriodUnit.Day });
    expect(new Set([0, 1, 2, 3, 11, 100].map(days)).size).toBe(6);
    expect(days(1)).toBe("يوم واحد");
    expect(days(2)).toBe("يومان");
  });

  it("has the period forms: count, per-frequency, every-N, frequency, lifetime and unknown", () => {
    const t = createTranslator([{ code: "en", messages: en }]);
    expect(periodCount(t, { number: 7, unit: PeriodUnit.Day })).toBe("7 days");
    expect(perFrequency(t, { number: 1, unit: PeriodUnit.Year })).toBe("per year");
    expect(perFrequency(t, { number: 3, unit: PeriodUnit.Month })).toBe("every 3 months");
    expect(frequency(t, { number: 1, unit: PeriodUnit.Week })).toBe("weekly");
    expect(frequency(t, null)).toBe("unknown frequency");
    expect(t.t("period.lifetime")).toBe("lifetime");
    expect(t.t("period.month.short")).toBe("mo");
  });
});
