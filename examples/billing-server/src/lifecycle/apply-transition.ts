import { and, eq, isNull } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { BillingDb } from "../db/database.js";
import { purchases, type products } from "../db/schema.js";
import { grantVirtualCurrencies } from "../domain/virtual-currencies.js";
import { enqueueEntitlementEvent, type EntitlementEventType } from "../webhooks/entitlement-event.js";
import { nextRenewalPeriod, type SubscriptionPhases } from "./next-renewal-period.js";
import type { CancelReason, Transition } from "./subscription-machine.js";

type PurchaseRow = typeof purchases.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** What the effects of a transition need besides the period: its product, and its plan when it can renew. */
export interface TransitionContext {
  product: Pick<ProductRow, "entitlements" | "virtualCurrencyGrants"> | undefined;
  /** Needed by a transition that stores a renewal. */
  plan?: { option: SubscriptionPhases; firstPeriodType: PurchaseRow["periodType"] };
  at: Date;
}

/** What applying a transition wrote. */
export interface AppliedTransition {
  /** The period as written. */
  period: PurchaseRow;
  /** The renewal stored, if the transition stored one and it was not stored before. */
  renewal: PurchaseRow | null;
}

/**
 * Writes an accepted {@link Transition} of `period` inside the caller's transaction: its changes, guarded so that
 * they apply only to the period as it was read (not settled since, no renewal attempt recorded since), then its
 * `store_renewal` and `webhook` effects (a product that grants no entitlement has nothing to tell the host app).
 * Null when another process changed the period first: nothing was written. The caller runs the effects that leave
 * the database (a charge, a mail).
 *
 * @example
 * const applied = await db.transaction((tx) => applyTransition(tx, period, result, { product, at: now }));
 */
export async function applyTransition(
  tx: Tx,
  period: PurchaseRow,
  result: Transition,
  context: TransitionContext,
): Promise<AppliedTransition | null> {
  const written = await writeChanges(tx, period, result.changes);
  if (!written) return null;
  let renewal: PurchaseRow | null = null;
  for (const effect of result.effects) {
    if (effect.type === "store_renewal") {
      renewal = await storeRenewal(tx, written, effect.startsAt, effect.unsubscribeDetectedAt, context);
    } else if (effect.type === "webhook") {
      const about = effect.event === "RENEWAL" ? renewal : written;
      if (about) await notify(tx, effect.event, about, context, effect.cancelReason);
    }
  }
  return { period: written, renewal };
}

async function writeChanges(
  tx: Tx,
  period: PurchaseRow,
  changes: Transition["changes"],
): Promise<PurchaseRow | null> {
  if (Object.keys(changes).length === 0) return period;
  const [row] = await tx
    .update(purchases)
    .set(changes)
    .where(
      and(
        eq(purchases.id, period.id),
        // Not settled since it was read (a refund may change a period settled before, as it was).
        period.lifecycleHandledAt === null
          ? isNull(purchases.lifecycleHandledAt)
          : eq(purchases.lifecycleHandledAt, period.lifecycleHandledAt),
        eq(purchases.renewalAttempts, period.renewalAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Stores the period that renews `period`, starting at `startsAt`, and grants its virtual currencies. A renewal
 * stored before (a replayed payment, another worker) is not stored twice: its transaction id is deterministic and
 * the table's unique key. Null when nothing was stored.
 */
async function storeRenewal(
  tx: Tx,
  period: PurchaseRow,
  startsAt: Date,
  unsubscribeDetectedAt: Date | null,
  { product, plan, at }: TransitionContext,
): Promise<PurchaseRow | null> {
  if (!plan) throw new Error("a renewal needs the period's plan");
  const next = nextRenewalPeriod({
    previous: { storeTransactionId: period.storeTransactionId, expiresDate: startsAt },
    firstPeriodType: plan.firstPeriodType,
    option: plan.option,
  });
  const [row] = await tx
    .insert(purchases)
    .values({
      id: randomUUID(),
      projectId: period.projectId,
      // As written, not as first read: an identify call may have moved the purchase to another customer.
      appUserId: period.appUserId,
      productId: period.productId,
      optionId: period.optionId,
      store: period.store,
      isSandbox: period.isSandbox,
      storeTransactionId: next.storeTransactionId,
      periodType: next.periodType,
      purchaseDate: next.purchaseDate,
      originalPurchaseDate: period.originalPurchaseDate,
      expiresDate: next.expiresDate,
      unsubscribeDetectedAt,
      priceMicros: next.priceMicros,
      currency: next.currency,
      presentedOfferingIdentifier: period.presentedOfferingIdentifier,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await grantVirtualCurrencies(tx, row, product?.virtualCurrencyGrants ?? {}, at);
  return row;
}

async function notify(
  tx: Tx,
  type: EntitlementEventType,
  purchase: PurchaseRow,
  { product, at }: TransitionContext,
  cancelReason: CancelReason | undefined,
): Promise<void> {
  const entitlementIds = product?.entitlements ?? [];
  if (entitlementIds.length === 0) return;
  await enqueueEntitlementEvent(tx, { type, purchase, entitlementIds, at, cancelReason });
}
