import type { WireAppliedDiscount, WireCalculateTaxesResponse } from "../http/wire";
import type { TaxCalculationStatus } from "./tax-status";

/** One tax line of the price breakdown ("VAT"). */
export interface TaxBreakdownItem {
  readonly displayName: string;
  readonly taxAmountInMicros: number;
}

/** A promotion code the billing server took off the price. */
export interface CheckoutDiscount {
  /** The code as the server applied it. */
  readonly code: string;
  /** The discount line's label. */
  readonly displayName: string;
  /** Whole percent off; null for a fixed amount. */
  readonly percentage: number | null;
  readonly amountInMicros: number;
}

/** The totals the checkout shows, in micros. */
export interface PriceBreakdown {
  readonly currency: string;
  /** The price before any discount (the subtotal line). */
  readonly originalAmountInMicros: number;
  readonly discount: CheckoutDiscount | null;
  readonly totalAmountInMicros: number;
  readonly totalExcludingTaxInMicros: number;
  readonly taxCalculationStatus: TaxCalculationStatus;
  readonly taxAmountInMicros: number;
  readonly taxBreakdown: readonly TaxBreakdownItem[];
}

/**
 * The breakdown before tax is known: the product price, less the discount when one is applied.
 *
 * @example
 * untaxedPriceBreakdown({ amountMicros: 99_000_000, currency: "ZAR" }, "unavailable");
 */
export function untaxedPriceBreakdown(
  price: { readonly amountMicros: number; readonly currency: string },
  taxCalculationStatus: TaxCalculationStatus,
  discount: CheckoutDiscount | null = null,
): PriceBreakdown {
  const amount = price.amountMicros - (discount?.amountInMicros ?? 0);
  return {
    currency: price.currency,
    originalAmountInMicros: price.amountMicros,
    discount,
    totalAmountInMicros: amount,
    totalExcludingTaxInMicros: amount,
    taxCalculationStatus,
    taxAmountInMicros: 0,
    taxBreakdown: [],
  };
}

/**
 * The discount of a pricing answer (the first of `applied_discounts`), or null.
 *
 * @example
 * discountOf(response)?.amountInMicros; // 9_900_000
 */
export function discountOf(response: WireCalculateTaxesResponse): CheckoutDiscount | null {
  const applied: WireAppliedDiscount | undefined = response.applied_discounts?.[0];
  if (!applied || !(applied.discounted_amount_in_micros > 0)) return null;
  const code = applied.discount_code ?? applied.identifier;
  return {
    code,
    displayName: applied.display_name?.trim() || code,
    percentage: applied.percentage ?? null,
    amountInMicros: applied.discounted_amount_in_micros,
  };
}

/**
 * The breakdown of a successful calculate_taxes (or pricing) answer.
 *
 * @example
 * toPriceBreakdown(response).totalAmountInMicros; // 113_850_000
 */
export function toPriceBreakdown(response: WireCalculateTaxesResponse): PriceBreakdown {
  return {
    currency: response.currency,
    originalAmountInMicros: response.original_amount_in_micros ?? response.total_excluding_tax_in_micros,
    discount: discountOf(response),
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
