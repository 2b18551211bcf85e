import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AppDb, AppTx } from "../db/database.js";
import { queryRows, type Bound } from "../db/raw-query.js";
import { dailyMessageUsage } from "../db/schema.js";

/** Free messages per UTC day for users without an active subscription. */
export const FREE_MESSAGES_PER_DAY = 3;

/**
 * The UTC calendar day of `now`, as the quota counts it.
 *
 * @example
 * utcDay(new Date("2026-11-21T23:59:59Z")); // "2026-11-21"
 */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Today's (UTC) count of free messages the user has sent. */
export async function freeMessagesUsed(db: AppDb, userId: string, now: Date): Promise<number> {
  const [row] = await freeMessagesUsedQuery(db, userId, utcDay(now));
  return row?.count ?? 0;
}

/**
 * The read of {@link freeMessagesUsed} as a query (`count`; no row before the day's first free message), for a
 * statement that folds it in as a subquery.
 *
 * @example
 * sql`coalesce((${freeMessagesUsedQuery(db, user.id, utcDay(now)).getSQL()}), 0)`;
 */
export function freeMessagesUsedQuery(db: AppDb | AppTx, userId: Bound<string>, day: Bound<string>) {
  return db
    .select({ count: dailyMessageUsage.count })
    .from(dailyMessageUsage)
    .where(and(eq(dailyMessageUsage.userId, userId), eq(dailyMessageUsage.day, day)));
}

/**
 * Takes one free message from today's allowance in a single conditional upsert: the row lock PostgreSQL takes on
 * conflict serialises concurrent sends, and the `count < limit` check is evaluated on the latest row, so the
 * allowance can never be exceeded. Returns the new count, or null when the allowance is used up.
 *
 * @example
 * const used = await consumeFreeMessage(tx, user.id, now);
 * if (used === null) throw subscriptionRequired("quota_exhausted");
 */
export async function consumeFreeMessage(tx: AppTx, userId: string, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ count: number }>(tx, consumeFreeMessageQuery(userId, utcDay(now)));
  return row ? Number(row.count) : null;
}

/**
 * The conditional upsert of {@link consumeFreeMessage} as a statement part, for a statement that folds it in (a
 * send takes its free message and stores itself in one round trip): it returns `count` only when a message was
 * taken. `when` (a condition on the statement's other parts) makes it take none unless the condition holds.
 *
 * @example
 * sql`with quota as (${consumeFreeMessageQuery(user.id, utcDay(now))}) select count from quota`;
 */
export function consumeFreeMessageQuery(
  userId: Bound<string>,
  day: Bound<string>,
  when: SQL = sql`true`,
): SQL {
  return consumeFreeMessagesQuery(sql`select ${userId}::uuid, ${day}::date where ${when}`);
}

/**
 * {@link consumeFreeMessageQuery} for several users at once: `takers` is a query of `(user_id, day)` pairs, at most
 * one per user; it returns `user_id, count` for each user a message was taken from.
 *
 * @example
 * sql`with quota as (${consumeFreeMessagesQuery(sql`select s.user_id, s.day from s`)}) select * from quota`;
 */
export function consumeFreeMessagesQuery(takers: SQL): SQL {
  return sql`insert into ${dailyMessageUsage} (user_id, day, count)
      select taker.user_id, taker.day, 1 from (${takers}) as taker(user_id, day)
      on conflict (user_id, day) do update set count = ${dailyMessageUsage.count} + 1
       where ${dailyMessageUsage.count} < ${FREE_MESSAGES_PER_DAY}
      returning ${dailyMessageUsage.userId} as user_id, ${dailyMessageUsage.count} as count`;
}

/** Gives back a message taken on `day` (the character could not answer it). */
export async function refundFreeMessage(db: AppDb, userId: string, day: string): Promise<void> {
  await db
    .update(dailyMessageUsage)
    .set({ count: sql`greatest(${dailyMessageUsage.count} - 1, 0)` })
    .where(and(eq(dailyMessageUsage.userId, userId), eq(dailyMessageUsage.day, day)));
}
