import { and, eq, isNull, lte, or } from "drizzle-orm";
import { payments } from "../db/schema.js";
import { findPayment, type PaymentRow } from "./payment-store.js";
import type { PaymentsContext } from "./payments-context.js";

/**
 * How long a refund claim holds. A gateway call gives up long before (Paystack's timeout is 15 s), so an older claim
 * was left by a process that died between claiming and recording: another asker may take it over. The gateway
 * refuses a second refund of one reference, so even that takeover cannot refund twice.
 */
export const REFUND_CLAIM_EXPIRES_MS = 5 * 60_000;

/**
 * What asking for a refund came to: `refunded` by this call; `already_refunded` before it (the payment as it is);
 * `in_progress` while another asker's claim holds (the admin's click or the automatic refund of a card check).
 */
export type RefundOutcome =
  | { result: "refunded"; payment: PaymentRow }
  | { result: "already_refunded"; payment: PaymentRow }
  | { result: "in_progress" };

/**
 * Refunds a successful payment in full through the gateway, exactly once whoever asks: an admin (with a `reason`),
 * the settlement refunding a card check, or the worker retrying that refund. The refund is claimed first, by one
 * conditional update that sets `refundRequestedAt` where no live claim is and nothing was refunded, so however many
 * ask at once one reaches the gateway; the others are told the refund is done or under way. The gateway is asked with
 * the payment's reference, which it refunds at most once. A failed gateway call gives the claim back (and throws), so
 * the next click or worker pass can try again.
 *
 * The caller decides whether the payment may be refunded here at all (its kind, its gateway); a payment that is not
 * a success is never claimed.
 *
 * @example
 * const outcome = await refundOnce(ctx, payment.reference, "Charged twice by mistake");
 * if (outcome.result === "in_progress") throw new ApiError(409, "…", "refund_in_progress");
 */
export async function refundOnce(
  ctx: PaymentsContext,
  reference: string,
  reason: string | null = null,
): Promise<RefundOutcome> {
  const claimedAt = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(payments)
    // A takeover of an expired claim keeps the admin's reason when the worker is the one finishing it.
    .set({ refundRequestedAt: claimedAt, ...(reason === null ? {} : { refundReason: reason }) })
    .where(
      and(
        eq(payments.reference, reference),
        eq(payments.status, "success"),
        isNull(payments.refundedAt),
        or(
          isNull(payments.refundRequestedAt),
          lte(payments.refundRequestedAt, new Date(claimedAt.getTime() - REFUND_CLAIM_EXPIRES_MS)),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const payment = await findPayment(ctx.db, reference);
    return payment?.refundedAt ? { result: "already_refunded", payment } : { result: "in_progress" };
  }
  try {
    await ctx.gateway.refund(reference);
  } catch (error) {
    // Only this claim is given back: one that expired meanwhile may belong to another asker now.
    await ctx.db
      .update(payments)
      .set({ refundRequestedAt: null, refundReason: null })
      .where(
        and(
          eq(payments.reference, reference),
          eq(payments.refundRequestedAt, claimedAt),
          isNull(payments.refundedAt),
        ),
      );
    throw error;
  }
  const [refunded] = await ctx.db
    .update(payments)
    .set({ refundedAt: ctx.clock.now() })
    .where(eq(payments.reference, reference))
    .returning();
  return { result: "refunded", payment: refunded ?? claimed };
}
