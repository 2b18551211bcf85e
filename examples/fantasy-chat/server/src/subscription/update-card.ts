import type { UserRow } from "../auth/session-store.js";
import { ApiError } from "../http/api-error.js";
import { formatRand, PREMIUM_PRICE, TRIAL_CARD_CHECK } from "../premium/money.js";
import { insertPayment, newReference, type PaymentRow } from "../payments/payment-store.js";
import type { PaymentsContext } from "../payments/settle-payment.js";
import { startCheckout } from "../payments/start-checkout.js";
import type { InitializedTransaction } from "../payments/gateways/payment-gateway.js";
import { noSubscription, storeManaged } from "./cancel-subscription.js";
import { sourceOf } from "../premium/subscription-machine.js";

/** Where the gateway returns to after a card update. */
export interface CardUpdateTarget {
  email: string;
  callbackUrl: string;
  cancelUrl: string;
}

/**
 * Starts saving a new card for a card-paid subscription or trial, through the gateway's checkout like the trial
 * setup. In good standing it is a R1.00 card check, refunded at once. On a past-due subscription (a declined
 * renewal in its grace period) the checkout is the overdue R99 itself, recorded for that period like a renewal: the
 * period's one-live-payment rule means it is charged once, and a renewal the worker is charging at this moment makes
 * it a 409 `renewal_in_progress` instead.
 *
 * @example
 * const { payment, started } = await startCardUpdate(ctx, user, { email, callbackUrl, cancelUrl });
 */
export async function startCardUpdate(
  ctx: PaymentsContext,
  user: UserRow,
  target: CardUpdateTarget,
): Promise<{ payment: PaymentRow; started: InitializedTransaction }> {
  const now = ctx.clock.now();
  const { source, periodEnd } = sourceOf(user, now);
  if (source === "store") throw storeManaged();
  if (source !== "card" || !periodEnd) throw noSubscription("update a card for");
  const pastDue = user.subscriptionStatus === "active" && user.billingIssueAt !== null;
  const payment = await insertPayment(ctx.db, {
    reference: newReference(),
    userId: user.id,
    kind: "card_update",
    gateway: ctx.gateway.name,
    price: pastDue ? PREMIUM_PRICE : TRIAL_CARD_CHECK,
    email: target.email,
    renewalFor: pastDue ? periodEnd : null,
    now,
  });
  if (!payment) {
    throw new ApiError(
      409,
      "Your renewal is being charged right now. Check your billing history in a minute",
      "renewal_in_progress",
    );
  }
  const description = pastDue
    ? `Premium Realm: ${formatRand(PREMIUM_PRICE.amount)} for your overdue month. This card is saved for your renewals.`
    : `Card check to save your new card: ${formatRand(TRIAL_CARD_CHECK.amount)}, refunded at once.`;
  const started = await startCheckout(ctx, payment, {
    callbackUrl: target.callbackUrl,
    cancelUrl: target.cancelUrl,
    description,
  });
  return { payment, started };
}
