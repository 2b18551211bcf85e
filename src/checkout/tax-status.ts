import type { TaxFailureKind } from "./tax-failure";

/**
 * Where tax stands for the checkout (docs/checkout.md "Tax calculation status"):
 * `unavailable` gateway tax is on but nothing is computed yet; `disabled` tax is off or cannot be computed;
 * `loading` a calculation runs; `calculated` the customer sees the taxed total; `pending` waiting for a
 * billing address the tax can be located from; `miss-match` the total at submit differs from the one shown.
 */
export type TaxCalculationStatus =
  "unavailable" | "disabled" | "loading" | "calculated" | "pending" | "miss-match";

/**
 * True when the total about to be charged is not the one the customer saw, which must stop the submit and
 * show the price-updated notice instead (docs/checkout.md).
 *
 * @example
 * isTotalMismatch(99_000_000, 113_850_000); // true
 */
export function isTotalMismatch(seenTotalMicros: number, newTotalMicros: number): boolean {
  return seenTotalMicros !== newTotalMicros;
}

/** What moves the tax status. */
export type TaxEvent =
  | { readonly type: "calculationStarted" }
  | { readonly type: "calculationSucceeded" }
  | {
      readonly type: "calculationFailed";
      readonly failure: TaxFailureKind;
      readonly hasCustomerDetails: boolean;
    }
  | { readonly type: "totalChecked"; readonly seenTotalMicros: number; readonly totalMicros: number };

/**
 * The status before any calculation.
 *
 * @example
 * initialTaxStatus(branding.gateway_tax_collection_enabled); // "unavailable" or "disabled"
 */
export function initialTaxStatus(gatewayTaxCollectionEnabled: boolean): TaxCalculationStatus {
  return gatewayTaxCollectionEnabled ? "unavailable" : "disabled";
}

/**
 * The pure transition of the tax status. `disabled` is final: there is nothing left to calculate. An event that
 * does not apply to the current status leaves it unchanged.
 *
 * @example
 * nextTaxStatus("loading", { type: "calculationFailed", failure: "invalid_tax_location", hasCustomerDetails: false });
 * // → "pending"
 */
export function nextTaxStatus(status: TaxCalculationStatus, event: TaxEvent): TaxCalculationStatus {
  if (status === "disabled") return status;
  switch (event.type) {
    case "calculationStarted":
      return "loading";
    case "calculationSucceeded":
      return status === "loading" ? "calculated" : status;
    case "calculationFailed":
      if (status !== "loading") return status;
      // Before the customer typed an address the location is merely unknown; any other failure means the
      // checkout goes on without tax shown.
      return event.failure === "invalid_tax_location" && !event.hasCustomerDetails ? "pending" : "disabled";
    case "totalChecked":
      if (status !== "calculated" && status !== "miss-match") return status;
      return isTotalMismatch(event.seenTotalMicros, event.totalMicros) ? "miss-match" : "calculated";
  }
}
