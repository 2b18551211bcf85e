import { getCheckoutStatus } from "../http/checkout-calls";
import type { PurchasesEnvironment } from "../environment";
import { sleep } from "./sleep";
import { ErrorCode } from "../errors/error-code";
import { isPurchasesError, PurchasesError, type PurchasesErrorOptions } from "../errors/purchases-error";
import type { Backend } from "../http/backend";
import type { WireCheckoutStatusResponse, WireOperation } from "../http/wire";
import type { RedemptionInfo } from "../model/types";
import { errorFromOperation } from "./operation-error";

/** What a completed payment operation reports. */
export interface OperationResult {
  readonly operationSessionId: string;
  readonly storeTransactionIdentifier: string;
  readonly productIdentifier: string;
  readonly purchaseDate: Date;
  readonly redemptionInfo: RedemptionInfo | null;
}

/**
 * The purchase poller's states. `attempts` counts the status requests already answered (or failed).
 * `polling`: a status request is due or in flight; `waiting`: the interval before the next one runs.
 */
export type PollState =
  | { readonly kind: "polling"; readonly attempts: number }
  | { readonly kind: "waiting"; readonly attempts: number }
  | { readonly kind: "succeeded"; readonly result: OperationResult }
  | { readonly kind: "failed"; readonly error: PurchasesError };

/** What can happen to the poller. */
export type PollEvent =
  | { readonly type: "response"; readonly response: WireCheckoutStatusResponse }
  | { readonly type: "requestFailed"; readonly error: unknown }
  | { readonly type: "intervalElapsed" }
  | { readonly type: "cancelled" };

/** The poller's first state. */
export const initialPollState: PollState = { kind: "polling", attempts: 0 };

const failed = (code: ErrorCode, message?: string, options?: PurchasesErrorOptions): PollState => ({
  kind: "failed",
  error: new PurchasesError(code, message, options),
});

// The charge may still complete after we stop asking, so giving up is "payment pending": the caller should
// refresh customer info later instead of telling the customer the purchase failed (and inviting a second charge).
const pollAgain = (attempts: number, maxAttempts: number, options: PurchasesErrorOptions): PollState =>
  attempts < maxAttempts
    ? { kind: "waiting", attempts }
    : failed(
        ErrorCode.PaymentPendingError,
        "Max attempts reached trying to get successful purchase status",
        options,
      );

// A dropped connection or a 5xx says nothing about the purchase; another attempt may get through.
const isTransient = (error: unknown): error is PurchasesError =>
  isPurchasesError(error) &&
  (error.errorCode === ErrorCode.NetworkError ||
    (error.errorCode === ErrorCode.UnknownBackendError && (error.extra?.statusCode ?? 0) >= 500));

function succeeded(op: WireOperation): PollState {
  const purchaseDate = new Date(op.purchase_date ?? NaN);
  if (!op.store_transaction_identifier || !op.product_identifier || isNaN(purchaseDate.getTime())) {
    return failed(ErrorCode.UnexpectedBackendResponseError, "Missing required fields in operation response.");
  }
  const redemption = op.redemption_info;
  const redeemUrl = redemption?.redeem_url;
  return {
    kind: "succeeded",
    result: {
      operationSessionId: op.operation_session_id,
      storeTransactionIdentifier: op.store_transaction_identifier,
      productIdentifier: op.product_identifier,
      purchaseDate,
      redemptionInfo: redeemUrl
        ? { redeemUrl, redeemUrlRedirect: redemption?.redeem_url_redirect ?? null }
        : null,
    },
  };
}

/**
 * The pure transition of the purchase poller (docs/checkout.md: started or in_progress → poll again after the
 * interval; succeeded → done; failed → error; at most `maxAttempts` requests). Terminal states ignore events.
 *
 * @example
 * pollTransition({ kind: "polling", attempts: 0 }, { type: "response", response }, 10);
 * // → { kind: "waiting", attempts: 1 } while the operation is in progress
 */
export function pollTransition(state: PollState, event: PollEvent, maxAttempts: number): PollState {
  if (state.kind === "succeeded" || state.kind === "failed") return state;
  if (event.type === "cancelled") return failed(ErrorCode.UserCancelledError);
  if (state.kind === "waiting") {
    return event.type === "intervalElapsed" ? { kind: "polling", attempts: state.attempts } : state;
  }
  if (event.type === "intervalElapsed") return state;
  const attempts = state.attempts + 1;
  if (event.type === "requestFailed") {
    const { error } = event;
    if (isTransient(error))
      return pollAgain(attempts, maxAttempts, { underlyingErrorMessage: error.message, cause: error });
    return isPurchasesError(error)
      ? { kind: "failed", error }
      : failed(ErrorCode.UnknownError, undefined, { cause: error });
  }
  const op = event.response?.operation;
  switch (op?.status) {
    case "started":
    case "in_progress":
      return pollAgain(attempts, maxAttempts, { underlyingErrorMessage: `Last status: ${op.status}.` });
    case "succeeded":
      return succeeded(op);
    case "failed":
      return { kind: "failed", error: errorFromOperation(op.error) };
    default:
      return failed(ErrorCode.UnexpectedBackendResponseError, undefined, {
        underlyingErrorMessage: `Unknown operation status: ${String(op?.status)}.`,
      });
  }
}

/** Options of {@link pollPurchaseStatus}. */
export interface PollPurchaseStatusOptions {
  backend: Backend;
  env: PurchasesEnvironment;
  operationSessionId: string;
  /** Aborting rejects at once with `UserCancelledError` and leaves no timer or request behind. */
  signal?: AbortSignal;
  /** Status requests in total, counting retried network failures. */
  maxAttempts?: number;
  intervalMs?: number;
}

/**
 * Polls the checkout operation until the purchase succeeds or fails (docs/checkout.md: 10 attempts, 1000 ms
 * apart). Network failures and 5xx answers are retried within the same attempt budget.
 *
 * @example
 * const result = await pollPurchaseStatus({ backend, env, operationSessionId: "opsess_1" });
 * result.storeTransactionIdentifier;
 */
export async function pollPurchaseStatus(options: PollPurchaseStatusOptions): Promise<OperationResult> {
  const { backend, env, operationSessionId, signal, maxAttempts = 10, intervalMs = 1000 } = options;
  let state = initialPollState;
  for (;;) {
    if (state.kind === "succeeded") return state.result;
    if (state.kind === "failed") throw state.error;
    let event: PollEvent;
    if (signal?.aborted) event = { type: "cancelled" };
    else if (state.kind === "polling") {
      try {
        event = { type: "response", response: await getCheckoutStatus(backend, operationSessionId, signal) };
      } catch (error) {
        event = signal?.aborted ? { type: "cancelled" } : { type: "requestFailed", error };
      }
    } else {
      event = await sleep(env, intervalMs, signal).then(
        () => ({ type: "intervalElapsed" }) as const,
        () => ({ type: "cancelled" }) as const,
      );
    }
    state = pollTransition(state, event, maxAttempts);
  }
}
