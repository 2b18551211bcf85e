import { describe, expect, it } from "vitest";
import { toPriceBreakdown, untaxedPriceBreakdown } from "../../src/checkout/price-breakdown";
import {
  initialTaxStatus,
  isTotalMismatch,
  nextTaxStatus,
  type TaxCalculationStatus,
  type TaxEvent,
} from "../../src/checkout/tax-status";
import { fixtures } from "../support/fixtures";

const started: TaxEvent = { type: "calculationStarted" };
const succeeded: TaxEvent = { type: "calculationSucceeded" };
const failed = (
  failure: "invalid_tax_location" | "rate_limit_exceeded",
  hasCustomerDetails: boolean,
): TaxEvent => ({
  type: "calculationFailed",
  failure,
  hasCustomerDetails,
});
const checked = (seenTotalMicros: number, totalMicros: number): TaxEvent => ({
  type: "totalChecked",
  seenTotalMicros,
  totalMicros,
});

describe("tax status", () => {
  it("starts unavailable when the gateway collects tax and disabled when it does not", () => {
    expect(initialTaxStatus(true)).toBe("unavailable");
    expect(initialTaxStatus(false)).toBe("disabled");
  });

  it.each<[TaxCalculationStatus, TaxEvent, TaxCalculationStatus]>([
    ["unavailable", started, "loading"],
    ["pending", started, "loading"],
    ["calculated", started, "loading"],
    ["miss-match", started, "loading"],
    ["loading", started, "loading"],
    ["loading", succeeded, "calculated"],
    ["loading", failed("invalid_tax_location", false), "pending"],
    ["loading", failed("invalid_tax_location", true), "disabled"],
    ["loading", failed("rate_limit_exceeded", false), "disabled"],
    ["calculated", checked(113_850_000, 113_850_000), "calculated"],
    ["calculated", checked(99_000_000, 113_850_000), "miss-match"],
    ["miss-match", checked(113_850_000, 113_850_000), "calculated"],
  ])("moves from %s on %o to %s", (from, event, to) => {
    expect(nextTaxStatus(from, event)).toBe(to);
  });

  it.each<[TaxCalculationStatus, TaxEvent]>([
    ["disabled", started],
    ["disabled", succeeded],
    ["disabled", checked(1, 2)],
    ["unavailable", succeeded],
    ["calculated", failed("rate_limit_exceeded", true)],
    ["unavailable", checked(1, 2)],
    ["pending", checked(1, 2)],
    ["loading", checked(1, 2)],
  ])("stays %s on an event that does not apply (%o)", (from, event) => {
    expect(nextTaxStatus(from, event)).toBe(from);
  });
});

describe("price breakdown", () => {
  it("converts a calculate_taxes answer", () => {
    expect(toPriceBreakdown(fixtures.calculateTaxes())).toEqual({
      currency: "ZAR",
      originalAmountInMicros: 99_000_000,
      discount: null,
      totalAmountInMicros: 113_850_000,
      totalExcludingTaxInMicros: 99_000_000,
      taxCalculationStatus: "calculated",
      taxAmountInMicros: 14_850_000,
      taxBreakdown: [{ displayName: "VAT", taxAmountInMicros: 14_850_000 }],
    });
  });

  it("shows the bare price before tax is known", () => {
    expect(untaxedPriceBreakdown({ amountMicros: 99_000_000, currency: "ZAR" }, "unavailable")).toEqual({
      currency: "ZAR",
      originalAmountInMicros: 99_000_000,
      discount: null,
      totalAmountInMicros: 99_000_000,
      totalExcludingTaxInMicros: 99_000_000,
      taxCalculationStatus: "unavailable",
      taxAmountInMicros: 0,
      taxBreakdown: [],
    });
  });

  it("calls totals a mismatch only when they differ", () => {
    expect(isTotalMismatch(113_850_000, 113_850_000)).toBe(false);
    expect(isTotalMismatch(99_000_000, 113_850_000)).toBe(true);
  });
});
