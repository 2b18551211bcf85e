import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import { applyTransition } from "./apply-transition.js";
import { transition } from "./subscription-machine.js";

/** Whose subscription, of which product, and when. */
export interface RenewalChange {
  projectId: string;
  appUserId: string;
  productId: string;
  at: Date;
}

const noRunningSubscription = (productId: string) =>
  new BillingError(
    404,
    BillingErrorCode.BadRequest,
    `No running subscription of ${productId} for this customer.`,
  );

/**
 * Turns renewal off or back on for every period of a product the customer has that is not settled yet (one, unless
 * two checkouts of it were paid side by side), in one transaction with the periods locked: the subscription machine
 * decides for each ({@link transition}) and its changes and events are written together. A period already in the
 * wanted state changes nothing and sends nothing. Refused as a whole (409) while a worker takes a renewal payment of
 * one of them, and with 404 when none can change. Answers the latest period changed.
 */
async function changeRenewal(
  ctx: Pick<BillingContext, "db">,
  { projectId, appUserId, productId, at }: RenewalChange,
  event: "cancel" | "resume",
): Promise<typeof purchases.$inferSelect> {
  return ctx.db.transaction(async (tx) => {
    const periods = await tx
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.projectId, projectId),
          eq(purchases.appUserId, appUserId),
          eq(purchases.productId, productId),
          isNull(purchases.refundedAt),
          isNull(purchases.lifecycleHandledAt),
          isNotNull(purchases.expiresDate),
        ),
      )
      .orderBy(desc(purchases.expiresDate))
      .for("update");
    const decided = periods.map((period) => ({ period, result: transition(period, { type: event }, at) }));
    for (const { result } of decided) {
      if (!result.ok && result.reason === "renewal_in_progress")
        throw new BillingError(result.status, result.code, result.message);
    }
    const [product] = await tx
      .select({ entitlements: products.entitlements, virtualCurrencyGrants: products.virtualCurrencyGrants })
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, productId)));
    let latest: typeof purchases.$inferSelect | null = null;
    for (const { period, result } of decided) {
      if (!result.ok) continue;
      const applied = await applyTransition(tx, period, result, { product, at });
      latest ??= applied?.period ?? period;
    }
    if (!latest) throw noRunningSubscription(productId);
    return latest;
  });
}

/**
 * Cancels a customer's subscription. A running period gets `unsubscribe_detected_at` (so `willRenew` becomes false)
 * and the host app a `CANCELLATION` event; access continues until the period expires, when the lifecycle worker ends
 * it with `EXPIRATION`. A period that has ended and waits for its renewal (a declined renewal in its grace period
 * included) ends at once: `CANCELLATION` and `EXPIRATION`, no further retry, no more access; resuming it is refused
 * (the customer buys again). Cancelling again changes nothing and sends nothing. Answers 404 when the customer has no
 * running subscription of the product, and 409 while a worker is taking its renewal payment.
 *
 * @example
 * await cancelSubscription(ctx, { projectId: "realmheart", appUserId: "u1", productId: "premium_realm_monthly", at: ctx.now() });
 */
export function cancelSubscription(
  ctx: Pick<BillingContext, "db">,
  input: RenewalChange,
): Promise<typeof purchases.$inferSelect> {
  return changeRenewal(ctx, input, "cancel");
}

/**
 * Turns renewal back on for a cancelled subscription whose period still runs: `unsubscribe_detected_at` is cleared
 * (so `willRenew` is true again) and the host app gets an `UNCANCELLATION` event. Resuming one that is not cancelled
 * changes nothing and sends nothing; 404 when there is no running period of the product.
 *
 * @example
 * await resumeSubscription(ctx, { projectId: "realmheart", appUserId: "u1", productId: "premium_realm_monthly", at: ctx.now() });
 */
export function resumeSubscription(
  ctx: Pick<BillingContext, "db">,
  input: RenewalChange,
): Promise<typeof purchases.$inferSelect> {
  return changeRenewal(ctx, input, "resume");
}
