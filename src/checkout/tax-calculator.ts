import { patchCheckout, postCalculateTaxes } from "../http/checkout-calls";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError } from "../errors/purchases-error";
import type { Backend } from "../http/backend";
import type { WireCalculateTaxesResponse } from "../http/wire";
import {
  discountOf,
  toPriceBreakdown,
  untaxedPriceBreakdown,
  type CheckoutDiscount,
  type PriceBreakdown,
} from "./price-breakdown";
import { taxFailureFromError, taxFailureFromReason, type TaxFailure } from "./tax-failure";
import { initialTaxStatus, nextTaxStatus, type TaxEvent } from "./tax-status";

/** The billing address tax is calculated for; both fields empty means "not given yet". */
export interface TaxAddress {
  readonly countryCode?: string;
  readonly postalCode?: string;
}

/** How one {@link TaxCalculator.calculate} call ended. Expected failures are data, not exceptions. */
export type TaxCalculationResult =
  | { readonly kind: "calculated"; readonly breakdown: PriceBreakdown }
  | { readonly kind: "failed"; readonly failure: TaxFailure; readonly breakdown: PriceBreakdown }
  /** Tax is disabled: nothing was requested. */
  | { readonly kind: "skipped"; readonly breakdown: PriceBreakdown }
  /** A newer calculation (or {@link TaxCalculator.abort}) superseded this one; the state was left alone. */
  | { readonly kind: "aborted" };

/** How one {@link TaxCalculator.applyDiscountCode} call ended. */
export type DiscountCodeResult =
  /** The code is applied (null: removed); `tax` is the calculation that came with the new price. */
  | {
      readonly kind: "applied";
      readonly discount: CheckoutDiscount | null;
      readonly tax: TaxCalculationResult;
    }
  /** The server refused the code (backend codes 7815–7818) or the request failed; nothing changed. */
  | { readonly kind: "refused"; readonly error: PurchasesError }
  | { readonly kind: "aborted" };

/** Options of the {@link TaxCalculator} constructor. */
export interface TaxCalculatorOptions {
  backend: Backend;
  operationSessionId: string;
  /** The untaxed price of the purchase option being bought. */
  price: { readonly amountMicros: number; readonly currency: string };
  /** `gateway_tax_collection_enabled` from the branding info. */
  taxCollectionEnabled: boolean;
}

/**
 * Owns the checkout's price breakdown and tax status: runs calculate_taxes for an address, where a newer
 * calculation aborts the one still running, applies promotion codes, and checks the total at submit.
 *
 * @example
 * const taxes = new TaxCalculator({ backend, operationSessionId, price, taxCollectionEnabled: true });
 * const unsubscribe = taxes.subscribe((breakdown) => render(breakdown));
 * await taxes.calculate({ countryCode: "ZA", postalCode: "8001" });
 * if (taxes.checkTotal(totalShown)) showPriceUpdatedNotice();
 */
export class TaxCalculator {
  private current: PriceBreakdown;
  private discount: CheckoutDiscount | null = null;
  private controller: AbortController | null = null;
  private readonly listeners = new Set<(breakdown: PriceBreakdown) => void>();

  constructor(private readonly options: TaxCalculatorOptions) {
    this.current = untaxedPriceBreakdown(options.price, initialTaxStatus(options.taxCollectionEnabled));
  }

  /** The breakdown the customer should see now. */
  get priceBreakdown(): PriceBreakdown {
    return this.current;
  }

  /** Calls `listener` on every change of the breakdown. @returns the unsubscribe function. */
  subscribe(listener: (breakdown: PriceBreakdown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calculates tax for `address`, aborting a calculation still running. */
  async calculate(address: TaxAddress = {}): Promise<TaxCalculationResult> {
    this.abort();
    if (this.current.taxCalculationStatus === "disabled") return { kind: "skipped", breakdown: this.current };
    const controller = (this.controller = new AbortController());
    this.apply({ type: "calculationStarted" });
    let failure: TaxFailure;
    try {
      const response = await postCalculateTaxes(
        this.options.backend,
        this.options.operationSessionId,
        { country_code: address.countryCode, postal_code: address.postalCode },
        controller.signal,
      );
      if (controller.signal.aborted) return { kind: "aborted" };
      this.discount = discountOf(response);
      if (!response.failed_reason) {
        this.apply({ type: "calculationSucceeded" }, toPriceBreakdown(response));
        return { kind: "calculated", breakdown: this.current };
      }
      failure = taxFailureFromReason(response.failed_reason);
    } catch (error) {
      if (controller.signal.aborted) return { kind: "aborted" };
      failure = taxFailureFromError(error);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    const hasCustomerDetails = Boolean(address.countryCode || address.postalCode);
    this.apply({ type: "calculationFailed", failure: failure.kind, hasCustomerDetails }, this.untaxed());
    return { kind: "failed", failure, breakdown: this.current };
  }

  /**
   * Applies a promotion code (null removes it) and prices the checkout again for `address`, as the billing
   * server answers it: with tax when it is collected, else the untaxed discounted price. A refused code changes
   * nothing; a calculation still running is aborted first.
   */
  async applyDiscountCode(code: string | null, address: TaxAddress = {}): Promise<DiscountCodeResult> {
    this.abort();
    const controller = (this.controller = new AbortController());
    let response: WireCalculateTaxesResponse;
    try {
      response = await patchCheckout(
        this.options.backend,
        this.options.operationSessionId,
        { country_code: address.countryCode, postal_code: address.postalCode, discount_code: code },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) return { kind: "aborted" };
      return {
        kind: "refused",
        error: isPurchasesError(error)
          ? error
          : new PurchasesError(ErrorCode.UnknownError, undefined, { cause: error }),
      };
    } finally {
      if (this.controller === controller) this.controller = null;
    }
    if (controller.signal.aborted) return { kind: "aborted" };
    this.discount = discountOf(response);
    if (this.current.taxCalculationStatus === "disabled") {
      this.apply({ type: "calculationStarted" }, this.untaxed());
      return { kind: "applied", discount: this.discount, tax: { kind: "skipped", breakdown: this.current } };
    }
    this.apply({ type: "calculationStarted" });
    if (!response.failed_reason) {
      this.apply({ type: "calculationSucceeded" }, toPriceBreakdown(response));
      return {
        kind: "applied",
        discount: this.discount,
        tax: { kind: "calculated", breakdown: this.current },
      };
    }
    const failure = taxFailureFromReason(response.failed_reason);
    const hasCustomerDetails = Boolean(address.countryCode || address.postalCode);
    this.apply({ type: "calculationFailed", failure: failure.kind, hasCustomerDetails }, this.untaxed());
    return {
      kind: "applied",
      discount: this.discount,
      tax: { kind: "failed", failure, breakdown: this.current },
    };
  }

  /**
   * Compares the total the customer saw with the one that would be charged; a difference moves the status to
   * "miss-match". @returns true when they differ.
   */
  checkTotal(seenTotalMicros: number): boolean {
    const totalMicros = this.current.totalAmountInMicros;
    this.apply({ type: "totalChecked", seenTotalMicros, totalMicros });
    return this.current.taxCalculationStatus === "miss-match";
  }

  /**
   * Aborts the running calculation, if any (for a checkout that closes); its promise resolves as "aborted" and
   * the status is left as it was.
   */
  abort(): void {
    this.controller?.abort();
    this.controller = null;
  }

  private untaxed(): PriceBreakdown {
    return untaxedPriceBreakdown(this.options.price, this.current.taxCalculationStatus, this.discount);
  }

  private apply(event: TaxEvent, breakdown: PriceBreakdown = this.current): void {
    const status = nextTaxStatus(this.current.taxCalculationStatus, event);
    if (status === this.current.taxCalculationStatus && breakdown === this.current) return;
    this.current = { ...breakdown, taxCalculationStatus: status };
    this.listeners.forEach((listener) => listener(this.current));
  }
}
