import { describe, expect, it } from "vitest";
import { addPeriod } from "../../src/model/dates";
import { PeriodUnit, type Period } from "../../src/model/types";

const day = (number: number): Period => ({ number, unit: PeriodUnit.Day });
const week = (number: number): Period => ({ number, unit: PeriodUnit.Week });
const month = (number: number): Period => ({ number, unit: PeriodUnit.Month });
const year = (number: number): Period => ({ number, unit: PeriodUnit.Year });
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe("addPeriod", () => {
  it("adds days and weeks as whole days, keeping the time of day", () => {
    expect(iso(addPeriod(at("2026-11-21T12:00:00Z"), day(7)))).toBe("2026-11-28T12:00:00.000Z");
    expect(iso(addPeriod(at("2026-02-25T08:30:00Z"), week(1)))).toBe("2026-03-04T08:30:00.000Z");
    expect(iso(addPeriod(at("2028-02-25T08:30:00Z"), week(1)))).toBe("2028-03-03T08:30:00.000Z");
  });

  it("adds months on the calendar, keeping the day and time", () => {
    expect(iso(addPeriod(at("2026-11-21T12:00:00Z"), month(1)))).toBe("2026-12-21T12:00:00.000Z");
    expect(iso(addPeriod(at("2026-11-21T12:00:00Z"), month(3)))).toBe("2027-02-21T12:00:00.000Z");
  });

  it("clamps 31 January + 1 month to the last day of February", () => {
    expect(iso(addPeriod(at("2026-01-31T10:00:00Z"), month(1)))).toBe("2026-02-28T10:00:00.000Z");
    expect(iso(addPeriod(at("2028-01-31T10:00:00Z"), month(1)))).toBe("2028-02-29T10:00:00.000Z");
  });

  it("clamps the 31st to the 30th in a 30-day month", () => {
    expect(iso(addPeriod(at("2026-03-31T00:00:00Z"), month(1)))).toBe("2026-04-30T00:00:00.000Z");
  });

  it("turns 29 February + 1 year into 28 February", () => {
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), year(1)))).toBe("2029-02-28T09:00:00.000Z");
  });

  it("keeps 29 February when 4 years are added", () => {
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), year(4)))).toBe("2032-02-29T09:00:00.000Z");
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), year(1), 4))).toBe("2032-02-29T09:00:00.000Z");
  });

  it("gives 28 February for any number of added years other than 4, as docs/checkout.md states", () => {
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), year(8)))).toBe("2036-02-28T09:00:00.000Z");
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), year(2), 2))).toBe("2032-02-29T09:00:00.000Z");
    expect(iso(addPeriod(at("2028-02-29T09:00:00Z"), month(12)))).toBe("2029-02-28T09:00:00.000Z");
  });

  it("clamps 29 February + 4 years to 28 February when the target year is not a leap year", () => {
    expect(iso(addPeriod(at("2096-02-29T00:00:00Z"), year(4)))).toBe("2100-02-28T00:00:00.000Z");
  });

  it("adds several periods from the original date so month ends do not drift", () => {
    expect(iso(addPeriod(at("2026-01-31T00:00:00Z"), month(1), 3))).toBe("2026-04-30T00:00:00.000Z");
    expect(iso(addPeriod(at("2026-01-31T00:00:00Z"), month(1), 2))).toBe("2026-03-31T00:00:00.000Z");
    expect(iso(addPeriod(at("2026-11-21T00:00:00Z"), week(1), 2))).toBe("2026-12-05T00:00:00.000Z");
  });

  it("crosses the year boundary when adding months", () => {
    expect(iso(addPeriod(at("2026-12-31T23:59:59Z"), month(2)))).toBe("2027-02-28T23:59:59.000Z");
  });

  it("does not change the date it was given", () => {
    const start = at("2026-01-31T00:00:00Z");
    addPeriod(start, month(1));
    expect(iso(start)).toBe("2026-01-31T00:00:00.000Z");
  });
});
