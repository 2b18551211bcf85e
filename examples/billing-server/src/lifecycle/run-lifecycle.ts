import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { products, purchases } from "../db/schema.js";
import { enqueueEntitlementEvent, type EntitlementEventType } from "../webhooks/entitlement-event.js";
import { nextRenewalPeriod, renewalChainPosition, type SubscriptionPhases } from "./next-renewal-period.js";
import { defaultRenewalCharger, type RenewalCharger } from "./renewal-charger.js";
import { grantVirtualCurrencies } from "../domain/virtual-currencies.js";

type PurchaseRow = typeof purchases.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** How {@link runLifecycle} runs. */
export interface LifecycleOptions {
  /** {@link defaultRenewalCharger} when absent. */
  renewalCharger?: RenewalCharger;
  /** How long a claimed period is left to its worker before another may take it over; 60 s by default. */
  leaseMs?: number;
  /** Periods claimed at a time; 50 by default. */
  batchSize?: number;
  /** Batches per call at most; 100 by default. */
  maxBatches?: number;
}

/** What one call did. */
export interface LifecycleReport {
  renewals: number;
  expirations: number;
  billingIssues: number;
  /** Charges that threw: retried once their lease lapses. */
  errors: number;
}

/**
 * Settles every subscription period that has ended by `ctx.now()` and not been settled yet, in the order
 * the periods ended:
 *
 * - cancelled (`unsubscribe_detected_at` set): the subscription ends — `EXPIRATION`;
 * - otherwise the renewal is charged through the {@link RenewalCharger}. Success stores the next period
 *   (starting at the old expiry, so access has no gap) and grants the product's virtual currencies —
 *   `RENEWAL`; a decline marks the billing issue and ends the subscription at once (no grace period) —
 *   `BILLING_ISSUE` and `EXPIRATION`;
 * - a period replaced by a later purchase of the same product, or refunded, is settled with no event.
 *
 * A subscription several periods behind (the server was down) catches up one period at a time within the
 * call. Every change is committed with its outbox events in one transaction and settles its period exactly
 * once, so calling this twice for the same instant changes nothing the second time. Several processes may
 * run it at once: periods are claimed with `FOR UPDATE SKIP LOCKED` and a lease that covers the charge.
 *
 * @example
 * await runLifecycle(ctx, { renewalCharger: async () => "succeeded" });
 */
export async function runLifecycle(
  ctx: Pick<BillingContext, "db" | "now">,
  options: LifecycleOptions = {},
): Promise<LifecycleReport> {
  const report: LifecycleReport = { renewals: 0, expirations: 0, billingIssues: 0, errors: 0 };
  const batchSize = options.batchSize ?? 50;
  for (let batch = 0; batch < (options.maxBatches ?? 100); batch++) {
    const claimed = await claimEndedPeriods(ctx, batchSize, options.leaseMs ?? 60_000);
    if (claimed.length === 0) break;
    for (const period of claimed) {
      await settlePeriod(ctx, period, options.renewalCharger ?? defaultRenewalCharger, report);
    }
  }
  return report;
}

async function claimEndedPeriods(
  ctx: Pick<BillingContext, "db" | "now">,
  limit: number,
  leaseMs: number,
): Promise<PurchaseRow[]> {
  const now = ctx.now();
  const ended = ctx.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        isNull(purchases.lifecycleHandledAt),
        lte(purchases.expiresDate, now),
        or(isNull(purchases.lifecycleLeaseUntil), lte(purchases.lifecycleLeaseUntil, now)),
      ),
    )
    .orderBy(asc(purchases.expiresDate))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await ctx.db
    .update(purchases)
    .set({ lifecycleLeaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(purchases.id, ended))
    .returning();
  return rows.sort((a, b) => (a.expiresDate?.getTime() ?? 0) - (b.expiresDate?.getTime() ?? 0));
}

async function settlePeriod(
  ctx: Pick<BillingContext, "db" | "now">,
  period: PurchaseRow,
  charger: RenewalCharger,
  report: LifecycleReport,
): Promise<void> {
  const { db } = ctx;
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
  const entitlementIds = product?.entitlements ?? [];
  const [later] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.projectId, period.projectId),
        eq(purchases.appUserId, period.appUserId),
        eq(purchases.productId, period.productId),
        gt(purchases.purchaseDate, period.purchaseDate),
      ),
    )
    .limit(1);

  if (period.refundedAt !== null || later) {
    await db.transaction((tx) => settle(tx, period, ctx.now(), {}));
    return;
  }
  const option = (product?.purchaseOptions as Record<string, Partial<SubscriptionPhases>> | undefined)?.[
    period.optionId
  ];
  // A cancelled subscription ends; so does one whose plan has left the catalogue (nothing to renew into).
  if (period.unsubscribeDetectedAt !== null || !option?.base || !period.expiresDate) {
    const expired = await db.transaction(async (tx) => {
      const settled = await settle(tx, period, ctx.now(), {});
      if (settled) await notify(tx, "EXPIRATION", settled, entitlementIds, ctx.now());
      return settled !== null;
    });
    if (expired) report.expirations++;
    return;
  }

  const next = nextRenewalPeriod({
    previous: { storeTransactionId: period.storeTransactionId, expiresDate: period.expiresDate },
    firstPeriodType: await firstPeriodType(db, period),
    option: option as SubscriptionPhases,
  });
  let outcome: "succeeded" | "failed";
  try {
    outcome =
      next.priceMicros === 0
        ? "succeeded"
        : await charger({
            purchase: period,
            storeTransactionId: next.storeTransactionId,
            amountMicros: next.priceMicros,
            currency: next.currency,
          });
  } catch {
    // Unknown outcome: leave the period claimed; once the lease lapses it is tried again with the same
    // idempotency key.
    report.errors++;
    return;
  }

  const at = ctx.now();
  if (outcome === "succeeded") {
    const renewed = await db.transaction(async (tx) => {
      const settled = await settle(tx, period, at, {});
      if (!settled) return false;
      const [row] = await tx
        .insert(purchases)
        .values({
          id: randomUUID(),
          projectId: period.projectId,
          // As settled, not as first read: an identify call may have moved the purchase to another customer.
          appUserId: settled.appUserId,
          productId: period.productId,
          optionId: period.optionId,
          store: period.store,
          isSandbox: period.isSandbox,
          storeTransactionId: next.storeTransactionId,
          periodType: next.periodType,
          purchaseDate: next.purchaseDate,
          originalPurchaseDate: period.originalPurchaseDate,
          expiresDate: next.expiresDate,
          priceMicros: next.priceMicros,
          currency: next.currency,
          presentedOfferingIdentifier: period.presentedOfferingIdentifier,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await notify(tx, "RENEWAL", row, entitlementIds, at);
        await grantVirtualCurrencies(tx, row, product?.virtualCurrencyGrants ?? {}, at);
      }
      return row !== undefined;
    });
    if (renewed) report.renewals++;
  } else {
    const failed = await db.transaction(async (tx) => {
      const settled = await settle(tx, period, at, { billingIssuesDetectedAt: at });
      if (!settled) return false;
      await notify(tx, "BILLING_ISSUE", settled, entitlementIds, at);
      await notify(tx, "EXPIRATION", settled, entitlementIds, at);
      return true;
    });
    if (failed) report.billingIssues++;
  }
}

/**
 * Marks the period settled unless another worker already did (after this one's lease lapsed); returns the
 * updated row, or null when there is nothing left to do.
 */
async function settle(
  tx: Tx,
  period: PurchaseRow,
  at: Date,
  changes: { billingIssuesDetectedAt?: Date },
): Promise<PurchaseRow | null> {
  const [row] = await tx
    .update(purchases)
    .set({ ...changes, lifecycleHandledAt: at, lifecycleLeaseUntil: null })
    .where(and(eq(purchases.id, period.id), isNull(purchases.lifecycleHandledAt)))
    .returning();
  return row ?? null;
}

/** Events are entitlement changes: a product that grants none has nothing to tell the host app. */
async function notify(
  tx: Tx,
  type: EntitlementEventType,
  purchase: PurchaseRow,
  entitlementIds: readonly string[],
  at: Date,
): Promise<void> {
  if (entitlementIds.length > 0) await enqueueEntitlementEvent(tx, { type, purchase, entitlementIds, at });
}

async function firstPeriodType(db: BillingDb, period: PurchaseRow): Promise<PurchaseRow["periodType"]> {
  const { originalTransactionId, renewalNumber } = renewalChainPosition(period.storeTransactionId);
  if (renewalNumber === 0) return period.periodType;
  const [original] = await db
    .select({ periodType: purchases.periodType })
    .from(purchases)
    .where(
      and(eq(purchases.projectId, period.projectId), eq(purchases.storeTransactionId, originalTransactionId)),
    );
  return original?.periodType ?? "normal";
}
