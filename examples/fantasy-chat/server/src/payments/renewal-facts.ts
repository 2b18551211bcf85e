import { sql, type SQL } from "drizzle-orm";
import type { GatewayName } from "../db/schema.js";
import { paymentMethods, payments, users } from "../db/schema.js";
import { RENEWAL_RETRY_INTERVAL_MS } from "../premium/money.js";

/** What the subscription machine's `clock` event needs to know about a user, read in the same statement. */
export interface RenewalFacts {
  hasCard: boolean;
  renewalInFlight: boolean;
  retryHeld: boolean;
}

/**
 * The facts of the subscription machine's `clock` event as SQL over the users table (see `SubscriptionEvent`), for
 * the period a renewal would pay (the trial's end, else the month's): a card this gateway can charge is saved; the
 * worker's renewal of the period is pending; the period has a live payment (pending or paid, a card update the
 * customer has open included: one live payment a period) or a renewal tried within the last day.
 *
 * @example
 * await db.select({ ...getTableColumns(users), ...renewalFactsSql(gateway.name, now) }).from(users);
 */
export function renewalFactsSql(gateway: GatewayName, now: Date): Record<keyof RenewalFacts, SQL<boolean>> {
  const dueAt = sql`case when ${users.subscriptionStatus} = 'trial' then ${users.trialEndDate} else ${users.subscriptionPeriodEnd} end`;
  const retryAfter = new Date(now.getTime() - RENEWAL_RETRY_INTERVAL_MS).toISOString();
  const ofPeriod = sql`${payments.userId} = ${users.id} and ${payments.renewalFor} = ${dueAt}`;
  return {
    hasCard: sql<boolean>`exists (select 1 from ${paymentMethods} where ${paymentMethods.userId} = ${users.id}
      and ${paymentMethods.gateway} = ${gateway})`,
    renewalInFlight: sql<boolean>`exists (select 1 from ${payments} where ${ofPeriod}
      and ${payments.kind} = 'renewal' and ${payments.status} = 'pending')`,
    retryHeld: sql<boolean>`exists (select 1 from ${payments} where ${ofPeriod}
      and (${payments.status} in ('pending', 'success')
        or (${payments.kind} = 'renewal' and ${payments.attemptedAt} > ${retryAfter}::timestamptz)))`,
  };
}
