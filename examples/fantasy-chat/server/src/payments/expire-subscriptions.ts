import { and, eq, getTableColumns, lte, or } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import { describeError } from "../http/log-safety.js";
import { payments, users } from "../db/schema.js";
import { renewalFactsSql } from "./renewal-facts.js";
import { transition } from "../premium/subscription-machine.js";
import { claimForRetry } from "./payment-store.js";
import { settleFromTransaction, settlePayment, type PaymentsContext } from "./settle-payment.js";
import { storeTransition } from "../premium/store-transition.js";

/** A card update the customer left unfinished at the gateway this long is looked at again. */
export const CARD_UPDATE_RETRY_MS = 10 * 60_000;
/** A card update still unfinished this long after it started fails, so the period it pays can be retried. */
export const CARD_UPDATE_GIVE_UP_MS = 60 * 60_000;

/**
 * Ends what is over, as the subscription machine's `clock` event decides for each user (its `ended_…`
 * transitions): a cancelled subscription or trial at its end; a paid month past its grace period that nothing paid
 * (declined, or never charged), unless the worker's charge of it is in flight — a card update the customer keeps
 * open does not hold it; a paid month that ended with no card this gateway can charge. They become `expired`, or
 * stay `active` without a card period while the billing server's entitlement runs. The candidates are read and
 * changed in one transaction with their rows locked (rows a renewal claim holds are left to the next pass), so
 * each changes once, whoever runs it. Returns how many users it ended.
 *
 * @example
 * await expireEnded(ctx); // 2
 */
export async function expireEnded(ctx: PaymentsContext): Promise<number> {
  const now = ctx.clock.now();
  const facts = renewalFactsSql(ctx.gateway.name, now);
  const ended = await ctx.db.transaction(async (tx) => {
    // Rows a renewal claim holds are skipped, not waited for: once that claim commits, its charge is in flight, and
    // a statement that waited would still judge the row by what it saw before (and end a month being paid).
    const candidates = await tx
      .select({ user: getTableColumns(users), ...facts })
      .from(users)
      .where(
        or(
          and(
            eq(users.subscriptionStatus, "trial"),
            eq(users.cancelAtPeriodEnd, true),
            lte(users.trialEndDate, now),
          ),
          and(eq(users.subscriptionStatus, "active"), lte(users.subscriptionPeriodEnd, now)),
        ),
      )
      .for("update", { of: users, skipLocked: true });
    const ids: string[] = [];
    for (const { user, ...known } of candidates) {
      const next = transition(user, { type: "clock", ...known }, now);
      if (!next.ok || !next.transition.startsWith("ended_")) continue;
      await storeTransition(tx, user, next, now);
      ids.push(user.id);
    }
    return ids;
  });
  userChanged(...ended);
  return ended.length;
}

/**
 * Closes card updates the customer left unfinished: each is verified with the gateway (settled if it has an
 * answer), and failed once {@link CARD_UPDATE_GIVE_UP_MS} old, so a past-due month it would have paid is retried by
 * the worker again. Returns how many it settled.
 *
 * @example
 * await closeAbandonedCardUpdates(ctx); // 1
 */
export async function closeAbandonedCardUpdates(ctx: PaymentsContext, limit = 20): Promise<number> {
  const now = ctx.clock.now();
  const claimed = await claimForRetry(
    ctx.db,
    and(
      eq(payments.kind, "card_update"),
      eq(payments.status, "pending"),
      eq(payments.gateway, ctx.gateway.name),
      lte(payments.attemptedAt, new Date(now.getTime() - CARD_UPDATE_RETRY_MS)),
    ),
    now,
    limit,
  );
  let settled = 0;
  for (const payment of claimed) {
    try {
      const after = await settleFromTransaction(ctx, payment, await ctx.gateway.verify(payment.reference));
      if (after?.status !== "pending") {
        settled++;
        continue;
      }
    } catch (error) {
      ctx.log.warn(
        { reference: payment.reference, reason: describeError(error) },
        "a card update could not be verified; it is tried again later",
      );
    }
    if (now.getTime() - payment.createdAt.getTime() >= CARD_UPDATE_GIVE_UP_MS) {
      await settlePayment(ctx, payment.reference, { result: "failed", reason: "not_completed" });
      settled++;
    }
  }
  return settled;
}
