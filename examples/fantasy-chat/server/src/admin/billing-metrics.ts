import { and, count, countDistinct, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/database.js";
import { messages, payments, subscriptionTransitions, users } from "../db/schema.js";
import { PREMIUM_PRICE } from "../premium/money.js";
import { storeMonthlyAmount } from "../billing/store-plans.js";
import { subscriptionStatusSql } from "../users/subscription-status.js";
import type { TransitionName } from "../premium/subscription-machine.js";

/** One day of the dashboard's chart (UTC). */
export interface DailyMetrics {
  /** YYYY-MM-DD. */
  date: string;
  signups: number;
  messages: number;
  /** Premium payments that succeeded that day and were not refunded, in minor units (card checks excluded). */
  revenue: number;
}

/** `GET /api/admin/billing`: the subscription business at a glance. */
export interface BillingMetrics {
  /**
   * Monthly recurring revenue in minor units: every paid subscription that renews — card-paid at R99 (past due
   * included while its grace runs), store-paid at its plan's price a month (an annual plan's ÷ 12). Trials and
   * cancelled subscriptions bring in nothing more and are not counted.
   */
  mrr: number;
  currency: string;
  /** Paid subscriptions running now (card or store; a store trial is trialing). */
  active: number;
  /** Trials with a card, and store subscriptions in their free trial period. */
  trialing: number;
  /** Active or trialing, cancelled (in the app, or on the billing server's Manage page): ends at the period's end. */
  cancelling: number;
  /** A declined renewal in its grace period (card-paid, or store-paid after the billing server's BILLING_ISSUE). */
  pastDue: number;
  /**
   * Of the trials that have ended — with a card here, or the billing server's free trial period — how many became
   * paid (a successful R99 charge, or a paid store period after the trial).
   */
  trialConversion: { ended: number; converted: number; rate: number | null };
  /**
   * Paid subscriptions (card-paid months) that ended in the last `days` days — cancelled, unpaid after their grace
   * period, or with no card — and are not active again; the rate is of those plus the ones active now.
   */
  churn: { ended: number; rate: number | null };
  /** The last `days` days, oldest first, today included. */
  daily: DailyMetrics[];
}

const DAY_MS = 24 * 60 * 60_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dashboard's billing figures at `now`, counted in the database.
 *
 * @example
 * await billingMetrics(ctx.db, ctx.clock.now(), 30); // { mrr: 19800, active: 2, … }
 */
export async function billingMetrics(db: AppDb, now: Date, days: number): Promise<BillingMetrics> {
  const status = subscriptionStatusSql(now);
  // As sourceOf reads a user: an active status without a card-paid month is the billing server's.
  const card = sql`${status} = 'active' and ${users.subscriptionPeriodEnd} is not null`;
  const store = sql`${status} = 'active' and ${users.subscriptionPeriodEnd} is null`;
  const storeTrial = sql`${store} and ${users.storePeriodType} = 'trial'`;
  const [counts] = await db
    .select({
      active: count(sql`case when ${status} = 'active' and not coalesce(${storeTrial}, false) then 1 end`),
      trialing: count(
        sql`case when (${status} = 'trial' and ${users.paymentMethodSetup}) or ${storeTrial} then 1 end`,
      ),
      renewingCards: count(sql`case when ${card} and not ${users.cancelAtPeriodEnd} then 1 end`),
      cancelling: count(
        sql`case when (${status} in ('active', 'trial') and ${users.cancelAtPeriodEnd})
          or (${store} and ${users.storeCancelledAt} is not null) then 1 end`,
      ),
      pastDue: count(
        sql`case when (${card} and ${users.billingIssueAt} is not null)
          or (${store} and ${users.storeBillingIssueAt} is not null) then 1 end`,
      ),
    })
    .from(users);
  // Store subscriptions that renew into a paid period, per product (an annual plan is priced by the year).
  const renewingStore = await db
    .select({ productId: users.storeProductId, n: count() })
    .from(users)
    .where(
      sql`${store} and ${users.storeCancelledAt} is null and ${users.storePeriodType} is distinct from 'trial'`,
    )
    .groupBy(users.storeProductId);
  const storeMrr = renewingStore.reduce(
    (sum, row) => sum + Number(row.n) * storeMonthlyAmount(row.productId),
    0,
  );
  return {
    mrr: Number(counts?.renewingCards ?? 0) * PREMIUM_PRICE.amount + storeMrr,
    currency: PREMIUM_PRICE.currency,
    active: Number(counts?.active ?? 0),
    trialing: Number(counts?.trialing ?? 0),
    cancelling: Number(counts?.cancelling ?? 0),
    pastDue: Number(counts?.pastDue ?? 0),
    trialConversion: await trialConversion(db, now),
    churn: await churn(db, now, days, Number(counts?.active ?? 0)),
    daily: await dailyMetrics(db, now, days),
  };
}

/**
 * Trials whose end has passed, and how many of them were followed by a paid period: a trial with a card here and a
 * successful R99 charge, or the billing server's free trial and a paid store period after it. A user counts once.
 */
async function trialConversion(db: AppDb, now: Date): Promise<BillingMetrics["trialConversion"]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const cardEnded = sql`${users.trialEndDate} is not null and ${users.trialEndDate} <= ${at} and ${users.paymentMethodSetup}`;
  const storeEnded = sql`${users.storeTrialEndsAt} is not null and ${users.storeTrialEndsAt} <= ${at}`;
  const cardPaid = sql`exists (select 1 from ${payments} where ${payments.userId} = ${users.id}
    and ${payments.status} = 'success' and ${payments.amount} = ${PREMIUM_PRICE.amount}
    and ${payments.kind} in ('renewal', 'subscription', 'card_update'))`;
  const [row] = await db
    .select({
      ended: count(),
      converted: count(
        sql`case when (${cardEnded} and ${cardPaid}) or (${storeEnded} and ${users.storeTrialConvertedAt} is not null)
          then 1 end`,
      ),
    })
    .from(users)
    .where(sql`(${cardEnded}) or (${storeEnded})`);
  const total = Number(row?.ended ?? 0);
  const converted = Number(row?.converted ?? 0);
  return { ended: total, converted, rate: total === 0 ? null : converted / total };
}

/** The transitions that end a paid month (see `TransitionName`). */
const ENDINGS: TransitionName[] = ["ended_cancelled", "ended_no_card", "ended_after_grace", "ended_unpaid"];

/** Paid subscriptions ended in the last `days` days and not active again (see {@link BillingMetrics.churn}). */
async function churn(db: AppDb, now: Date, days: number, active: number): Promise<BillingMetrics["churn"]> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [row] = await db
    .select({ ended: countDistinct(subscriptionTransitions.userId) })
    .from(subscriptionTransitions)
    .innerJoin(users, eq(users.id, subscriptionTransitions.userId))
    .where(
      and(
        inArray(subscriptionTransitions.name, ENDINGS),
        eq(subscriptionTransitions.fromStatus, "active"),
        gt(subscriptionTransitions.at, since),
        sql`${subscriptionStatusSql(now)} <> 'active'`,
      ),
    );
  const ended = Number(row?.ended ?? 0);
  return { ended, rate: ended + active === 0 ? null : ended / (ended + active) };
}

/** Signups, messages and revenue per UTC day for the last `days` days. */
async function dailyMetrics(db: AppDb, now: Date, days: number): Promise<DailyMetrics[]> {
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS,
  );
  const day = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  const signups = await db
    .select({ day: day(users.createdAt), n: count() })
    .from(users)
    .where(gte(users.createdAt, first))
    .groupBy(day(users.createdAt));
  const sent = await db
    .select({ day: day(messages.createdAt), n: count() })
    .from(messages)
    .where(and(gte(messages.createdAt, first), eq(messages.role, "user")))
    .groupBy(day(messages.createdAt));
  const paid = await db
    .select({ day: day(payments.settledAt), sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.status, "success"),
        gte(payments.settledAt, first),
        isNull(payments.refundedAt),
        inArray(payments.kind, ["subscription", "renewal", "card_update"]),
      ),
    )
    .groupBy(day(payments.settledAt));
  const byDay = (rows: { day: string; n?: number; sum?: string }[]) =>
    new Map(rows.map((r) => [r.day, Number(r.n ?? r.sum ?? 0)]));
  const [s, m, r] = [byDay(signups), byDay(sent), byDay(paid)];
  return Array.from({ length: days }, (_, i) => {
    const date = dayOf(new Date(first.getTime() + i * DAY_MS));
    return { date, signups: s.get(date) ?? 0, messages: m.get(date) ?? 0, revenue: r.get(date) ?? 0 };
  });
}
