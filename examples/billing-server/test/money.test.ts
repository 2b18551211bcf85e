import { describe, expect, it } from "vitest";
import { currencyExponent } from "../src/domain/currency-exponent.js";
import { roundToMinorUnit, toMinorUnits } from "../src/domain/money.js";

describe("currency exponents", () => {
  it("gives 0 to a currency without minor units, 3 to one in thousandths and 2 to every other, in any case", () => {
    expect(["JPY", "krw", "XPF"].map(currencyExponent)).toEqual([0, 0, 0]);
    expect(["BHD", "JOD", "KWD", "omr", "TND"].map(currencyExponent)).toEqual([3, 3, 3, 3, 3]);
    expect(["ZAR", "USD", "eur", "ZA", "KWDX", ""].map(currencyExponent)).toEqual([2, 2, 2, 2, 2, 2]);
  });
});

describe("minor units", () => {
  it("divides micros by 10,000 for a two-decimal currency, or by 1,000,000 for a zero-decimal one", () => {
    expect(toMinorUnits(99_000_000, "ZAR")).toBe(9900);
    expect(toMinorUnits(113_850_000, "zar")).toBe(11385);
    expect(toMinorUnits(1_200_000_000, "JPY")).toBe(1200);
    expect(toMinorUnits(5_000_000_000, "KRW")).toBe(5000);
  });

  it("counts the five three-decimal currencies in thousandths", () => {
    expect(toMinorUnits(12_340_000, "KWD")).toBe(12340);
    expect(toMinorUnits(9_990_000, "BHD")).toBe(9990);
    expect(toMinorUnits(25_000_000, "JOD")).toBe(25000);
    expect(toMinorUnits(500_000, "OMR")).toBe(500);
    expect(toMinorUnits(29_990_000, "tnd")).toBe(29990);
  });

  it("rounds a three-decimal amount to ten thousandths, since Stripe charges only those, instead of charging a tenth", () => {
    expect(toMinorUnits(12_345_000, "KWD")).toBe(12350);
    expect(toMinorUnits(5_124_000, "KWD")).toBe(5120);
    expect(toMinorUnits(1_004_999, "BHD")).toBe(1000);
    expect(toMinorUnits(7_995_000, "JOD")).toBe(8000);
    expect(toMinorUnits(2_554_999, "OMR")).toBe(2550);
    expect(toMinorUnits(29_995_000, "TND")).toBe(30000);
  });

  it("rounds micros to the amount toMinorUnits charges, so a tax or discount shown is what is charged", () => {
    // 15 % of 12.345 KWD is 1.85175 KWD: shown as 1.850 KWD, charged as 1850 thousandths.
    expect(roundToMinorUnit(1_851_750, "KWD")).toBe(1_850_000);
    expect(toMinorUnits(1_850_000, "KWD")).toBe(1850);
    expect(roundToMinorUnit(748_500, "BHD")).toBe(750_000);
    expect(roundToMinorUnit(4_321, "JOD")).toBe(0);
    expect(roundToMinorUnit(2_555_000, "OMR")).toBe(2_560_000);
    expect(roundToMinorUnit(29_995_000, "TND")).toBe(30_000_000);
    expect(roundToMinorUnit(234_460_000, "JPY")).toBe(234_000_000);
    expect(roundToMinorUnit(14_851_234, "ZAR")).toBe(14_850_000);
  });
});
