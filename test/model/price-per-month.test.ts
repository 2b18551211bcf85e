import { describe, expect, it } from "vitest";
import { pricePerMonthMicros } from "../../src/model/price-per-month";
import { PeriodUnit } from "../../src/model/types";

describe("pricePerMonthMicros", () => {
  it("divides a yearly price by 12", () => {
    expect(pricePerMonthMicros(948_000_000, { number: 1, unit: PeriodUnit.Year })).toBe(79_000_000);
  });

  it("divides a multi-year price by 12 per year", () => {
    expect(pricePerMonthMicros(240_000_000, { number: 2, unit: PeriodUnit.Year })).toBe(10_000_000);
  });

  it("divides a monthly price by the number of months", () => {
    expect(pricePerMonthMicros(99_000_000, { number: 1, unit: PeriodUnit.Month })).toBe(99_000_000);
    expect(pricePerMonthMicros(270_000_000, { number: 3, unit: PeriodUnit.Month })).toBe(90_000_000);
  });

  it("counts 365/84 weeks in a month, as the per-period prices do", () => {
    expect(pricePerMonthMicros(29_000_000, { number: 1, unit: PeriodUnit.Week })).toBe(126_011_905);
    expect(pricePerMonthMicros(84_000_000, { number: 2, unit: PeriodUnit.Week })).toBe(182_500_000);
  });

  it("multiplies a daily price by 30 and divides by the number of days", () => {
    expect(pricePerMonthMicros(1_000_000, { number: 1, unit: PeriodUnit.Day })).toBe(30_000_000);
    expect(pricePerMonthMicros(7_000_000, { number: 7, unit: PeriodUnit.Day })).toBe(30_000_000);
  });

  it("rounds to a whole micro", () => {
    expect(pricePerMonthMicros(100_000_000, { number: 3, unit: PeriodUnit.Month })).toBe(33_333_333);
  });
});
