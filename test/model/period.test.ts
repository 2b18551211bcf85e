import { describe, expect, it } from "vitest";
import { parseISODuration, periodInDays } from "../../src/model/period";
import { PeriodUnit } from "../../src/model/types";

describe("parseISODuration", () => {
  it.each([
    ["P1M", 1, PeriodUnit.Month],
    ["P3M", 3, PeriodUnit.Month],
    ["P1W", 1, PeriodUnit.Week],
    ["P7D", 7, PeriodUnit.Day],
    ["P1Y", 1, PeriodUnit.Year],
    ["PT1M", 1, PeriodUnit.Month],
    ["PT12D", 12, PeriodUnit.Day],
  ])("reads %s as %i %s", (text, number, unit) => {
    expect(parseISODuration(text)).toEqual({ number, unit });
  });

  it.each(["", "P", "1M", "P1", "PM", "P1H", "P1m", "P1.5M", "P-1M", "P0M", "P1Y2M", " P1M", "P1M ", "XP1M"])(
    "rejects %j",
    (text) => {
      expect(parseISODuration(text)).toBeNull();
    },
  );
});

describe("periodInDays", () => {
  it("counts a day as 1, a week as 7, a month as 30 and a year as 365 days", () => {
    expect(periodInDays({ number: 1, unit: PeriodUnit.Day })).toBe(1);
    expect(periodInDays({ number: 1, unit: PeriodUnit.Week })).toBe(7);
    expect(periodInDays({ number: 1, unit: PeriodUnit.Month })).toBe(30);
    expect(periodInDays({ number: 1, unit: PeriodUnit.Year })).toBe(365);
  });

  it("multiplies by the number of units", () => {
    expect(periodInDays({ number: 3, unit: PeriodUnit.Month })).toBe(90);
    expect(periodInDays({ number: 2, unit: PeriodUnit.Week })).toBe(14);
  });
});
