import type { UserRow } from "../auth/session-store.js";
import { ApiError } from "../http/api-error.js";
import { subscriptionStatusAt } from "../users/subscription-status.js";
import type { InitializedTransaction } from "./gateways/payment-gateway.js";
import { formatRand, PREMIUM_PRICE, TRIAL_CARD_CHECK, TRIAL_DAYS } from "../premium/money.js";
import { insertPayment, newReference, type PaymentRow } from "./payment-store.js";
import type { PaymentsContext } from "./settle-payment.js";
import { startCheckout } from "./start-checkout.js";

/** Where the gateway returns the browser to, and what it shows. */
export interface CheckoutTarget {
  email: string;
  callbackUrl: string;
  cancelUrl: string;
  metadata?: Record<string, string>;
}

/** A payment started at the gateway. */
export interface StartedPurchase {
  payment: PaymentRow;
  started: InitializedTransaction;
}

const alreadySubscribed = () =>
  new ApiError(409, "You already have an active subscription", "already_subscribed");

/**
 * Starts a Premium Realm web payment (R99 for a month) at the gateway; 409 `already_subscribed` while the user is
 * premium.
 *
 * @example
 * const { payment, started } = await startSubscriptionCheckout(ctx, user, { email, callbackUrl, cancelUrl });
 */
export async function startSubscriptionCheckout(
  ctx: PaymentsContext,
  user: UserRow,
  target: CheckoutTarget,
): Promise<StartedPurchase> {
  const now = ctx.clock.now();
  if (subscriptionStatusAt(user, now) === "active") throw alreadySubscribed();
  return start(
    ctx,
    user,
    target,
    "subscription",
    `Premium Realm: ${formatRand(PREMIUM_PRICE.amount)} a month`,
  );
}

/**
 * Starts the trial's R1.00 card check at the gateway: 409 `already_subscribed` while premium, and
 * `trial_already_started` once a card was saved (one trial per account).
 *
 * @example
 * const { payment, started } = await startTrialSetup(ctx, user, { email, callbackUrl, cancelUrl, metadata });
 */
export async function startTrialSetup(
  ctx: PaymentsContext,
  user: UserRow,
  target: CheckoutTarget,
): Promise<StartedPurchase> {
  const now = ctx.clock.now();
  if (subscriptionStatusAt(user, now) === "active") throw alreadySubscribed();
  if (user.paymentMethodSetup) {
    throw new ApiError(409, "Your free trial is already set up", "trial_already_started");
  }
  return start(
    ctx,
    user,
    target,
    "trial_setup",
    `Card check for your ${TRIAL_DAYS}-day free trial: ${formatRand(TRIAL_CARD_CHECK.amount)}, refunded at once. Premium Realm is charged only when the trial ends.`,
  );
}

async function start(
  ctx: PaymentsContext,
  user: UserRow,
  target: CheckoutTarget,
  kind: "subscription" | "trial_setup",
  description: string,
): Promise<StartedPurchase> {
  const payment = await insertPayment(ctx.db, {
    reference: newReference(),
    userId: user.id,
    kind,
    gateway: ctx.gateway.name,
    price: kind === "subscription" ? PREMIUM_PRICE : TRIAL_CARD_CHECK,
    email: target.email,
    now: ctx.clock.now(),
  });
  if (!payment) throw new Error("payment insert returned no row");
  const started = await startCheckout(ctx, payment, {
    callbackUrl: target.callbackUrl,
    cancelUrl: target.cancelUrl,
    description,
    ...(target.metadata ? { metadata: target.metadata } : {}),
  });
  return { payment, started };
}
