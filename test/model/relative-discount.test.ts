import { describe, expect, it } from "vitest";
import { relativeDiscount } from "../../src/model/relative-discount";

describe("relativeDiscount", () => {
  it("gives the saving against the most expensive monthly price as a whole percentage", () => {
    expect(relativeDiscount(79_000_000, 99_000_000)).toBe(20);
    expect(relativeDiscount(50_000_000, 100_000_000)).toBe(50);
  });

  it("rounds to the nearest percent", () => {
    expect(relativeDiscount(66_600_000, 100_000_000)).toBe(33);
    expect(relativeDiscount(66_400_000, 100_000_000)).toBe(34);
  });

  it("gives 100 for a free package", () => {
    expect(relativeDiscount(0, 99_000_000)).toBe(100);
  });

  it("is null for the most expensive package itself and for a dearer one", () => {
    expect(relativeDiscount(99_000_000, 99_000_000)).toBeNull();
    expect(relativeDiscount(120_000_000, 99_000_000)).toBeNull();
  });

  it("is null when the saving rounds to 0%", () => {
    expect(relativeDiscount(99_600_000, 100_000_000)).toBeNull();
  });

  it("is null for invalid prices", () => {
    expect(relativeDiscount(-1, 99_000_000)).toBeNull();
    expect(relativeDiscount(0, 0)).toBeNull();
    expect(relativeDiscount(Number.NaN, 99_000_000)).toBeNull();
    expect(relativeDiscount(10, Number.NaN)).toBeNull();
    expect(relativeDiscount(10, Number.POSITIVE_INFINITY)).toBeNull();
  });
});
