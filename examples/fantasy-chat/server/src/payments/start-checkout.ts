import { and, eq } from "drizzle-orm";
import { payments } from "../db/schema.js";
import type { InitializedTransaction } from "./gateways/payment-gateway.js";
import type { PaymentRow } from "./payment-store.js";
import type { PaymentsContext } from "./settle-payment.js";

/**
 * Starts the gateway's checkout for a pending payment. When the gateway refuses or cannot be reached, the payment
 * is closed as failed (it can never be paid) and the error is passed on.
 *
 * @example
 * const { authorizationUrl } = await startCheckout(ctx, payment, { callbackUrl, description });
 */
export async function startCheckout(
  ctx: PaymentsContext,
  payment: PaymentRow,
  target: { callbackUrl: string; cancelUrl?: string; description: string; metadata?: Record<string, string> },
): Promise<InitializedTransaction> {
  try {
    return await ctx.gateway.initialize({
      reference: payment.reference,
      email: payment.email,
      amount: payment.amount,
      currency: payment.currency,
      ...target,
    });
  } catch (error) {
    await ctx.db
      .update(payments)
      .set({ status: "failed", failureReason: "rejected", settledAt: ctx.clock.now() })
      .where(and(eq(payments.reference, payment.reference), eq(payments.status, "pending")));
    throw error;
  }
}
