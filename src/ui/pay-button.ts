import type { TaxCalculationStatus } from "../checkout/tax-status";

/** What the pay button depends on. */
export interface PayButtonState {
  readonly submitting: boolean;
  readonly paymentComplete: boolean;
  readonly emailComplete: boolean;
  readonly taxStatus: TaxCalculationStatus;
}

const PAYABLE_TAX: readonly TaxCalculationStatus[] = ["disabled", "calculated", "miss-match"];

/**
 * docs/checkout.md: the pay button is enabled only when not submitting, payment info and email are complete, and
 * tax is disabled, calculated or miss-match.
 *
 * @example
 * isPayButtonEnabled({ submitting: false, paymentComplete: true, emailComplete: true, taxStatus: "pending" }); // false
 */
export function isPayButtonEnabled(state: PayButtonState): boolean {
  return (
    !state.submitting && state.paymentComplete && state.emailComplete && PAYABLE_TAX.includes(state.taxStatus)
  );
}

/** Whether the total is final, so it can be shown on the pay button. */
export function isTotalKnown(taxStatus: TaxCalculationStatus): boolean {
  return PAYABLE_TAX.includes(taxStatus);
}

const METHOD_NAMES: Readonly<Record<string, string>> = {
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  paypal: "PayPal",
  link: "Link",
  klarna: "Klarna",
  sepa_debit: "SEPA Direct Debit",
  ideal: "iDEAL",
  bancontact: "Bancontact",
};

/**
 * The label of the pay button (the four variants of docs/checkout.md): start-trial for a free trial, the chosen
 * payment method when it is not a card, the price once the total is known, else plain pay.
 *
 * @example
 * payButtonLabel({ isTrial: false, paymentMethodType: "card", totalKnown: true, formattedTotal: "R 113,85" });
 * // { key: "pay.price", values: { price: "R 113,85" } }
 */
export function payButtonLabel(options: {
  readonly isTrial: boolean;
  readonly paymentMethodType: string | null;
  readonly totalKnown: boolean;
  readonly formattedTotal: string;
}): { key: string; values?: Record<string, string> } {
  const method = options.paymentMethodType;
  if (options.isTrial) return { key: "pay.trial" };
  if (method && method !== "card") {
    const name = METHOD_NAMES[method] ?? method.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
    return { key: "pay.method", values: { paymentMethod: name } };
  }
  if (options.totalKnown) return { key: "pay.price", values: { price: options.formattedTotal } };
  return { key: "pay.plain" };
}

/** Countries whose tax location needs a state as well as a postal code. */
const STATE_COUNTRIES = ["US", "CA"];

/**
 * The pricing table's prompt while tax is unknown (docs/checkout.md): the whole billing address until a country
 * is known, then the state and postal code where the state matters, else the postal code alone.
 *
 * @example
 * taxPromptKey({}); // "pricing.tax_prompt_address"
 * taxPromptKey({ countryCode: "US" }); // "pricing.tax_prompt_state_postal"
 */
export function taxPromptKey(address: { readonly countryCode?: string | null }): string {
  if (!address.countryCode) return "pricing.tax_prompt_address";
  return STATE_COUNTRIES.includes(address.countryCode.toUpperCase())
    ? "pricing.tax_prompt_state_postal"
    : "pricing.tax_prompt_postal";
}
