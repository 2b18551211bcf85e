import { sql, type SQL } from "drizzle-orm";
import type { StoredSubscriptionStatus } from "../db/schema.js";
import { users } from "../db/schema.js";

/** What clients see: "active" is premium; "expired" once the trial is over and nothing was paid. */
export type SubscriptionStatus = "trial" | "active" | "expired";

/**
 * The status in effect at `now`: a trial whose end date has passed is expired even before anything updates the
 * stored status (the renewal worker does that later).
 *
 * @example
 * subscriptionStatusAt({ subscriptionStatus: "trial", trialEndDate: yesterday }, now); // "expired"
 */
export function subscriptionStatusAt(
  user: { subscriptionStatus: StoredSubscriptionStatus; trialEndDate: Date | null },
  now: Date,
): SubscriptionStatus {
  if (user.subscriptionStatus !== "trial") return user.subscriptionStatus;
  return user.trialEndDate !== null && now.getTime() > user.trialEndDate.getTime() ? "expired" : "trial";
}

/** Premium means an active subscription: unlimited messages and the premium characters. */
export function isPremium(user: { subscriptionStatus: StoredSubscriptionStatus }): boolean {
  return user.subscriptionStatus === "active";
}

/** {@link subscriptionStatusAt} as SQL over the users table, for counting in the database. */
export function subscriptionStatusSql(now: Date): SQL<SubscriptionStatus> {
  return sql<SubscriptionStatus>`case
    when ${users.subscriptionStatus} <> 'trial' then ${users.subscriptionStatus}
    when ${users.trialEndDate} is not null and ${users.trialEndDate} < ${now.toISOString()}::timestamptz then 'expired'
    else 'trial' end`;
}
