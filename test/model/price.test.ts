import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPrice, numberFormat, pricePerUnit, toPrice } from "../../src/model/price";
import { PeriodUnit } from "../../src/model/types";

describe("toPrice", () => {
  it("converts micros to cents for a two-decimal currency", () => {
    expect(toPrice(99_000_000, "ZAR", "en-ZA")).toEqual({
      amount: 9900,
      amountMicros: 99_000_000,
      currency: "ZAR",
      formattedPrice: expect.stringMatching(/^R\s99,00$/),
    });
  });

  it("converts micros to whole yen for JPY, a zero-decimal currency", () => {
    const price = toPrice(1_500_000_000, "JPY", "en-US");
    expect(price.amount).toBe(1500);
    expect(price.formattedPrice).toBe("¥1,500");
  });

  it("treats a lower-case zero-decimal currency code as zero-decimal", () => {
    expect(toPrice(500_000_000, "krw", "en-US").amount).toBe(500);
  });

  it("formats zero without fraction digits unless told to keep them", () => {
    expect(toPrice(0, "USD", "en-US").formattedPrice).toBe("$0");
    expect(toPrice(0, "USD", "en-US", true).formattedPrice).toBe("$0.00");
  });

  it("rounds an amount that falls between minor units", () => {
    expect(toPrice(124_285_714, "ZAR", "en-ZA").amount).toBe(12429);
  });

  it("counts the five three-decimal currencies in thousandths, shown with Intl's three digits", () => {
    expect(toPrice(12_340_000, "KWD", "en-US")).toEqual({
      amount: 12340,
      amountMicros: 12_340_000,
      currency: "KWD",
      formattedPrice: expect.stringMatching(/^KWD\s12\.340$/),
    });
    expect(toPrice(9_990_000, "BHD", "en-US").amount).toBe(9990);
    expect(toPrice(25_000_000, "JOD", "en-US").amount).toBe(25000);
    expect(toPrice(500_000, "OMR", "en-US").amount).toBe(500);
    expect(toPrice(29_990_000, "tnd", "en-US").amount).toBe(29990);
  });

  it("rounds a three-decimal amount to the ten thousandths Stripe charges, and shows it as given", () => {
    // 12.345 KWD would be charged as 1235, a tenth, if thousandths were taken for cents.
    const price = toPrice(12_345_000, "KWD", "en-US");
    expect(price.amount).toBe(12350);
    expect(price.formattedPrice).toMatch(/^KWD\s12\.345$/);
    expect(toPrice(5_124_000, "KWD", "en-US").amount).toBe(5120);
    expect(toPrice(1_004_999, "BHD", "en-US").amount).toBe(1000);
    expect(toPrice(7_995_000, "JOD", "en-US").amount).toBe(8000);
    expect(toPrice(2_554_999, "OMR", "en-US").amount).toBe(2550);
    expect(toPrice(29_995_000, "TND", "en-US").amount).toBe(30000);
  });
});

describe("formatPrice", () => {
  it("formats in the given locale", () => {
    expect(formatPrice(9_990_000, "USD", "en-US")).toBe("$9.99");
    expect(formatPrice(9_990_000, "EUR", "de-DE")).toMatch(/^9,99\s€$/);
  });

  it('shows "$" where Intl would write "US$"', () => {
    expect(new Intl.NumberFormat("en-CA", { style: "currency", currency: "USD" }).format(1)).toContain("US$");
    expect(formatPrice(9_990_000, "USD", "en-CA")).toBe("$9.99");
  });

  it("shows a zero amount without fraction digits", () => {
    expect(formatPrice(0, "USD", "en-US")).toBe("$0");
    expect(formatPrice(0, "ZAR", "en-ZA")).toMatch(/^R\s0$/);
  });

  it("keeps a zero amount's fraction digits when asked to", () => {
    expect(formatPrice(0, "USD", "en-US", true)).toBe("$0.00");
    expect(formatPrice(0, "ZAR", "en-ZA", true)).toMatch(/^R\s0,00$/);
    expect(formatPrice(0, "JPY", "en-US", true)).toBe("¥0");
  });

  it("keeps the fraction digits of a non-zero whole amount", () => {
    expect(formatPrice(10_000_000, "USD", "en-US")).toBe("$10.00");
  });

  it("falls back to en-US for an invalid locale instead of throwing", () => {
    expect(formatPrice(9_990_000, "USD", "not a locale!!")).toBe("$9.99");
  });

  it('accepts a locale written with an underscore ("pt_BR")', () => {
    expect(formatPrice(9_990_000, "BRL", "pt_BR")).toMatch(/^R\$\s9,99$/);
  });

  it("does not throw for a currency code Intl rejects", () => {
    expect(formatPrice(9_990_000, "ZA", "en-US")).toBe("ZA 9.99");
  });
});

describe("numberFormat", () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes each format once: an offering's dozens of prices cost one Intl.NumberFormat per locale and currency", () => {
    const Real = Intl.NumberFormat;
    const made = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
    const first = numberFormat("en-GB", { style: "currency", currency: "GBP" });
    expect(numberFormat("en-GB", { style: "currency", currency: "GBP" })).toBe(first);
    for (let i = 1; i <= 20; i++) formatPrice(i * 1_000_000, "CHF", "de-CH");
    expect(made).toHaveBeenCalledTimes(2);
    // Other options are another format.
    numberFormat("en-GB", { style: "currency", currency: "GBP", currencyDisplay: "narrowSymbol" });
    expect(made).toHaveBeenCalledTimes(3);
  });

  it("falls back to en-US for a locale Intl refuses, and is null when it refuses the currency too", () => {
    expect(
      numberFormat("not a locale!!", { style: "currency", currency: "EUR" })?.resolvedOptions().locale,
    ).toBe("en-US");
    expect(numberFormat("en-US", { style: "currency", currency: "ZA" })).toBeNull();
  });
});

describe("pricePerUnit", () => {
  const monthly = toPrice(99_000_000, "ZAR", "en-ZA");
  const perMonth = { number: 1, unit: PeriodUnit.Month };

  it("scales a monthly price to a week as price × 84 / 365, cut to the cent", () => {
    // R99 × 84 / 365 = R22.7835…
    expect(pricePerUnit(monthly, perMonth, PeriodUnit.Week, "en-ZA").amountMicros).toBe(22_780_000);
  });

  it("scales a monthly price to a year as price × 12", () => {
    const perYear = pricePerUnit(monthly, perMonth, PeriodUnit.Year, "en-ZA");
    expect(perYear).toEqual({
      amount: 118800,
      amountMicros: 1_188_000_000,
      currency: "ZAR",
      formattedPrice: expect.stringMatching(/^R\s1\s188,00$/),
    });
  });

  it("scales a weekly price to a month as price × 365 / 84, cut to the cent", () => {
    const weekly = toPrice(29_000_000, "ZAR", "en-ZA");
    const result = pricePerUnit(weekly, { number: 1, unit: PeriodUnit.Week }, PeriodUnit.Month, "en-ZA");
    // R29 × 365 / 84 = R126.0119…
    expect(result.amountMicros).toBe(126_010_000);
    expect(result.amount).toBe(12601);
  });

  it("uses the whole length of a multi-unit period", () => {
    const quarterly = toPrice(270_000_000, "ZAR", "en-ZA");
    const result = pricePerUnit(quarterly, { number: 3, unit: PeriodUnit.Month }, PeriodUnit.Month, "en-ZA");
    expect(result.amountMicros).toBe(90_000_000);
  });

  it("never rounds up: $119.99 a year is $9.99 a month, while $120 a year stays $10.00", () => {
    const perYear = { number: 1, unit: PeriodUnit.Year };
    const month = (micros: number) =>
      pricePerUnit(toPrice(micros, "USD", "en-US"), perYear, PeriodUnit.Month, "en-US").formattedPrice;
    expect(month(119_990_000)).toBe("$9.99");
    expect(month(120_000_000)).toBe("$10.00");
  });

  it("returns the same price for the period's own unit", () => {
    expect(pricePerUnit(monthly, perMonth, PeriodUnit.Month, "en-ZA")).toEqual(monthly);
  });

  it("cuts a three-decimal price to ten thousandths, what a card can be charged, and yen to whole yen", () => {
    const perYear = { number: 1, unit: PeriodUnit.Year };
    // 12.345 KWD / 12 = 1.02875 KWD
    const kwd = pricePerUnit(toPrice(12_345_000, "KWD", "en-US"), perYear, PeriodUnit.Month, "en-US");
    expect(kwd).toEqual({
      amount: 1020,
      amountMicros: 1_020_000,
      currency: "KWD",
      formattedPrice: expect.stringMatching(/^KWD\s1\.020$/),
    });
    // ¥10,000 / 12 = ¥833.33…
    const jpy = pricePerUnit(toPrice(10_000_000_000, "JPY", "en-US"), perYear, PeriodUnit.Month, "en-US");
    expect(jpy).toMatchObject({ amount: 833, amountMicros: 833_000_000, formattedPrice: "¥833" });
  });

  it("cuts to cents for a currency code Intl rejects", () => {
    const odd = toPrice(10_000_000, "ZA", "en-US");
    const result = pricePerUnit(odd, { number: 3, unit: PeriodUnit.Month }, PeriodUnit.Month, "en-US");
    expect(result.amountMicros).toBe(3_330_000);
  });
});
