import { describe, expect, it } from "vitest";
import { countdownVariables } from "../../src/paywall/countdown-variables";

const at = (iso: string) => Date.parse(iso);

describe("countdownVariables", () => {
  it("splits the time left into whole days, hours, minutes and seconds, with and without a leading zero", () => {
    expect(countdownVariables(at("2026-12-03T05:04:03.900Z"), at("2026-12-01T00:00:00Z"))).toEqual({
      count_days_with_zero: "02",
      count_days_without_zero: "2",
      count_hours_with_zero: "05",
      count_hours_without_zero: "5",
      count_minutes_with_zero: "04",
      count_minutes_without_zero: "4",
      count_seconds_with_zero: "03",
      count_seconds_without_zero: "3",
    });
  });

  it("counts days past 99 in full", () => {
    expect(
      countdownVariables(at("2027-04-11T00:00:00Z"), at("2027-01-01T00:00:00Z")).count_days_with_zero,
    ).toBe("100");
  });

  it("is zero once the end has passed, and for an end that is not a date", () => {
    for (const end of [at("2026-01-01T00:00:00Z"), Number.NaN]) {
      const values = countdownVariables(end, at("2026-06-01T00:00:00Z"));
      expect(new Set(Object.values(values))).toEqual(new Set(["0", "00"]));
    }
  });
});
