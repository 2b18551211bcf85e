import { startPeriodicWorker, type PeriodicWorker } from "@purchases-web/billing-server";
import { and, asc, eq, getTableColumns, gt, isNull, lte, or, sql } from "drizzle-orm";
import { paymentMethods, payments, users } from "../db/schema.js";
import { BILLING_GRACE_MS, PREMIUM_PRICE } from "../premium/money.js";
import { renewalFactsSql } from "./renewal-facts.js";
import { transition } from "../premium/subscription-machine.js";
import { closeAbandonedCardUpdates, expireEnded } from "./expire-subscriptions.js";
import { describeError } from "../http/log-safety.js";
import { isPaymentGatewayError } from "./gateways/payment-gateway.js";
import { claimForRetry, insertPayment, newReference, type PaymentRow } from "./payment-store.js";
import { refundOverdueCardChecks } from "./card-check-refunds.js";
import { settleFromTransaction, settlePayment, type PaymentsContext } from "./settle-payment.js";

/** What one pass did. */
export interface RenewalReport {
  /** Charges attempted on saved cards (new ones and retried ones). */
  charged: number;
  /** Renewals that succeeded, and that failed (the user is then expired). */
  succeeded: number;
  failed: number;
  /** Renewals left pending (the gateway was unreachable, or the charge is still processing). */
  pending: number;
  /** Subscriptions and trials ended by this pass: cancelled ones at their end, unpaid ones after their grace period. */
  expired: number;
}

/** How a pass claims and retries. */
export interface RenewalOptions {
  /** Users claimed per batch; 20 by default. */
  batchSize?: number;
  /** Batches per pass at most, so one pass ends even with a backlog; 50 by default. */
  maxBatches?: number;
}

/** A pending renewal untouched this long is looked at again (its worker died, or the charge was still processing). */
export const RENEWAL_RETRY_MS = 10 * 60_000;
/** A renewal still unfinished at the gateway after this long fails, and the user expires. */
export const RENEWAL_GIVE_UP_MS = 24 * 60 * 60_000;

interface Claimed {
  payment: PaymentRow;
  authorizationCode: string;
  /** A pending renewal taken over from an earlier attempt: the gateway may already have charged it. */
  reclaimed: boolean;
}

/**
 * Charges what is due on saved cards: R99 when a trial with a saved card ends, and again when each paid month
 * ends. Success makes (or keeps) the user `active` until the next month's end. A declined charge ends a trial; a
 * paid month keeps access through its 3-day grace period with a billing issue, retried once a day (see
 * `settlePayment`). Then ends what is over: cancelled subscriptions and trials at their end, unpaid months after
 * their grace period (see `expireEnded`).
 *
 * Exactly once, across any number of processes: due users are claimed with `FOR UPDATE SKIP LOCKED`, and the
 * claim is a renewal payment row whose `(user_id, renewal_for)` is unique — one row, one reference, one charge
 * per user and period, whoever gets there first. The charge itself runs after the claim commits (no lock is held
 * while the gateway is called) with the row's reference, which the gateway also refuses to charge twice.
 *
 * A pending renewal left behind (the process died mid-charge, the gateway timed out, the charge is processing)
 * is reclaimed after {@link RENEWAL_RETRY_MS}: the gateway is asked about its reference first, and it is charged
 * again only when the gateway has never seen it. After {@link RENEWAL_GIVE_UP_MS} unfinished, it fails.
 *
 * @example
 * const report = await runRenewals(ctx); // { charged: 1, succeeded: 1, failed: 0, pending: 0 }
 */
export async function runRenewals(
  ctx: PaymentsContext,
  options: RenewalOptions = {},
): Promise<RenewalReport> {
  const report: RenewalReport = { charged: 0, succeeded: 0, failed: 0, pending: 0, expired: 0 };
  const batchSize = options.batchSize ?? 20;
  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    const claimed = [...(await claimStale(ctx, batchSize)), ...(await claimDue(ctx, batchSize))];
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((claim) => charge(ctx, claim, report)));
  }
  report.expired = await expireEnded(ctx);
  return report;
}

/**
 * Claims users whose trial or paid month has ended by creating their renewal payment, as the subscription
 * machine's `clock` event decides (`renewalDueFor`): a trial with a card at its end, a paid month at its end however
 * late the worker comes (a server that was down charges the month it missed), and then once a day through its grace
 * period while declined. A cancelled subscription is never claimed, and a period with a pending or successful
 * payment is not claimed again. The SQL picks the candidates; the machine has the last word on each.
 */
async function claimDue(ctx: PaymentsContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const graceStart = new Date(now.getTime() - BILLING_GRACE_MS);
  const facts = renewalFactsSql(ctx.gateway.name, now);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({
        user: getTableColumns(users),
        authorizationCode: paymentMethods.authorizationCode,
        email: paymentMethods.email,
        renewalInFlight: facts.renewalInFlight,
      })
      .from(users)
      .innerJoin(paymentMethods, eq(paymentMethods.userId, users.id))
      .where(
        and(
          eq(paymentMethods.gateway, ctx.gateway.name),
          eq(users.cancelAtPeriodEnd, false),
          or(
            and(
              eq(users.subscriptionStatus, "trial"),
              eq(users.paymentMethodSetup, true),
              lte(users.trialEndDate, now),
            ),
            and(
              eq(users.subscriptionStatus, "active"),
              lte(users.subscriptionPeriodEnd, now),
              or(gt(users.subscriptionPeriodEnd, graceStart), isNull(users.billingIssueAt)),
            ),
          ),
          sql`not ${facts.retryHeld}`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(limit)
      .for("update", { of: users, skipLocked: true });
    const claimed: Claimed[] = [];
    for (const row of due) {
      const event = {
        type: "clock",
        hasCard: true,
        retryHeld: false,
        renewalInFlight: row.renewalInFlight,
      } as const;
      const next = transition(row.user, event, now);
      const charge = next.ok ? next.effects.find((effect) => effect.type === "charge_renewal") : undefined;
      if (!charge) continue;
      const payment = await insertPayment(tx, {
        reference: newReference(),
        userId: row.user.id,
        kind: "renewal",
        gateway: ctx.gateway.name,
        price: PREMIUM_PRICE,
        email: row.email,
        renewalFor: charge.renewalFor,
        now,
      });
      // null: another process created this period's renewal between our read and our insert.
      if (payment) claimed.push({ payment, authorizationCode: row.authorizationCode, reclaimed: false });
    }
    return claimed;
  });
}

/** Reclaims pending renewals nobody has touched for a while (see {@link runRenewals}). */
async function claimStale(ctx: PaymentsContext, limit: number): Promise<Claimed[]> {
  const now = ctx.clock.now();
  const rows = await claimForRetry(
    ctx.db,
    and(
      eq(payments.status, "pending"),
      eq(payments.kind, "renewal"),
      eq(payments.gateway, ctx.gateway.name),
      lte(payments.attemptedAt, new Date(now.getTime() - RENEWAL_RETRY_MS)),
    ),
    now,
    limit,
  );
  const claimed: Claimed[] = [];
  for (const payment of rows) {
    if (now.getTime() - payment.createdAt.getTime() >= RENEWAL_GIVE_UP_MS) {
      await settlePayment(ctx, payment.reference, { result: "failed", reason: "not_completed" });
      continue;
    }
    const [card] = await ctx.db
      .select({ code: paymentMethods.authorizationCode })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, payment.userId));
    claimed.push({ payment, authorizationCode: card?.code ?? "", reclaimed: true });
  }
  return claimed;
}

/** Charges one claimed renewal (or, for a reclaimed one, first asks whether it was charged) and settles it. */
async function charge(
  ctx: PaymentsContext,
  { payment, authorizationCode, reclaimed }: Claimed,
  report: RenewalReport,
) {
  try {
    let transaction = reclaimed ? await ctx.gateway.verify(payment.reference) : null;
    if (!transaction) {
      if (!authorizationCode) {
        count(report, await settlePayment(ctx, payment.reference, { result: "failed", reason: "rejected" }));
        return;
      }
      report.charged++;
      transaction = await ctx.gateway.chargeAuthorization({
        authorizationCode,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        reference: payment.reference,
      });
    }
    count(report, await settleFromTransaction(ctx, payment, transaction));
  } catch (error) {
    if (isPaymentGatewayError(error) && error.code === "rejected") {
      // The gateway refused the charge outright (an expired or revoked card): the renewal fails.
      count(report, await settlePayment(ctx, payment.reference, { result: "failed", reason: "rejected" }));
      return;
    }
    report.pending++;
    ctx.log.warn(
      { reference: payment.reference, reason: describeError(error) },
      "renewal charge did not complete; it is retried later",
    );
  }
}

function count(report: RenewalReport, payment: PaymentRow | null) {
  if (payment?.status === "success") report.succeeded++;
  else if (payment?.status === "failed") report.failed++;
  else report.pending++;
}

/**
 * Runs {@link runRenewals} every `intervalMs`, then refunds card checks left unrefunded
 * (`refundOverdueCardChecks`) and closes abandoned card updates (`closeAbandonedCardUpdates`); a failed pass is logged and the next one tries again.
 *
 * @example
 * const worker = startRenewalWorker(ctx, 60_000);
 * await worker.stop();
 */
export function startRenewalWorker(ctx: PaymentsContext, intervalMs: number): PeriodicWorker<RenewalReport> {
  return startPeriodicWorker(
    intervalMs,
    async () => {
      const report = await runRenewals(ctx);
      await refundOverdueCardChecks(ctx);
      await closeAbandonedCardUpdates(ctx);
      return report;
    },
    (error) => ctx.log.error({ reason: describeError(error) }, "renewal pass failed"),
  );
}
