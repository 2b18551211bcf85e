import { and, eq } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import {
  checkoutSessions,
  customerAttributes,
  customers,
  purchases,
  virtualCurrencyBalances,
  virtualCurrencyGrants,
} from "../db/schema.js";
import { enqueueTransferEvent } from "../webhooks/entitlement-event.js";
import { saveAttributes } from "./customer-attributes.js";
import { addToBalances } from "./virtual-currencies.js";

type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** The prefix of the ids `generateAnonymousAppUserId` makes (docs/protocol.md, "App user ids"). */
const ANONYMOUS_PREFIX = "$RCAnonymousID:";

/**
 * `POST /v1/subscribers/identify` inside the caller's transaction: creates `newAppUserId`'s customer when it has
 * never been seen and, when `appUserId` is anonymous, moves everything of that anonymous customer (purchases, open
 * and past checkouts, virtual currency balances and grants, attributes) to `newAppUserId`, whether or not it has
 * purchases of its own (docs/decisions.md). An identified `appUserId` keeps what it has: ids the host app chose can
 * be guessed, and an identify call must not hand one customer's purchases to another. A move of purchases or
 * balances is told to the host app as a TRANSFER webhook event (`isSandbox`: the calling key's environment). A
 * retry finds nothing left to move and changes nothing.
 *
 * @returns whether `newAppUserId`'s customer was created by this call.
 * @example
 * const created = await ctx.db.transaction((tx) =>
 *   identifyCustomer(tx, { projectId, isSandbox: true }, anonymousId, "user_42", now),
 * );
 */
export async function identifyCustomer(
  tx: Tx,
  caller: { projectId: string; isSandbox: boolean },
  appUserId: string,
  newAppUserId: string,
  now: Date,
): Promise<boolean> {
  const { projectId } = caller;
  const created = await tx
    .insert(customers)
    .values({ projectId, appUserId: newAppUserId, firstSeen: now })
    .onConflictDoNothing()
    .returning({ appUserId: customers.appUserId });
  if (appUserId !== newAppUserId && appUserId.startsWith(ANONYMOUS_PREFIX)) {
    const moved = await moveCustomer(tx, projectId, appUserId, newAppUserId, now);
    if (moved) {
      await enqueueTransferEvent(tx, { ...caller, from: appUserId, to: newAppUserId, at: now });
    }
  }
  return created.length > 0;
}

/** Moves everything of `from` to `to`. @returns whether purchases or virtual currency balances moved. */
async function moveCustomer(
  tx: Tx,
  projectId: string,
  from: string,
  to: string,
  now: Date,
): Promise<boolean> {
  // Checkouts first, then the purchases locked before they move: each waits for a checkout or renewal that is
  // recording a purchase of `from` right now, so that purchase is committed, and then moved, before this ends.
  await tx
    .update(checkoutSessions)
    .set({ appUserId: to })
    .where(and(eq(checkoutSessions.projectId, projectId), eq(checkoutSessions.appUserId, from)));
  const ofPurchases = and(eq(purchases.projectId, projectId), eq(purchases.appUserId, from));
  const moving = await tx.select({ id: purchases.id }).from(purchases).where(ofPurchases).for("update");
  await tx.update(purchases).set({ appUserId: to }).where(ofPurchases);
  await tx
    .update(virtualCurrencyGrants)
    .set({ appUserId: to })
    .where(and(eq(virtualCurrencyGrants.projectId, projectId), eq(virtualCurrencyGrants.appUserId, from)));
  const balances = await tx
    .delete(virtualCurrencyBalances)
    .where(and(eq(virtualCurrencyBalances.projectId, projectId), eq(virtualCurrencyBalances.appUserId, from)))
    .returning({ code: virtualCurrencyBalances.code, amount: virtualCurrencyBalances.balance });
  await addToBalances(tx, projectId, to, balances, now);
  const attributes = await tx
    .delete(customerAttributes)
    .where(and(eq(customerAttributes.projectId, projectId), eq(customerAttributes.appUserId, from)))
    .returning({
      name: customerAttributes.name,
      value: customerAttributes.value,
      updatedAtMs: customerAttributes.updatedAtMs,
    });
  await saveAttributes(tx, projectId, to, attributes);
  return moving.length > 0 || balances.some((balance) => balance.amount !== 0);
}
