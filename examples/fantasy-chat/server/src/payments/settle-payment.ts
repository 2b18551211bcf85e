import { and, eq } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import type { AppContext } from "../context.js";
import type { AppTx } from "../db/database.js";
import { payments, users } from "../db/schema.js";
import { judgeTransaction, type PaymentOutcome } from "./judge-transaction.js";
import { graceEnd, nextPeriodEnd, trialEndFrom } from "./money.js";
import type { UserRow } from "../auth/session-store.js";
import {
  PaymentGatewayError,
  type CardAuthorization,
  type GatewayTransaction,
} from "./gateways/payment-gateway.js";
import { findPayment, savePaymentMethod, type PaymentRow } from "./payment-store.js";

/** What settling needs from the app. */
export type PaymentsContext = Pick<AppContext, "db" | "clock" | "gateway" | "log">;

/**
 * Applies a final outcome to a pending payment, exactly once: the payment leaves `pending` by one conditional
 * update, and only the caller whose update matched applies its effect, in the same transaction. However often,
 * and however concurrently, a reference is verified, called back or announced by webhook, it grants once.
 *
 * Effects of a success: a subscription makes the user `active` for a month (after any month still running); a
 * renewal (or a past-due card update) for the month after the period it renews, clearing any billing issue; a
 * trial setup saves the card, sets `paymentMethodSetup` and starts the 7 days. Any reusable card is saved for
 * renewals. A failed renewal ends a trial, and puts a paid month into its grace period (see `lapse`). Other failures
 * change nothing but the payment. After the commit, a card check (trial setup, card update) is refunded (and
 * retried later by the worker if that fails).
 *
 * Returns the payment as it is afterwards (null for an unknown reference).
 *
 * @example
 * await settlePayment(ctx, payment.reference, { result: "success", authorization });
 */
export async function settlePayment(
  ctx: PaymentsContext,
  reference: string,
  outcome: Exclude<PaymentOutcome, { result: "pending" }>,
): Promise<PaymentRow | null> {
  const now = ctx.clock.now();
  const settled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({
        status: outcome.result,
        failureReason: outcome.result === "failed" ? outcome.reason : null,
        settledAt: now,
        attemptedAt: now,
      })
      .where(and(eq(payments.reference, reference), eq(payments.status, "pending")))
      .returning();
    if (!row) return null;
    if (outcome.result === "success") await grant(tx, row, outcome.authorization, now);
    else if (row.kind === "renewal") await lapse(tx, row.userId, now);
    return row;
  });
  if (!settled) return findPayment(ctx.db, reference);
  userChanged(settled.userId);
  if (isCardCheck(settled) && settled.status === "success") await refundCardCheck(ctx, settled);
  return settled;
}

async function grant(tx: AppTx, payment: PaymentRow, authorization: CardAuthorization | null, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, payment.userId)).for("update");
  if (!user) return;
  const card = authorization?.reusable ? authorization : null;
  if (card) {
    await savePaymentMethod(tx, {
      userId: user.id,
      gateway: payment.gateway,
      authorizationCode: card.code,
      email: payment.email,
      card: card.card ?? null,
      now,
    });
  }
  const paymentMethodSetup = user.paymentMethodSetup || card !== null;
  if (isCardCheck(payment)) {
    const trialEndDate =
      payment.kind === "trial_setup" ? (user.trialEndDate ?? trialEndFrom(now)) : user.trialEndDate;
    await tx
      .update(users)
      .set({ paymentMethodSetup, trialEndDate, updatedAt: now })
      .where(eq(users.id, user.id));
    return;
  }
  const running =
    user.subscriptionPeriodEnd && user.subscriptionPeriodEnd > now ? user.subscriptionPeriodEnd : null;
  // A renewal (or a past-due card update) pays for the month after the period it renews.
  const paidUntil = payment.renewalFor ?? running;
  await tx
    .update(users)
    .set({
      subscriptionStatus: "active",
      subscriptionPeriodEnd: nextPeriodEnd(paidUntil, now),
      paymentMethodSetup,
      billingIssueAt: null,
      // A new purchase starts a subscription that renews; a renewal is never claimed for a cancelled one.
      ...(payment.kind === "subscription" ? { cancelAtPeriodEnd: false } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
}

/**
 * A declined renewal. The first charge at a trial's end ends the trial (`expired`). A paid month keeps its access
 * through the grace period with a billing issue recorded (the worker retries daily); declined after the grace
 * period, it ends: `expired`, unless the billing server's entitlement still runs.
 */
async function lapse(tx: AppTx, userId: string, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) return;
  const periodEnd = user.subscriptionStatus === "active" ? user.subscriptionPeriodEnd : null;
  if (periodEnd && now < graceEnd(periodEnd) && !user.cancelAtPeriodEnd) {
    await tx
      .update(users)
      .set({ billingIssueAt: user.billingIssueAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    return;
  }
  await tx.update(users).set(endedSubscription(user, now)).where(eq(users.id, userId));
}

/**
 * The columns of a user whose card-paid subscription (or trial) has ended: `expired`, unless the billing server's
 * entitlement still runs (then still `active`, with no card period).
 *
 * @example
 * await tx.update(users).set(endedSubscription(user, now)).where(eq(users.id, user.id));
 */
export function endedSubscription(
  user: Pick<UserRow, "storeEntitlementExpiresAt">,
  now: Date,
): Partial<UserRow> {
  const storeActive = user.storeEntitlementExpiresAt !== null && user.storeEntitlementExpiresAt > now;
  return {
    subscriptionStatus: storeActive ? "active" : "expired",
    subscriptionPeriodEnd: null,
    cancelAtPeriodEnd: false,
    billingIssueAt: null,
    updatedAt: now,
  };
}

/** Whether a payment is a refundable R1.00 card check (a trial setup, or a card update on a subscription in good standing). */
export function isCardCheck(payment: Pick<PaymentRow, "kind" | "renewalFor">): boolean {
  return payment.kind === "trial_setup" || (payment.kind === "card_update" && payment.renewalFor === null);
}

/**
 * Refunds a trial setup's card check at its gateway and records when. A failure is logged, not thrown: the
 * renewal worker asks again later (see `refundOverdueCardChecks`). Returns whether the refund went through.
 *
 * @example
 * await refundCardCheck(ctx, payment); // true
 */
export async function refundCardCheck(ctx: PaymentsContext, payment: PaymentRow): Promise<boolean> {
  try {
    await ctx.gateway.refund(payment.reference);
    await ctx.db
      .update(payments)
      .set({ refundedAt: ctx.clock.now() })
      .where(eq(payments.reference, payment.reference));
    return true;
  } catch (error) {
    ctx.log.warn(
      { reference: payment.reference, reason: error instanceof Error ? error.message : String(error) },
      "refunding the trial card check failed; the renewal worker tries again in 10 minutes",
    );
    return false;
  }
}

/**
 * Settles a payment from a gateway's report of it (a webhook, a charge's answer). A report that is not final
 * changes nothing.
 *
 * @example
 * await settleFromTransaction(ctx, payment, await ctx.gateway.chargeAuthorization(charge));
 */
export async function settleFromTransaction(
  ctx: PaymentsContext,
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
): Promise<PaymentRow | null> {
  if (transaction && transaction.reference !== payment.reference) {
    throw new PaymentGatewayError("invalid_response", "The gateway answered for another reference");
  }
  const outcome = judgeTransaction(payment, transaction);
  if (outcome.result === "pending") return payment;
  return settlePayment(ctx, payment.reference, outcome);
}

/**
 * Brings a payment up to date: a pending one is verified with its gateway and settled when the answer is final.
 * Settled payments are returned as they are, without asking the gateway again.
 *
 * @example
 * const payment = await confirmPayment(ctx, await findPayment(ctx.db, reference));
 * if (payment.status === "success") …
 */
export async function confirmPayment(ctx: PaymentsContext, payment: PaymentRow): Promise<PaymentRow> {
  // A payment made through another gateway (the configuration changed since) cannot be checked here.
  if (payment.status !== "pending" || payment.gateway !== ctx.gateway.name) return payment;
  const transaction = await ctx.gateway.verify(payment.reference);
  return (await settleFromTransaction(ctx, payment, transaction)) ?? payment;
}
