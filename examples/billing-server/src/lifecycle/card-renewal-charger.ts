import type { BillingContext } from "../context.js";
import { gatewayState } from "../domain/checkout-session.js";
import { toMinorUnits } from "../domain/money.js";
import { paysByCard } from "../kinds/purchase-store.js";
import type { StripeGateway } from "../gateway/stripe-gateway.js";
import { renewalChargeMicros, subscriptionCheckout } from "./renewal-charge.js";
import { defaultRenewalCharger, type RenewalCharger } from "./renewal-charger.js";

/**
 * The renewal charger of a server with Stripe: a card purchase's renewal is a PaymentIntent on the card saved at
 * checkout, off-session and confirmed at once, for the renewal's price plus tax at the checkout's billing address
 * (today's rate). Test Store renewals succeed without money. A card purchase whose checkout kept no card (or a
 * server without Stripe) fails: nothing renews for free.
 *
 * @example
 * runLifecycle(ctx, { renewalCharger: cardRenewalCharger(ctx, new StripeGateway(stripeOptions)) });
 */
export function cardRenewalCharger(
  ctx: Pick<BillingContext, "db">,
  gateway: StripeGateway | null,
): RenewalCharger {
  return async (charge) => {
    const { purchase } = charge;
    if (!paysByCard(purchase.store) || !gateway) return defaultRenewalCharger(charge);
    const session = await subscriptionCheckout(ctx.db, purchase);
    const card = session ? gatewayState(session).stripe : undefined;
    if (!card?.paymentMethodId) return "failed";
    const totalMicros = renewalChargeMicros(session, charge.amountMicros, charge.currency);
    const payment = await gateway.chargeRenewal({
      renewalId: charge.storeTransactionId,
      attempt: charge.attempt,
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amount: toMinorUnits(totalMicros, charge.currency),
      currency: charge.currency,
      metadata: { project_id: purchase.projectId, period_id: purchase.id },
    });
    if (payment.status === "succeeded") return "succeeded";
    if (payment.status === "declined") return "failed";
    return {
      status: "authentication_required",
      paymentIntentId: payment.paymentIntentId,
      clientSecret: payment.clientSecret,
      paymentMethodId: card.paymentMethodId,
    };
  };
}
