import type { WirePhase } from "../http/wire";
import { parseISODuration } from "./period";
import { pricePerUnit, toPrice } from "./price";
import { PeriodUnit, type PricingPhase } from "./types";

/**
 * Normalises one wire phase (base, trial or intro price). An unreadable duration gives a null period; a
 * null price (a free trial) gives a null price; the per-week/month/year prices are null when either is null.
 *
 * @example
 * toPricingPhase({ period_duration: "P1M", price: { amount_micros: 99_000_000, currency: "ZAR" }, cycle_count: 1 }, "en-ZA")
 *   .pricePerYear?.amountMicros; // 1204500000
 */
export function toPricingPhase(wire: WirePhase, locale: string): PricingPhase {
  const period = wire.period_duration ? parseISODuration(wire.period_duration) : null;
  const price = wire.price ? toPrice(wire.price.amount_micros, wire.price.currency, locale) : null;
  const per = (unit: PeriodUnit) => (price && period ? pricePerUnit(price, period, unit, locale) : null);
  return {
    periodDuration: wire.period_duration,
    period,
    price,
    cycleCount: wire.cycle_count,
    pricePerWeek: per(PeriodUnit.Week),
    pricePerMonth: per(PeriodUnit.Month),
    pricePerYear: per(PeriodUnit.Year),
  };
}
