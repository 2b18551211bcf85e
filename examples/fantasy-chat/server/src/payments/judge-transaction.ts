import type { PaymentKind } from "../db/schema.js";
import type { CardAuthorization, GatewayTransaction } from "./gateways/payment-gateway.js";

/** Why a payment failed. */
export type PaymentFailureReason =
  | "declined"
  | "amount_mismatch"
  | "card_not_reusable"
  /** The gateway refused to start it (an unknown or expired authorization). */
  | "rejected"
  /** It stayed unfinished at the gateway for too long (a renewal waiting for a customer action that never came). */
  | "not_completed";

/** What a gateway's report means for one of the app's payments. */
export type PaymentOutcome =
  | { result: "success"; authorization: CardAuthorization | null }
  | { result: "failed"; reason: PaymentFailureReason }
  | { result: "pending" };

/**
 * Decides what a gateway transaction means for a payment: success only when the gateway says so for exactly the
 * amount and currency the app asked for (a trial setup or a card update must also have produced a reusable card); a final refusal
 * is a failure; anything else, or a transaction the gateway does not know, is still pending.
 *
 * @example
 * judgeTransaction({ kind: "subscription", amount: 9900, currency: "ZAR" }, { status: "success", amount: 100, … });
 * // { result: "failed", reason: "amount_mismatch" }
 */
export function judgeTransaction(
  payment: { kind: PaymentKind; amount: number; currency: string },
  transaction: GatewayTransaction | null,
): PaymentOutcome {
  if (!transaction || transaction.status === "pending") return { result: "pending" };
  if (transaction.status === "failed") return { result: "failed", reason: "declined" };
  if (transaction.amount !== payment.amount || transaction.currency !== payment.currency) {
    return { result: "failed", reason: "amount_mismatch" };
  }
  if (
    (payment.kind === "trial_setup" || payment.kind === "card_update") &&
    !transaction.authorization?.reusable
  ) {
    return { result: "failed", reason: "card_not_reusable" };
  }
  return { result: "success", authorization: transaction.authorization };
}
