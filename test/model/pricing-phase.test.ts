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

  it("derives the per-week, per-month and per-year prices from the period's own unit, cut to the cent", () => {
    const phase = toPricingPhase(
      { period_duration: "P1Y", price: { amount_micros: 119_990_000, currency: "USD" }, cycle_count: 1 },
      "en-US",
    );
    // $119.99 / 12 = $9.999…: shown as $9.99 (not $9.86 by days, nor a rounded-up $10.00), as purchases-js shows it.
    expect(phase.pricePerMonth?.formattedPrice).toBe("$9.99");
    expect(phase.pricePerMonth?.amountMicros).toBe(9_990_000);
    // A year is 365/7 weeks: $2.3011… a week.
    expect(phase.pricePerWeek?.amountMicros).toBe(2_300_000);
    expect(phase.pricePerYear?.formattedPrice).toBe("$119.99");
  });

  it("derives a weekly price's month as 365/84 weeks and a daily price's month as 30 days", () => {
    const weekly = toPricingPhase(
      { period_duration: "P1W", price: { amount_micros: 2_990_000, currency: "USD" }, cycle_count: 1 },
      "en-US",
    );
    expect(weekly.pricePerMonth?.amountMicros).toBe(12_990_000);
    expect(weekly.pricePerYear?.amountMicros).toBe(155_900_000);
    const daily = toPricingPhase(
      { period_duration: "P1D", price: { amount_micros: 1_000_000, currency: "USD" }, cycle_count: 1 },
      "en-US",
    );
    expect(daily.pricePerWeek?.amountMicros).toBe(7_000_000);
    expect(daily.pricePerMonth?.amountMicros).toBe(30_000_000);
    expect(daily.pricePerYear?.amountMicros).toBe(365_000_000);
  });

  it("cuts per-period prices to a whole minor unit as `amount` counts it: whole yen, else cents", () => {
    const yen = toPricingPhase(
      { period_duration: "P1Y", price: { amount_micros: 10_000_000_000, currency: "JPY" }, cycle_count: 1 },
      "ja-JP",
    );
    expect(yen.pricePerMonth?.amountMicros).toBe(833_000_000); // ¥10,000 / 12 = ¥833.33…
    const dinar = toPricingPhase(
      { period_duration: "P1Y", price: { amount_micros: 10_000_000, currency: "BHD" }, cycle_count: 1 },
      "en-US",
    );
    // BD 10 / 12 = BD 0.8333…: cut to the cent, as `amount` counts (purchases-js keeps a third decimal here).
    expect(dinar.pricePerMonth?.amountMicros).toBe(830_000);
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
