import { and, eq, isNull } from "drizzle-orm";
import { payments } from "../db/schema.js";
import { ApiError } from "../http/api-error.js";
import { findPayment, type PaymentRow } from "../payments/payment-store.js";
import type { PaymentsContext } from "../payments/settle-payment.js";

/**
 * Refunds a successful payment in full through its gateway, for a reason an admin gives; exactly once. The refund is
 * claimed first (the reason is written only where no refund was claimed), so of two clicks or two admins only one
 * reaches the gateway; a failed gateway call gives the claim back and answers 502 so it can be tried again. A payment
 * already refunded is answered as it is (no second refund). Access is not changed: cancelling is a separate action.
 *
 * @example
 * await refundPayment(ctx, reference, "Charged twice by mistake");
 */
export async function refundPayment(
  ctx: PaymentsContext,
  reference: string,
  reason: string,
): Promise<PaymentRow> {
  const payment = await findPayment(ctx.db, reference);
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
  const [claimed] = await ctx.db
    .update(payments)
    .set({ refundReason: reason })
    .where(and(eq(payments.reference, reference), isNull(payments.refundReason), isNull(payments.refundedAt)))
    .returning();
  if (!claimed) {
    const now = await findPayment(ctx.db, reference);
    if (now?.refundedAt) return now;
    throw new ApiError(409, "A refund of this payment is already under way", "refund_in_progress");
  }
  try {
    await ctx.gateway.refund(reference);
  } catch (error) {
    await ctx.db.update(payments).set({ refundReason: null }).where(eq(payments.reference, reference));
    throw error;
  }
  const [refunded] = await ctx.db
    .update(payments)
    .set({ refundedAt: ctx.clock.now() })
    .where(eq(payments.reference, reference))
    .returning();
  return refunded ?? claimed;
}
