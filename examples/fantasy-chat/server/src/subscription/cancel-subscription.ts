import { and, eq } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import type { AppDb } from "../db/database.js";
import { payments, users } from "../db/schema.js";
import { storeTransition } from "../premium/store-transition.js";
import { ApiError } from "../http/api-error.js";
import type { Clock } from "../clock.js";
import {
  sourceOf,
  transition,
  type SubscriptionEvent,
  type SubscriptionRefusal,
} from "../premium/subscription-machine.js";

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

/** The API's answer to a refused action. */
function refusalError(refusal: SubscriptionRefusal, action: string): ApiError {
  switch (refusal) {
    case "store_managed":
      return storeManaged();
    case "no_subscription":
      return noSubscription(action);
    case "renewal_in_progress":
      return new ApiError(
        409,
        "Your renewal is being charged right now. Check your billing history in a minute; cancelling then stops the next one",
        "renewal_in_progress",
      );
    case "subscription_ended":
      return new ApiError(
        409,
        "Your subscription has already ended. Subscribe again to get Premium Realm back",
        "subscription_ended",
      );
  }
}

/**
 * Applies the customer's cancel or resume to their row, locked for the transaction (the lock orders it against
 * the renewal worker's claim, which locks the same row), through the subscription machine; a refusal is a 409 that
 * says why.
 */
async function customerAction(
  db: AppDb,
  clock: Clock,
  userId: string,
  action: "cancel" | "resume",
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw noSubscription(action);
    const now = clock.now();
    let event: SubscriptionEvent = { type: "resume" };
    if (action === "cancel") {
      const { periodEnd } = sourceOf(user, now);
      const [charging] = periodEnd
        ? await tx
            .select({ reference: payments.reference })
            .from(payments)
            .where(
              and(
                eq(payments.userId, user.id),
                eq(payments.renewalFor, periodEnd),
                eq(payments.kind, "renewal"),
                eq(payments.status, "pending"),
              ),
            )
            .limit(1)
        : [];
      event = { type: "cancel", renewalInFlight: charging !== undefined };
    }
    const next = transition(user, event, now);
    if (!next.ok) throw refusalError(next.refusal, action);
    await storeTransition(tx, user, next, now);
  });
  userChanged(userId);
}

/**
 * Cancels at the period's end: access runs to the end of the trial or the paid month, nothing more is charged, then
 * the renewal worker makes the user `expired`; during a billing issue's grace period it ends at once (nothing more
 * is retried). Cancelling again changes nothing. A renewal of this period the worker is charging at this moment
 * cannot be stopped safely: the answer is 409 `renewal_in_progress`, so the customer is never told a charge will not
 * happen when it may.
 *
 * @example
 * await cancelSubscription(ctx.db, ctx.clock, user.id);
 */
export function cancelSubscription(db: AppDb, clock: Clock, userId: string): Promise<void> {
  return customerAction(db, clock, userId, "cancel");
}

/**
 * Undoes a cancellation before the period ends: renewals resume as before. Resuming a subscription that is not
 * cancelled changes nothing; after the period's end it is a 409 `subscription_ended` (subscribe again instead).
 *
 * @example
 * await resumeSubscription(ctx.db, ctx.clock, user.id);
 */
export function resumeSubscription(db: AppDb, clock: Clock, userId: string): Promise<void> {
  return customerAction(db, clock, userId, "resume");
}
