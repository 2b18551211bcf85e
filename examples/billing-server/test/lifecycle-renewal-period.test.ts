import { describe, expect, it } from "vitest";
import {
  nextRenewalPeriod,
  renewalChainPosition,
  type SubscriptionPhases,
} from "../src/lifecycle/next-renewal-period.js";

const base = { period_duration: "P1M", price: { amount_micros: 99_000_000, currency: "ZAR" } };
const trialThenIntro: SubscriptionPhases = {
  base,
  trial: { period_duration: "P1W" },
  intro_price: {
    period_duration: "P1M",
    price: { amount_micros: 49_000_000, currency: "ZAR" },
    cycle_count: 2,
  },
};
const expiry = new Date("2026-01-31T10:00:00Z");

function chain(option: SubscriptionPhases, firstPeriodType: "trial" | "intro" | "normal", renewals: number) {
  const result = [];
  let previous = { storeTransactionId: "test_1_abc", expiresDate: expiry };
  for (let i = 0; i < renewals; i++) {
    const next = nextRenewalPeriod({ previous, firstPeriodType, option });
    result.push(next);
    previous = next;
  }
  return result;
}

describe("next renewal period", () => {
  it("renews a trial into the base price, starting when the trial expired", () => {
    const [first] = chain({ base, trial: { period_duration: "P1W" } }, "trial", 1);
    expect(first).toEqual({
      storeTransactionId: "test_1_abc_renewal_1",
      renewalNumber: 1,
      periodType: "normal",
      purchaseDate: expiry,
      expiresDate: new Date("2026-02-28T10:00:00Z"),
      priceMicros: 99_000_000,
      currency: "ZAR",
    });
  });

  it("runs the intro price for its cycle count after a trial, then the base price", () => {
    const periods = chain(trialThenIntro, "trial", 4);
    expect(periods.map((p) => [p.periodType, p.priceMicros])).toEqual([
      ["intro", 49_000_000],
      ["intro", 49_000_000],
      ["normal", 99_000_000],
      ["normal", 99_000_000],
    ]);
    expect(periods.map((p) => p.storeTransactionId)).toEqual([
      "test_1_abc_renewal_1",
      "test_1_abc_renewal_2",
      "test_1_abc_renewal_3",
      "test_1_abc_renewal_4",
    ]);
  });

  it("counts an intro purchase as the first intro period", () => {
    expect(chain(trialThenIntro, "intro", 2).map((p) => p.periodType)).toEqual(["intro", "normal"]);
  });

  it("gives no intro periods to a subscription that started at the base price", () => {
    expect(chain(trialThenIntro, "normal", 2).map((p) => p.periodType)).toEqual(["normal", "normal"]);
  });

  it("reads the original transaction and renewal number from a period's id", () => {
    expect(renewalChainPosition("test_1_abc")).toEqual({
      originalTransactionId: "test_1_abc",
      renewalNumber: 0,
    });
    expect(renewalChainPosition("test_1_abc_renewal_12")).toEqual({
      originalTransactionId: "test_1_abc",
      renewalNumber: 12,
    });
  });
});
