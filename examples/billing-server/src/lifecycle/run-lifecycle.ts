import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { products, purchases, type RenewalAuthentication } from "../db/schema.js";
import { enqueueEntitlementEvent, type EntitlementEventType } from "../webhooks/entitlement-event.js";
import { nextRenewalPeriod, type RenewalPeriod, type SubscriptionPhases } from "./next-renewal-period.js";
import { defaultRenewalCharger, type RenewalCharger, type RenewalOutcome } from "./renewal-charger.js";
import { grantVirtualCurrencies } from "../domain/virtual-currencies.js";
import { firstPeriodType } from "./renewal-charge.js";

type PurchaseRow = typeof purchases.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** Retries of a declined renewal, in days after the first decline. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [1, 3, 5];
/** The grace period of a billing issue, in days after the first decline: access continues while payment is retried. */
export const GRACE_PERIOD_DAYS = 6;

const DAY_MS = 24 * 60 * 60_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** A renewal payment that waits for the customer to confirm it (SCA), with the period it renews. */
export interface PendingAuthentication {
  period: PurchaseRow;
  authentication: RenewalAuthentication;
  amountMicros: number;
  currency: string;
}

/** How {@link runLifecycle} runs. */
export interface LifecycleOptions {
  /** {@link defaultRenewalCharger} when absent. */
  renewalCharger?: RenewalCharger;
  /** Tells the customer that their bank wants them to confirm a renewal payment (the hosted confirmation link). */
  onAuthenticationRequired?: (pending: PendingAuthentication) => Promise<void>;
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
 *   `RENEWAL`; a decline opens a billing issue (`BILLING_ISSUE`, once) with a grace period of
 *   {@link GRACE_PERIOD_DAYS} days in which access continues and the charge is retried {@link RENEWAL_RETRY_DAYS}
 *   days after the first decline; a payment the bank wants confirmed (SCA) waits for the customer instead of
 *   retrying ({@link LifecycleOptions.onAuthenticationRequired}). When the grace period ends unpaid — `EXPIRATION`;
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
      await settlePeriod(ctx, period, options, report);
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
        or(isNull(purchases.renewalRetryAt), lte(purchases.renewalRetryAt, now)),
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
  options: LifecycleOptions,
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
  const graceOver = period.gracePeriodExpiresDate !== null && period.gracePeriodExpiresDate <= ctx.now();
  // A cancelled subscription ends; so does one whose plan has left the catalogue (nothing to renew into), and one
  // whose billing issue outlasted its grace period.
  if (period.unsubscribeDetectedAt !== null || !option?.base || !period.expiresDate || graceOver) {
    const at = ctx.now();
    const expired = await db.transaction(async (tx) => {
      // Access ends now, not at the end of a grace period a cancellation cut short.
      const grace = period.gracePeriodExpiresDate && period.gracePeriodExpiresDate > at ? at : undefined;
      const settled = await settle(tx, period, at, grace ? { gracePeriodExpiresDate: grace } : {});
      if (settled) await notify(tx, "EXPIRATION", settled, entitlementIds, at);
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
  let outcome: RenewalOutcome;
  try {
    outcome =
      next.priceMicros === 0
        ? "succeeded"
        : await (options.renewalCharger ?? defaultRenewalCharger)({
            purchase: period,
            storeTransactionId: next.storeTransactionId,
            attempt: period.renewalAttempts,
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
    if (await renewPeriod(db, period, next, product, at)) report.renewals++;
    return;
  }
  const opened = await recordFailedRenewal(db, period, outcome, entitlementIds, at);
  if (opened === null) return;
  if (opened) report.billingIssues++;
  if (outcome !== "failed") {
    await options.onAuthenticationRequired?.({
      period,
      authentication: authenticationOf(outcome),
      amountMicros: next.priceMicros,
      currency: next.currency,
    });
  }
}

/**
 * Settles `period` as renewed: the next period is stored (a retried renewal can never be stored twice: its
 * transaction id is the table's unique key), the product's virtual currencies granted and `RENEWAL` sent, in one
 * transaction. False when another worker settled it first. `alreadySettled`: the period expired before a late
 * payment came in; the paid period is stored on its own.
 */
async function renewPeriod(
  db: BillingDb,
  period: PurchaseRow,
  next: RenewalPeriod,
  product: typeof products.$inferSelect | undefined,
  at: Date,
  { alreadySettled = false } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const settled = alreadySettled ? period : await settle(tx, period, at, {});
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
      await notify(tx, "RENEWAL", row, product?.entitlements ?? [], at);
      await grantVirtualCurrencies(tx, row, product?.virtualCurrencyGrants ?? {}, at);
    }
    return row !== undefined;
  });
}

/**
 * Records a renewal charge that did not succeed: the first opens the billing issue (`BILLING_ISSUE`) and its grace
 * period; the next retry is due on the schedule, or at the end of the grace period once the retries are spent or
 * the payment waits for the customer (SCA). True when this opened the billing issue, false when it continued it,
 * null when another worker had already recorded this attempt.
 */
async function recordFailedRenewal(
  db: BillingDb,
  period: PurchaseRow,
  outcome: Exclude<RenewalOutcome, "succeeded">,
  entitlementIds: readonly string[],
  at: Date,
): Promise<boolean | null> {
  const attempts = period.renewalAttempts + 1;
  const issueAt = period.billingIssuesDetectedAt ?? at;
  const graceEnd = period.gracePeriodExpiresDate ?? addDays(issueAt, GRACE_PERIOD_DAYS);
  const retryDays = RENEWAL_RETRY_DAYS[attempts - 1];
  const waitsForCustomer = outcome !== "failed";
  const retryAt = !waitsForCustomer && retryDays !== undefined ? addDays(issueAt, retryDays) : graceEnd;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(purchases)
      .set({
        billingIssuesDetectedAt: issueAt,
        gracePeriodExpiresDate: graceEnd,
        renewalRetryAt: retryAt < graceEnd ? retryAt : graceEnd,
        renewalAttempts: attempts,
        renewalAuthentication: waitsForCustomer ? authenticationOf(outcome) : period.renewalAuthentication,
        lifecycleLeaseUntil: null,
      })
      .where(
        and(
          eq(purchases.id, period.id),
          isNull(purchases.lifecycleHandledAt),
          eq(purchases.renewalAttempts, period.renewalAttempts),
        ),
      )
      .returning();
    if (!row) return null;
    const opened = period.billingIssuesDetectedAt === null;
    if (opened) await notify(tx, "BILLING_ISSUE", row, entitlementIds, at);
    return opened;
  });
}

const authenticationOf = ({
  paymentIntentId,
  clientSecret,
  paymentMethodId,
}: RenewalAuthentication): RenewalAuthentication => ({ paymentIntentId, clientSecret, paymentMethodId });

/**
 * Marks the period settled unless another worker already did (after this one's lease lapsed); returns the
 * updated row, or null when there is nothing left to do.
 */
async function settle(
  tx: Tx,
  period: PurchaseRow,
  at: Date,
  changes: { gracePeriodExpiresDate?: Date },
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

/**
 * Settles the renewal a customer confirmed on the hosted page (SCA), when Stripe reports its payment succeeded: the
 * period renews as if the charge had succeeded at once. A payment confirmed after the grace period ended (the
 * subscription expired meanwhile) still renews, from now: money taken always grants. Replays change nothing.
 *
 * @returns whether a renewal was stored now.
 */
export async function confirmRenewalPayment(
  ctx: Pick<BillingContext, "db" | "now">,
  input: { projectId: string; periodId: string; paymentIntentId: string },
): Promise<boolean> {
  const [period] = await ctx.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.projectId, input.projectId), eq(purchases.id, input.periodId)));
  if (!period?.expiresDate || period.renewalAuthentication?.paymentIntentId !== input.paymentIntentId)
    return false;
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
  const option = (product?.purchaseOptions as Record<string, Partial<SubscriptionPhases>> | undefined)?.[
    period.optionId
  ];
  if (!option?.base) return false;
  const at = ctx.now();
  const lapsed = period.lifecycleHandledAt !== null;
  const next = nextRenewalPeriod({
    previous: {
      storeTransactionId: period.storeTransactionId,
      expiresDate: lapsed && period.expiresDate < at ? at : period.expiresDate,
    },
    firstPeriodType: await firstPeriodType(ctx.db, period),
    option: option as SubscriptionPhases,
  });
  return renewPeriod(ctx.db, period, next, product, at, { alreadySettled: lapsed });
}
