import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { PriceBreakdown } from "../checkout/price-breakdown";
import {
  TaxCalculator,
  type DiscountCodeResult,
  type TaxAddress,
  type TaxCalculationResult,
} from "../checkout/tax-calculator";
import { ErrorCode } from "../errors/error-code";
import { PurchasesError } from "../errors/purchases-error";
import type { WireCheckoutStartResponse } from "../http/wire";
import { taxSetupErrorKind, type ErrorKind } from "./error-page-model";
import type { PurchasePlan } from "./product-texts";
import type { ActiveSession } from "./purchase-session";

/** Where a tax calculation was asked from, as the analytics event names it. */
export type TaxTrigger = "auto" | "form";

/** What {@link useCheckoutTax} needs. */
export interface CheckoutTaxOptions {
  readonly session: ActiveSession;
  readonly checkout: WireCheckoutStartResponse;
  readonly plan: PurchasePlan;
  /** A calculated total, for the card form's amount. */
  readonly onTotal: (breakdown: PriceBreakdown) => void;
  /** A tax set-up problem in the sandbox: the merchant's to fix, shown as an error page. */
  readonly onSetupFailure: (error: PurchasesError, kind: ErrorKind) => void;
}

/** The checkout's tax: the price breakdown shown, the address it was calculated for, and how to recalculate. */
export interface CheckoutTax {
  /** Null when the branding does not collect tax. */
  readonly taxes: TaxCalculator | null;
  readonly breakdown: PriceBreakdown;
  readonly address: TaxAddress;
  /** The last calculation and its address (a ref: submit reads it without waiting for a render). */
  readonly lastTax: { readonly current: { address: TaxAddress; result: TaxCalculationResult } | null };
  /** Records a calculation made elsewhere (the submit flow makes its own). */
  readonly taxCalculated: (address: TaxAddress, result: TaxCalculationResult, trigger: TaxTrigger) => void;
  readonly calculateTax: (address: TaxAddress, trigger: TaxTrigger) => Promise<void>;
  /** Applies a promotion code (null removes it) for the last address, and shows the new price. */
  readonly applyDiscountCode: (code: string | null, trigger: TaxTrigger) => Promise<DiscountCodeResult>;
}

function outcomeOf(result: TaxCalculationResult) {
  if (result.kind === "skipped") return "disabled";
  if (result.kind === "failed") return "failed";
  if (result.kind === "calculated" && result.breakdown.taxAmountInMicros > 0) return "taxed";
  return "not_taxed";
}

/**
 * Tax for the payment entry page: calculates once on mount (the customer's location as the gateway sees it),
 * again whenever the form learns a new address, tracks each outcome and stops on unmount.
 */
export function useCheckoutTax(options: CheckoutTaxOptions): CheckoutTax {
  const { session, checkout, plan } = options;
  // One calculator prices the checkout (promotion codes too); it is the tax calculator only when tax is collected.
  const pricing = useMemo(
    () =>
      new TaxCalculator({
        backend: session.backend,
        operationSessionId: checkout.operation_session_id,
        price: plan.chargedPrice,
        taxCollectionEnabled: session.branding?.gateway_tax_collection_enabled === true,
      }),
    [],
  );
  const taxes = session.branding?.gateway_tax_collection_enabled === true ? pricing : null;
  const [breakdown, setBreakdown] = useState<PriceBreakdown>(() => pricing.priceBreakdown);
  const [address, setAddress] = useState<TaxAddress>({});
  const lastTax = useRef<{ address: TaxAddress; result: TaxCalculationResult } | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;

  const taxCalculated = (taxAddress: TaxAddress, result: TaxCalculationResult, trigger: TaxTrigger) => {
    lastTax.current = { address: taxAddress, result };
    setAddress(taxAddress);
    if (result.kind === "aborted") return;
    session.analytics.track(
      "checkout_payment_tax_calculation",
      { outcome: outcomeOf(result), ui_element: trigger },
      session.traceId,
    );
    if (result.kind === "calculated") callbacks.current.onTotal(result.breakdown);
    const setupKind = result.kind === "failed" ? taxSetupErrorKind(result.failure.kind) : null;
    if (result.kind === "failed" && setupKind && session.sandbox) {
      // Tax setup problems are the merchant's to fix: the sandbox says so, production goes on without tax.
      callbacks.current.onSetupFailure(
        result.failure.error ??
          new PurchasesError(ErrorCode.StoreProblemError, undefined, {
            underlyingErrorMessage: result.failure.kind,
          }),
        setupKind,
      );
    }
  };

  const calculateTax = async (taxAddress: TaxAddress, trigger: TaxTrigger) => {
    if (!taxes) return;
    taxCalculated(taxAddress, await taxes.calculate(taxAddress), trigger);
  };

  const applyDiscountCode = async (code: string | null, trigger: TaxTrigger) => {
    const taxAddress = lastTax.current?.address ?? {};
    const result = await pricing.applyDiscountCode(code, taxAddress);
    if (result.kind !== "applied") return result;
    if (taxes) taxCalculated(taxAddress, result.tax, trigger);
    // The card form's amount follows the discount whether or not tax is collected.
    callbacks.current.onTotal(pricing.priceBreakdown);
    return result;
  };

  useEffect(() => {
    const unsubscribe = pricing.subscribe(setBreakdown);
    // A code given to purchase() is applied first (useDiscountCode), which prices the checkout as this would.
    if (!session.discountCode) void calculateTax({}, "auto");
    return () => {
      unsubscribe();
      pricing.abort();
    };
  }, []);

  return { taxes, breakdown, address, lastTax, taxCalculated, calculateTax, applyDiscountCode };
}
