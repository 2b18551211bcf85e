import { and, eq } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import type { UserRow } from "../auth/session-store.js";
import type { AppDb, AppTx } from "../db/database.js";
import { payments, users } from "../db/schema.js";
import { ApiError } from "../http/api-error.js";
import type { Clock } from "../clock.js";
import { subscriptionSource } from "./subscription-view.js";

/** 409 for a user with no card-paid subscription or trial. */
export const noSubscription = (action: string) =>
  new ApiError(409, `You have no subscription to ${action}`, "no_subscription");

/** 409 for a subscription bought through the billing server's checkout: it is managed on that server's page. */
export const storeManaged = () =>
  new ApiError(
    409,
    "This subscription was bought through the in-app checkout; manage it on its subscription page",
    "store_managed",
  );

/**
 * Runs `change` on the user's row, locked for the transaction, after checking it has a card-paid subscription or
 * trial (else a 409 that says why). The lock is what orders a cancel against the renewal worker's claim, which
 * locks the same row.
 */
async function withCardSubscription(
  db: AppDb,
  clock: Clock,
  userId: string,
  action: string,
  change: (tx: AppTx, user: UserRow, periodEnd: Date, now: Date) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw noSubscription(action);
    const now = clock.now();
    const { source, periodEnd } = subscriptionSource(user, now);
    if (source === "store") throw storeManaged();
    if (source !== "card" || !periodEnd) throw noSubscription(action);
    await change(tx, user, periodEnd, now);
  });
  userChanged(userId);
}

/**
 * Cancels at the period's end: access runs to the end of the trial or the paid month, nothing more is charged, then
 * the renewal worker makes the user `expired`. Cancelling again changes nothing. A renewal of this period the worker
 * has already claimed (being charged at this moment) cannot be stopped safely: the answer is 409
 * `renewal_in_progress`, so the customer is never told a charge will not happen when it may.
 *
 * @example
 * await cancelSubscription(ctx.db, ctx.clock, user.id);
 */
export async function cancelSubscription(db: AppDb, clock: Clock, userId: string): Promise<void> {
  await withCardSubscription(db, clock, userId, "cancel", async (tx, user, periodEnd, now) => {
    if (user.cancelAtPeriodEnd) return;
    const [charging] = await tx
      .select({ reference: payments.reference })
      .from(payments)
      .where(
        and(eq(payments.userId, user.id), eq(payments.renewalFor, periodEnd), eq(payments.status, "pending")),
      )
      .limit(1);
    if (charging) {
      throw new ApiError(
        409,
        "Your renewal is being charged right now. Check your billing history in a minute; cancelling then stops the next one",
        "renewal_in_progress",
      );
    }
    await tx
      .update(users)
      .set({ cancelAtPeriodEnd: true, cancelledAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
  });
}

/**
 * Undoes a cancellation before the period ends: renewals resume as before. Resuming a subscription that is not
 * cancelled changes nothing; after the period's end it is a 409 `subscription_ended` (subscribe again instead).
 *
 * @example
 * await resumeSubscription(ctx.db, ctx.clock, user.id);
 */
export async function resumeSubscription(db: AppDb, clock: Clock, userId: string): Promise<void> {
  await withCardSubscription(db, clock, userId, "resume", async (tx, user, periodEnd, now) => {
    if (!user.cancelAtPeriodEnd) return;
    if (periodEnd <= now) {
      throw new ApiError(
        409,
        "Your subscription has already ended. Subscribe again to get Premium Realm back",
        "subscription_ended",
      );
    }
    await tx
      .update(users)
      .set({ cancelAtPeriodEnd: false, cancelledAt: null, updatedAt: now })
      .where(eq(users.id, user.id));
  });
}
