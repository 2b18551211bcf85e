import { and, eq, inArray } from "drizzle-orm";
import { userChanged } from "../users/user-changes.js";
import type { PaymentsContext } from "./payments-context.js";
import type { AppTx } from "../db/database.js";
import { payments, users } from "../db/schema.js";
import { judgeTransaction, type PaymentOutcome } from "./judge-transaction.js";
import {
  PaymentGatewayError,
  type CardAuthorization,
  type GatewayTransaction,
} from "./gateways/payment-gateway.js";
import { findPayment, savePaymentMethod, type PaymentRow } from "./payment-store.js";
import { transition, type SubscriptionEvent } from "../premium/subscription-machine.js";
import { storeTransition } from "../premium/store-transition.js";
import { refundOnce } from "./refund-once.js";

export type { PaymentsContext } from "./payments-context.js";

/**
 * Applies a final outcome to a pending payment, exactly once: the payment leaves `pending` by one conditional
 * update, and only the caller whose update matched applies its effect, in the same transaction. However often,
 * and however concurrently, a reference is verified, called back or announced by webhook, it grants once.
 *
 * Effects of a success: a subscription makes the user `active` for a month (after any month still running); a
 * renewal (or a past-due card update) for the month after the period it renews, clearing any billing issue; a
 * trial setup saves the card, sets `paymentMethodSetup` and starts the 7 days. Any reusable card is saved for
 * renewals. A failed renewal ends a trial, and puts a paid month into its grace period (see `lapse`). Other failures
 * change nothing but the payment. A success for a payment the app had given up on grants too (see
 * `settleLateSuccess`). After the commit, a card check (trial setup, card update) is refunded (and retried later by
 * the worker if that fails).
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
    if (!row) return outcome.result === "success" ? settleLateSuccess(tx, reference, outcome, now) : null;
    if (outcome.result === "success") await grant(tx, row, outcome.authorization, now);
    else if (row.kind === "renewal") await lapse(tx, row.userId, now);
    return row;
  });
  if (!settled) return findPayment(ctx.db, reference);
  userChanged(settled.userId);
  if (isCardCheck(settled) && settled.status === "success") await refundCardCheck(ctx, settled);
  return settled;
}

/**
 * A success reported for a payment the app had given up on (`not_completed`: a card update left open past its hour,
 * a renewal unfinished for a day): the gateway took the money, so it grants, whenever it comes — a past-due month
 * paid after the subscription ended makes it active again. When another payment has paid that period meanwhile, this
 * one pays the period after the running one, so one period is never paid twice (and it stays a month's payment,
 * never mistaken for a refundable card check).
 */
async function settleLateSuccess(
  tx: AppTx,
  reference: string,
  outcome: Extract<PaymentOutcome, { result: "success" }>,
  now: Date,
): Promise<PaymentRow | null> {
  const [given] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reference, reference),
        eq(payments.status, "failed"),
        eq(payments.failureReason, "not_completed"),
      ),
    )
    .for("update");
  if (!given) return null;
  // The user's row first, as the renewal worker's claim takes it: no one pays this period while we look.
  const [user] = await tx
    .select({ periodEnd: users.subscriptionPeriodEnd })
    .from(users)
    .where(eq(users.id, given.userId))
    .for("update");
  const [paidMeanwhile] = given.renewalFor
    ? await tx
        .select({ reference: payments.reference })
        .from(payments)
        .where(
          and(
            eq(payments.userId, given.userId),
            eq(payments.renewalFor, given.renewalFor),
            inArray(payments.status, ["pending", "success"]),
          ),
        )
    : [];
  const [row] = await tx
    .update(payments)
    .set({
      status: "success",
      failureReason: null,
      settledAt: now,
      attemptedAt: now,
      // Paid meanwhile: this one pays the period after the running one (or a month from now).
      ...(paidMeanwhile
        ? { renewalFor: user?.periodEnd && user.periodEnd > now ? user.periodEnd : now }
        : {}),
    })
    .where(eq(payments.reference, reference))
    .returning();
  if (row) await grant(tx, row, outcome.authorization, now);
  return row ?? null;
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
  const event: SubscriptionEvent = isCardCheck(payment)
    ? { type: "card_checked", trialSetup: payment.kind === "trial_setup" }
    : {
        type: "month_paid",
        purchase: payment.kind === "subscription",
        paysFor: payment.renewalFor,
        cardSaved: card !== null,
      };
  await storeTransition(tx, user, transition(user, event, now), now);
}

/** A failed renewal, through the subscription machine (`renewal_failed`: a billing issue, or the end). */
async function lapse(tx: AppTx, userId: string, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (user) await storeTransition(tx, user, transition(user, { type: "renewal_failed" }, now), now);
}

/** Whether a payment is a refundable R1.00 card check (a trial setup, or a card update on a subscription in good standing). */
export function isCardCheck(payment: Pick<PaymentRow, "kind" | "renewalFor">): boolean {
  return payment.kind === "trial_setup" || (payment.kind === "card_update" && payment.renewalFor === null);
}

/**
 * Refunds a card check (trial setup, card update) at its gateway and records when, once whoever else asks (an
 * admin, a concurrent worker pass: see `refundOnce`). A failure is logged, not thrown: the renewal worker asks again
 * later (see `refundOverdueCardChecks`). Returns whether this call refunded it.
 *
 * @example
 * await refundCardCheck(ctx, payment); // true
 */
export async function refundCardCheck(ctx: PaymentsContext, payment: PaymentRow): Promise<boolean> {
  try {
    return (await refundOnce(ctx, payment.reference)).result === "refunded";
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
 * Brings a payment up to date: a pending one, or one the app gave up on (`not_completed`), is verified with its
 * gateway and settled when the answer is final. Other settled payments are returned as they are, without asking the
 * gateway again.
 *
 * @example
 * const payment = await confirmPayment(ctx, await findPayment(ctx.db, reference));
 * if (payment.status === "success") …
 */
export async function confirmPayment(ctx: PaymentsContext, payment: PaymentRow): Promise<PaymentRow> {
  // A payment the app gave up on may still have been paid at the gateway (the customer finished it late): ask.
  const open =
    payment.status === "pending" ||
    (payment.status === "failed" && payment.failureReason === "not_completed");
  // A payment made through another gateway (the configuration changed since) cannot be checked here.
  if (!open || payment.gateway !== ctx.gateway.name) return payment;
  const transaction = await ctx.gateway.verify(payment.reference);
  return (await settleFromTransaction(ctx, payment, transaction)) ?? payment;
}
