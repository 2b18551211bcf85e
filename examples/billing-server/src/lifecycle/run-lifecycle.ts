import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { products, purchases, type RenewalAuthentication } from "../db/schema.js";
import { applyTransition } from "./apply-transition.js";
import { nextRenewalPeriod, type SubscriptionPhases } from "./next-renewal-period.js";
import { defaultRenewalCharger, type RenewalCharger, type RenewalOutcome } from "./renewal-charger.js";
import { firstPeriodType } from "./renewal-charge.js";
import {
  GRACE_PERIOD_DAYS,
  RENEWAL_RETRY_DAYS,
  transition,
  type SubscriptionEvent,
} from "./subscription-machine.js";

export { GRACE_PERIOD_DAYS, RENEWAL_RETRY_DAYS };

type PurchaseRow = typeof purchases.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

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
 * What happens to each period, and what is sent, is the subscription machine's decision ({@link transition}); the
 * SQL here only picks the periods that may be due.
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
  const product = await productOf(db, period);
  const option = planOption(product, period.optionId);
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

  const due = transition(
    period,
    { type: "due", replaced: later !== undefined, renewable: option !== null },
    ctx.now(),
  );
  // The claim picked a period that was due; a refusal means there is nothing to do (its lease lapses).
  if (!due.ok) return;
  const charge = due.effects.find((e) => e.type === "charge_renewal");
  if (!charge || !option || !period.expiresDate) {
    const at = ctx.now();
    const applied = await db.transaction((tx) => applyTransition(tx, period, due, { product, at }));
    if (applied && due.effects.some((e) => e.type === "webhook" && e.event === "EXPIRATION"))
      report.expirations++;
    return;
  }

  const plan = { option, firstPeriodType: await firstPeriodType(db, period) };
  const next = nextRenewalPeriod({
    previous: { storeTransactionId: period.storeTransactionId, expiresDate: period.expiresDate },
    ...plan,
  });
  let outcome: RenewalOutcome;
  try {
    outcome =
      next.priceMicros === 0
        ? "succeeded"
        : await (options.renewalCharger ?? defaultRenewalCharger)({
            purchase: period,
            storeTransactionId: next.storeTransactionId,
            attempt: charge.attempt,
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
  const result = transition(period, outcomeEvent(outcome), at);
  if (!result.ok) return;
  const applied = await db.transaction((tx) => applyTransition(tx, period, result, { product, plan, at }));
  if (!applied) return;
  if (applied.renewal) report.renewals++;
  for (const effect of result.effects) {
    if (effect.type === "webhook" && effect.event === "BILLING_ISSUE") report.billingIssues++;
    if (effect.type === "mail_authentication") {
      await options.onAuthenticationRequired?.({
        period,
        authentication: effect.authentication,
        amountMicros: next.priceMicros,
        currency: next.currency,
      });
    }
  }
}

/** The event a renewal charge's outcome is. */
function outcomeEvent(outcome: RenewalOutcome): SubscriptionEvent {
  if (outcome === "succeeded") return { type: "renewal_paid" };
  if (outcome === "failed") return { type: "renewal_declined" };
  const { paymentIntentId, clientSecret, paymentMethodId } = outcome;
  return {
    type: "authentication_required",
    authentication: { paymentIntentId, clientSecret, paymentMethodId },
  };
}

async function productOf(db: BillingDb | Tx, period: PurchaseRow): Promise<ProductRow | undefined> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
  return product;
}

/** The period's purchase option as its product's catalogue entry has it, or null when it can no longer renew. */
function planOption(product: ProductRow | undefined, optionId: string): SubscriptionPhases | null {
  const option = (product?.purchaseOptions as Record<string, Partial<SubscriptionPhases>> | undefined)?.[
    optionId
  ];
  return option?.base ? (option as SubscriptionPhases) : null;
}

/**
 * Settles the renewal a customer confirmed on the hosted page (SCA), when Stripe reports its payment succeeded: the
 * period renews as if the charge had succeeded at once. A payment confirmed after the grace period ended (the
 * subscription expired meanwhile) still renews, from now: money taken always grants; one confirmed after the
 * customer cancelled grants its period without renewing it. Replays change nothing. The period is locked while
 * this decides, so a worker expiring it at the same moment waits.
 *
 * @returns whether a renewal was stored now.
 */
export async function confirmRenewalPayment(
  ctx: Pick<BillingContext, "db" | "now">,
  input: { projectId: string; periodId: string; paymentIntentId: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [period] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.projectId, input.projectId), eq(purchases.id, input.periodId)))
      .for("update");
    if (!period) return false;
    const product = await productOf(tx, period);
    const option = planOption(product, period.optionId);
    const at = ctx.now();
    const result = transition(
      period,
      { type: "authentication_paid", paymentIntentId: input.paymentIntentId, renewable: option !== null },
      at,
    );
    if (!result.ok || !option) return false;
    const plan = { option, firstPeriodType: await firstPeriodType(tx, period) };
    const applied = await applyTransition(tx, period, result, { product, plan, at });
    return applied?.renewal != null;
  });
}
