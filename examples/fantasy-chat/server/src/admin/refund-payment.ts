import { ApiError } from "../http/api-error.js";
import { isStorableText } from "../http/validate.js";
import { findPayment, type PaymentRow } from "../payments/payment-store.js";
import { refundOnce } from "../payments/refund-once.js";
import type { PaymentsContext } from "../payments/settle-payment.js";

/**
 * Refunds a successful payment in full through its gateway, for a reason an admin gives; exactly once, whoever else
 * asks (see `refundOnce`): of two clicks, two admins, or an admin and the automatic refund of a card check, one
 * reaches the gateway, and the others get the refunded payment or 409 `refund_in_progress`. A failed gateway call
 * gives the claim back (502) so it can be tried again. Access is not changed: cancelling is a separate action. A
 * reference no payment can have (holding NUL, say) is 404 `payment_not_found` like any unknown one.
 *
 * @example
 * await refundPayment(ctx, reference, "Charged twice by mistake");
 */
export async function refundPayment(
  ctx: PaymentsContext,
  reference: string,
  reason: string,
): Promise<PaymentRow> {
  // No stored reference holds NUL or a lone surrogate, and PostgreSQL would refuse the query (a 500): unknown.
  const payment = isStorableText(reference) ? await findPayment(ctx.db, reference) : null;
  if (!payment) throw new ApiError(404, "No payment with this reference", "payment_not_found");
  if (payment.refundedAt) return payment;
  if (payment.status !== "success") {
    throw new ApiError(409, "Only a successful payment can be refunded", "not_refundable");
  }
  if (payment.gateway !== ctx.gateway.name) {
    throw new ApiError(
      409,
      `This payment went through ${payment.gateway}; refund it in that gateway's dashboard`,
      "not_refundable",
    );
  }
  const outcome = await refundOnce(ctx, reference, reason);
  if (outcome.result === "in_progress") {
    throw new ApiError(409, "A refund of this payment is already under way", "refund_in_progress");
  }
  return outcome.payment;
}
