import { describe, expect, it } from "vitest";
import { toPricingPhase } from "../../src/model/pricing-phase";
import { PeriodUnit } from "../../src/model/types";

describe("toPricingPhase", () => {
  it("reads the period, price and cycle count of a paid phase", () => {
    const phase = toPricingPhase(
      { period_duration: "P1M", price: { amount_micros: 99_000_000, currency: "ZAR" }, cycle_count: 1 },
      "en-ZA",
    );
    expect(phase.periodDuration).toBe("P1M");
    expect(phase.period).toEqual({ number: 1, unit: PeriodUnit.Month });
    expect(phase.price?.amount).toBe(9900);
    expect(phase.cycleCount).toBe(1);
  });

  it("derives the per-week, per-month and per-year prices with 7, 30 and 365 days", () => {
    const phase = toPricingPhase(
      { period_duration: "P1Y", price: { amount_micros: 365_000_000, currency: "USD" }, cycle_count: 1 },
      "en-US",
    );
    expect(phase.pricePerWeek?.amountMicros).toBe(7_000_000);
    expect(phase.pricePerMonth?.amountMicros).toBe(30_000_000);
    expect(phase.pricePerYear?.formattedPrice).toBe("$365.00");
  });

  it("gives a free trial a null price and null per-period prices", () => {
    const phase = toPricingPhase({ period_duration: "P1W", price: null, cycle_count: 1 }, "en-ZA");
    expect(phase.period).toEqual({ number: 1, unit: PeriodUnit.Week });
    expect(phase.price).toBeNull();
    expect([phase.pricePerWeek, phase.pricePerMonth, phase.pricePerYear]).toEqual([null, null, null]);
  });

  it("keeps the raw duration but no period or per-period prices when the duration is unreadable", () => {
    const phase = toPricingPhase(
      { period_duration: "P1Y2M", price: { amount_micros: 1_000_000, currency: "USD" }, cycle_count: 2 },
      "en-US",
    );
    expect(phase.periodDuration).toBe("P1Y2M");
    expect(phase.period).toBeNull();
    expect(phase.price?.formattedPrice).toBe("$1.00");
    expect([phase.pricePerWeek, phase.pricePerMonth, phase.pricePerYear]).toEqual([null, null, null]);
  });

  it("accepts a phase without a duration", () => {
    const phase = toPricingPhase(
      { period_duration: null, price: { amount_micros: 1_000_000, currency: "USD" }, cycle_count: 1 },
      "en-US",
    );
    expect(phase.periodDuration).toBeNull();
    expect(phase.period).toBeNull();
    expect(phase.pricePerMonth).toBeNull();
  });
});
