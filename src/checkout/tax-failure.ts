import { BackendErrorCode } from "../errors/backend-error-code";
import { isPurchasesError, type PurchasesError } from "../errors/purchases-error";

/**
 * Why a tax calculation failed (docs/checkout.md "Tax errors recognised"). Each kind is also the exact
 * `failed_reason` string the billing server puts in a calculate_taxes answer that could not compute tax:
 *
 * - `tax_collection_disabled`: the merchant does not collect tax through the gateway.
 * - `invalid_tax_location`: the country / postal code cannot be located for tax.
 * - `rate_limit_exceeded`: the gateway's tax service throttled the request.
 * - `missing_required_permission`: the gateway account lacks the tax permission (also backend code 7900).
 * - `invalid_origin_address`: the merchant's origin address is not set up (also backend code 7899).
 * - `taxes_not_active`: the gateway's tax service is not activated (also backend code 7898).
 * - `unexpected_gateway_error`: anything else, including an unknown `failed_reason` and transport failures.
 */
export type TaxFailureKind =
  | "tax_collection_disabled"
  | "invalid_tax_location"
  | "rate_limit_exceeded"
  | "missing_required_permission"
  | "invalid_origin_address"
  | "taxes_not_active"
  | "unexpected_gateway_error";

/** A failed tax calculation; `error` is set when the request itself failed. */
export interface TaxFailure {
  readonly kind: TaxFailureKind;
  readonly error: PurchasesError | null;
}

const knownReasons: readonly string[] = [
  "tax_collection_disabled",
  "invalid_tax_location",
  "rate_limit_exceeded",
  "missing_required_permission",
  "invalid_origin_address",
  "taxes_not_active",
];

const kindByBackendCode: Readonly<Record<number, TaxFailureKind>> = {
  [BackendErrorCode.TaxServiceNotActive]: "taxes_not_active",
  [BackendErrorCode.InvalidTaxOriginAddress]: "invalid_origin_address",
  [BackendErrorCode.MissingRequiredPermission]: "missing_required_permission",
};

/**
 * The failure named by a calculate_taxes `failed_reason`.
 *
 * @example
 * taxFailureFromReason("invalid_tax_location").kind; // "invalid_tax_location"
 */
export function taxFailureFromReason(reason: string): TaxFailure {
  const kind = knownReasons.includes(reason) ? (reason as TaxFailureKind) : "unexpected_gateway_error";
  return { kind, error: null };
}

/**
 * The failure a rejected calculate_taxes request stands for: the sandbox tax-setup backend codes keep their
 * meaning, everything else is an unexpected gateway error.
 *
 * @example
 * taxFailureFromError(new PurchasesError(ErrorCode.StoreProblemError, undefined, { extra: { backendErrorCode: 7898 } }));
 * // → { kind: "taxes_not_active", error }
 */
export function taxFailureFromError(error: unknown): TaxFailure {
  if (!isPurchasesError(error)) return { kind: "unexpected_gateway_error", error: null };
  const kind = kindByBackendCode[error.extra?.backendErrorCode ?? 0] ?? "unexpected_gateway_error";
  return { kind, error };
}
