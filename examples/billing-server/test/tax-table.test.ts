import { describe, expect, it } from "vitest";
import { TAX_TABLE, calculateTax } from "../src/domain/tax-table.js";

describe("built-in tax table", () => {
  it("charges South African VAT of 15 % on R99: 14,850,000 micros tax, 113,850,000 total", () => {
    expect(calculateTax({ countryCode: "ZA", postalCode: "8001" }, 99_000_000, "ZAR")).toEqual({
      ok: true,
      countryCode: "ZA",
      postalCode: "8001",
      taxAmountMicros: 14_850_000,
      totalMicros: 113_850_000,
      lines: [
        { display_name: "VAT", tax_amount_in_micros: 14_850_000, tax_rate_in_micros: 150_000, country: "ZA" },
      ],
    });
  });

  it.each([
    ["GB", "SW1A 1AA", 200_000],
    ["GB", "m1 1ae", 200_000],
    ["DE", "10115", 190_000],
    ["FR", "75001", 200_000],
    ["NL", "1012 AB", 210_000],
    ["NL", "1012ab", 210_000],
    ["IE", "D02 X285", 230_000],
  ])("taxes %s with postal code %s at its national VAT rate", (countryCode, postalCode, rate) => {
    const result = calculateTax({ countryCode, postalCode }, 10_000_000, "EUR");
    expect(result.ok && result.lines[0]?.tax_rate_in_micros).toBe(rate);
    expect(result.ok && result.taxAmountMicros).toBe(rate * 10);
  });

  it("locates VAT from the country alone when no postal code is given (Stripe's card form often asks none)", () => {
    const result = calculateTax({ countryCode: "za" }, 99_000_000, "ZAR");
    expect(result).toMatchObject({
      ok: true,
      countryCode: "ZA",
      postalCode: null,
      taxAmountMicros: 14_850_000,
    });
  });

  it.each([
    ["a South African postal code of five digits", { countryCode: "ZA", postalCode: "80011" }],
    ["a German postal code with letters", { countryCode: "DE", postalCode: "1011A" }],
    ["a British postcode without its inward part", { countryCode: "GB", postalCode: "SW1A" }],
    ["no country", { postalCode: "8001" }],
    ["nothing at all", {}],
    ["a country outside the table", { countryCode: "BR", postalCode: "01000-000" }],
    ["a malformed country code", { countryCode: "ZAF", postalCode: "8001" }],
  ])("calls %s an invalid tax location", (_name, location) => {
    expect(calculateTax(location, 99_000_000, "ZAR")).toEqual({ ok: false, reason: "invalid_tax_location" });
  });

  it("knows the United States but adds no tax there: sales tax is per state, out of a national table's reach", () => {
    expect(calculateTax({ countryCode: "US", postalCode: "94103-1234" }, 9_990_000, "USD")).toEqual({
      ok: true,
      countryCode: "US",
      postalCode: "94103-1234",
      taxAmountMicros: 0,
      totalMicros: 9_990_000,
      lines: [],
    });
    expect(calculateTax({ countryCode: "US", postalCode: "9410" }, 9_990_000, "USD").ok).toBe(false);
  });

  it("rounds tax to whole minor units so the total shown is the total charged", () => {
    // 15 % of R9.99 is R1.4985: R1.50.
    const result = calculateTax({ countryCode: "ZA" }, 9_990_000, "ZAR");
    expect(result.ok && result.taxAmountMicros).toBe(1_500_000);
    // 19 % of ¥1,234 is ¥234.46: ¥234 (yen has no minor unit).
    const yen = calculateTax({ countryCode: "DE" }, 1_234_000_000, "JPY");
    expect(yen.ok && yen.taxAmountMicros).toBe(234_000_000);
    // 15 % of 4.990 KWD is 0.7485 KWD: 0.750, as Stripe charges a three-decimal amount only in tens of thousandths.
    const dinar = calculateTax({ countryCode: "ZA" }, 4_990_000, "KWD");
    expect(dinar.ok && [dinar.taxAmountMicros, dinar.totalMicros]).toEqual([750_000, 5_740_000]);
  });

  it("gives every country a postal-code pattern and a rate between 0 and 100 %", () => {
    for (const [code, tax] of Object.entries(TAX_TABLE)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(tax.rateMicros).toBeGreaterThanOrEqual(0);
      expect(tax.rateMicros).toBeLessThan(1_000_000);
    }
  });
});
