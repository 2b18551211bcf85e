import type { WireCalculateTaxesResponse } from "../http/wire";
import type { TaxCalculationStatus } from "./tax-status";

/** One tax line of the price breakdown ("VAT"). */
export interface TaxBreakdownItem {
  readonly displayName: string;
  readonly taxAmountInMicros: number;
}

/** The totals the checkout shows, in micros. */
export interface PriceBreakdown {
  readonly currency: string;
  readonly totalAmountInMicros: number;
  readonly totalExcludingTaxInMicros: number;
  readonly taxCalculationStatus: TaxCalculationStatus;
  readonly taxAmountInMicros: number;
  readonly taxBreakdown: readonly TaxBreakdownItem[];
}

/**
 * The breakdown before tax is known: the product price alone.
 *
 * @example
 * untaxedPriceBreakdown({ amountMicros: 99_000_000, currency: "ZAR" }, "unavailable");
 */
export function untaxedPriceBreakdown(
  price: { readonly amountMicros: number; readonly currency: string },
  taxCalculationStatus: TaxCalculationStatus,
): PriceBreakdown {
  return {
    currency: price.currency,
    totalAmountInMicros: price.amountMicros,
    totalExcludingTaxInMicros: price.amountMicros,
    taxCalculationStatus,
    taxAmountInMicros: 0,
    taxBreakdown: [],
  };
}

/**
 * The breakdown of a successful calculate_taxes answer.
 *
 * @example
 * toPriceBreakdown(response).totalAmountInMicros; // 113_850_000
 */
export function toPriceBreakdown(response: WireCalculateTaxesResponse): PriceBreakdown {
  return {
    currency: response.currency,
    totalAmountInMicros: response.total_amount_in_micros,
    totalExcludingTaxInMicros: response.total_excluding_tax_in_micros,
    taxCalculationStatus: "calculated",
    taxAmountInMicros: response.tax_amount_in_micros,
    taxBreakdown: (response.pricing_phases?.base?.tax_breakdown ?? []).map((item) => ({
      displayName: item.display_name,
      taxAmountInMicros: item.tax_amount_in_micros,
    })),
  };
}
