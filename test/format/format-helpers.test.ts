import { describe, expect, it } from "vitest";
import { ErrorCode, PeriodUnit, formatPeriod, formatPrice, isPurchasesError } from "../../src/index";

const NBSP = "\u00a0";

function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isPurchasesError(error)) return error;
  }
  throw new Error("expected a PurchasesError");
}

describe("formatPrice (public helper)", () => {
  it('formats micros and a currency in a locale: ZAR 99 in "en-ZA" is "R 99,00" with a no-break space', () => {
    expect(formatPrice(99_000_000, "ZAR", "en-ZA")).toBe(`R${NBSP}99,00`);
    expect(formatPrice(9_990_000, "USD", "en-US")).toBe("$9.99");
  });

  it("formats a Price from a product, with the locale as the second argument", () => {
    const price = { amount: 9900, amountMicros: 99_000_000, currency: "ZAR", formattedPrice: "ZAR 99.00" };
    expect(formatPrice(price, "en-ZA")).toBe(`R${NBSP}99,00`);
    expect(formatPrice(price, "de-DE")).toBe(`99,00${NBSP}ZAR`);
  });

  it("falls back to en-US for an invalid locale, and without a browser (Node) when none is given", () => {
    expect(formatPrice(9_990_000, "USD", "not a locale!")).toBe("$9.99");
    expect(typeof navigator === "undefined" ? formatPrice(9_990_000, "USD") : "$9.99").toBe("$9.99");
  });

  it("refuses what is not an amount and a currency with ConfigurationError", () => {
    expect(errorOf(() => formatPrice(Number.NaN, "USD")).errorCode).toBe(ErrorCode.ConfigurationError);
    expect(errorOf(() => formatPrice(1, undefined as never)).errorCode).toBe(ErrorCode.ConfigurationError);
    expect(errorOf(() => formatPrice(null as never)).errorCode).toBe(ErrorCode.ConfigurationError);
  });
});

describe("formatPeriod (public helper)", () => {
  it.each([
    ["P1M", "en", "1 month"],
    ["P3M", "en", "3 months"],
    ["P1Y", "en", "1 year"],
    ["P1W", "en", "1 week"],
    ["P2W", "de", "2 Wochen"],
    ["P7D", "en", "7 days"],
  ])("names %s in %s as %j", (iso, locale, text) => {
    expect(formatPeriod(iso, locale)).toBe(text);
  });

  it('drops the number of a one-unit period with omitOne, for "R 99,00 / month"', () => {
    expect(
      `${formatPrice(99_000_000, "ZAR", "en-ZA")} / ${formatPeriod("P1M", "en-ZA", { omitOne: true })}`,
    ).toBe(`R${NBSP}99,00 / month`);
    expect(formatPeriod("P1W", "en", { omitOne: true })).toBe("week");
    expect(formatPeriod({ number: 1, unit: PeriodUnit.Year }, "de", { omitOne: true })).toBe("Jahr");
    expect(formatPeriod("P3M", "en", { omitOne: true })).toBe("3 months");
  });

  it("takes a Period and a unit display", () => {
    expect(formatPeriod({ number: 2, unit: PeriodUnit.Day }, "en")).toBe("2 days");
    expect(formatPeriod("P1M", "en", { unitDisplay: "short" })).toBe("1 mth");
  });

  it("falls back to en-US for an invalid locale", () => {
    expect(formatPeriod("P1M", "not a locale!")).toBe("1 month");
  });

  it.each([
    "P1Y2M",
    "P0M",
    "",
    "1 month",
    { number: 0, unit: PeriodUnit.Month },
    { number: 1, unit: "hour" },
  ])("refuses %j with ConfigurationError", (period) => {
    expect(errorOf(() => formatPeriod(period as never, "en")).errorCode).toBe(ErrorCode.ConfigurationError);
  });
});
