import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import { describeError } from "../http/log-safety.js";
import { paymentMethods, payments, users } from "../db/schema.js";
import { BILLING_GRACE_MS } from "./money.js";
import { claimForRetry } from "./payment-store.js";
import { settleFromTransaction, settlePayment, type PaymentsContext } from "./settle-payment.js";

/** A card update the customer left unfinished at the gateway this long is looked at again. */
export const CARD_UPDATE_RETRY_MS = 10 * 60_000;
/** A card update still unfinished this long after it started fails, so the period it pays can be retried. */
export const CARD_UPDATE_GIVE_UP_MS = 60 * 60_000;

/**
 * Ends what is over, in one statement (each user row changes once, whoever runs it; rows a renewal claim holds are
 * left to the next pass): a cancelled subscription or
 * trial at its end; a paid month past its grace period that nothing paid (declined, or never charged), unless the
 * worker's charge of it is in flight — a card update the customer keeps open does not hold it; a paid month that
 * ended with no card to charge. They become `expired`, or stay `active` without a
 * card period while the billing server's entitlement runs. Returns how many users it ended.
 *
 * @example
 * await expireEnded(ctx); // 2
 */
export async function expireEnded(ctx: PaymentsContext): Promise<number> {
  const now = ctx.clock.now();
  const graceStart = new Date(now.getTime() - BILLING_GRACE_MS);
  const storeActive = sql`${users.storeEntitlementExpiresAt} is not null and ${users.storeEntitlementExpiresAt} > ${now.toISOString()}::timestamptz`;
  // Only the worker's own charge holds the end back: a card update the customer keeps open never does.
  const renewalInFlight = sql`exists (select 1 from ${payments} where ${payments.userId} = ${users.id}
    and ${payments.renewalFor} = ${users.subscriptionPeriodEnd} and ${payments.kind} = 'renewal'
    and ${payments.status} = 'pending')`;
  const noCard = sql`not exists (select 1 from ${paymentMethods} where ${paymentMethods.userId} = ${users.id})`;
  // Rows a renewal claim holds are skipped, not waited for: once that claim commits, its charge is in flight, and a
  // statement that waited would still judge the row by what it saw before (and end a month being paid).
  const over = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        and(
          eq(users.subscriptionStatus, "trial"),
          eq(users.cancelAtPeriodEnd, true),
          lte(users.trialEndDate, now),
        ),
        and(
          eq(users.subscriptionStatus, "active"),
          lte(users.subscriptionPeriodEnd, now),
          or(
            eq(users.cancelAtPeriodEnd, true),
            noCard,
            // Past its grace period and not being charged: declined, or never charged at all — never left active.
            and(lte(users.subscriptionPeriodEnd, graceStart), sql`not ${renewalInFlight}`),
          ),
        ),
      ),
    )
    .for("update", { skipLocked: true });
  const ended = await ctx.db
    .update(users)
    .set({
      subscriptionStatus: sql`case when ${storeActive} then 'active' else 'expired' end`,
      subscriptionPeriodEnd: null,
      cancelAtPeriodEnd: false,
      billingIssueAt: null,
      updatedAt: now,
    })
    .where(inArray(users.id, over))
    .returning({ id: users.id });
  userChanged(...ended.map((u) => u.id));
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
