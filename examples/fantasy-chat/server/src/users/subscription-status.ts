import { sql, type SQL } from "drizzle-orm";
import { users } from "../db/schema.js";
import { BILLING_GRACE_MS } from "../premium/money.js";
import { isPremiumAt, statusAt, type SubscriptionStatus } from "../premium/subscription-machine.js";

export type { SubscriptionStatus };

/**
 * The status in effect at `now` (the subscription machine's `statusAt`): a trial past its end, a month past its grace
 * period or a cancelled month past its end is expired even before a worker stores it.
 *
 * @example
 * subscriptionStatusAt({ subscriptionStatus: "trial", trialEndDate: yesterday, … }, now); // "expired"
 */
export const subscriptionStatusAt = statusAt;

/** Premium means an active subscription at `now`: unlimited messages and the premium characters. */
export const isPremium = isPremiumAt;

/** {@link subscriptionStatusAt} as SQL over the users table, for counting in the database (a test holds them equal). */
export function subscriptionStatusSql(now: Date): SQL<SubscriptionStatus> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const graceStart = sql`${new Date(now.getTime() - BILLING_GRACE_MS).toISOString()}::timestamptz`;
  return sql<SubscriptionStatus>`case
    when ${users.subscriptionStatus} = 'trial' then
      case when ${users.trialEndDate} is not null and ${users.trialEndDate} < ${at} then 'expired' else 'trial' end
    when ${users.subscriptionStatus} = 'expired' then 'expired'
    when ${users.subscriptionPeriodEnd} is not null and (${users.subscriptionPeriodEnd} > ${at}
      or (not ${users.cancelAtPeriodEnd} and ${users.subscriptionPeriodEnd} > ${graceStart})) then 'active'
    when ${users.storeEntitlementExpiresAt} is not null then
      case when ${users.storeEntitlementExpiresAt} > ${at} then 'active' else 'expired' end
    when ${users.subscriptionPeriodEnd} is not null then 'expired'
    else 'active' end`;
}
