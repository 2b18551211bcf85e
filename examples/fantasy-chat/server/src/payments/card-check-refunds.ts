import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { payments } from "../db/schema.js";
import { claimForRetry } from "./payment-store.js";
import { refundCardCheck, type PaymentsContext } from "./settle-payment.js";

/** A trial card check still unrefunded this long after its last attempt is refunded (again) by the worker. */
export const CARD_CHECK_REFUND_RETRY_MS = 10 * 60_000;
/** Card checks settled longer ago than this are left to the gateway's dashboard (the warning is in the log). */
export const CARD_CHECK_REFUND_GIVE_UP_MS = 7 * 24 * 60 * 60_000;

/**
 * Refunds card checks (trial setups, card updates) that were charged but never refunded: the process died between the settlement's
 * commit and the refund, or the gateway failed the refund. Settling refunds a check at once; this is the
 * safety net, run by the renewal worker.
 *
 * A check is taken for a pass by moving its `attemptedAt` forward (rows locked with `SKIP LOCKED`), so across any
 * number of processes one pass tries it per {@link CARD_CHECK_REFUND_RETRY_MS}; the refund itself is claimed like any
 * other (`refundOnce`), so a pass never refunds a check an admin is refunding. A refunded check gets `refundedAt` and
 * is never asked for again. Returns how many checks this pass refunded.
 *
 * @example
 * await refundOverdueCardChecks(ctx); // 1
 */
export async function refundOverdueCardChecks(ctx: PaymentsContext, limit = 20): Promise<number> {
  const now = ctx.clock.now();
  const claimed = await claimForRetry(
    ctx.db,
    and(
      or(
        eq(payments.kind, "trial_setup"),
        and(eq(payments.kind, "card_update"), isNull(payments.renewalFor)),
      ),
      eq(payments.status, "success"),
      eq(payments.gateway, ctx.gateway.name),
      isNull(payments.refundedAt),
      lte(payments.attemptedAt, new Date(now.getTime() - CARD_CHECK_REFUND_RETRY_MS)),
      gt(payments.settledAt, new Date(now.getTime() - CARD_CHECK_REFUND_GIVE_UP_MS)),
    ),
    now,
    limit,
  );
  let refunded = 0;
  for (const payment of claimed) {
    if (await refundCardCheck(ctx, payment)) refunded++;
  }
  return refunded;
}
