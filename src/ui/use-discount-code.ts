import { useEffect, useRef, useState } from "preact/hooks";
import type { CheckoutDiscount } from "../checkout/price-breakdown";
import { BackendErrorCode } from "../errors/backend-error-code";
import type { PurchasesError } from "../errors/purchases-error";
import type { ErrorKind } from "./error-page-model";
import type { ActiveSession } from "./purchase-session";
import type { CheckoutTax, TaxTrigger } from "./use-checkout-tax";

/** The message key of a refused code, by the billing server's backend code (docs/protocol.md). */
const REFUSALS: Readonly<Record<number, string>> = {
  [BackendErrorCode.DiscountCodeNotFound]: "not_found",
  [BackendErrorCode.DiscountCodeExpired]: "expired",
  [BackendErrorCode.DiscountCodeNotApplicable]: "not_applicable",
  [BackendErrorCode.DiscountCodeExhausted]: "exhausted",
};

/** The promotion code state of the payment entry page. */
export interface DiscountCodeState {
  readonly applied: CheckoutDiscount | null;
  /** A code is being applied. */
  readonly applying: boolean;
  readonly error: string | null;
  /** Applies what the customer typed; an empty field does nothing. */
  readonly apply: (code: string) => void;
  readonly remove: () => void;
}

/**
 * Promotion codes of the checkout: the code given to `purchase` is applied as the page opens (a refusal shows in
 * the field, or as the error page when the field is hidden), the customer's own are applied and removed, and
 * `onDiscountCodeChanged` hears of each change the customer makes.
 */
export function useDiscountCode(options: {
  readonly session: ActiveSession;
  readonly tax: CheckoutTax;
  readonly fail: (error: PurchasesError, kind: ErrorKind) => void;
}): DiscountCodeState {
  const { session, tax } = options;
  const [applied, setApplied] = useState<CheckoutDiscount | null>(null);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  const message = (reason: string) => session.t.t(`discount.${reason}`);

  const run = async (code: string | null, trigger: TaxTrigger) => {
    setApplying(true);
    setError(null);
    const result = await tax.applyDiscountCode(code, trigger);
    if (!live.current) return null;
    setApplying(false);
    if (result.kind === "applied") setApplied(result.discount);
    if (result.kind === "refused") {
      setError(message(REFUSALS[result.error.extra?.backendErrorCode ?? 0] ?? "failed"));
    }
    return result;
  };

  const change = async (code: string | null) => {
    const result = await run(code, "form");
    if (result?.kind === "applied") session.onDiscountCodeChanged?.(result.discount?.code ?? null);
  };

  useEffect(() => {
    const initial = session.discountCode;
    if (initial) {
      void run(initial, "auto").then((result) => {
        if (result?.kind !== "refused") return;
        if (!session.showDiscountCodeField) return options.fail(result.error, "setting_up_purchase");
        void tax.calculateTax({}, "auto");
      });
    }
    return () => {
      live.current = false;
    };
  }, []);

  return {
    applied,
    applying,
    error,
    apply: (code) => {
      if (code.trim() !== "") void change(code.trim());
    },
    remove: () => void change(null),
  };
}
