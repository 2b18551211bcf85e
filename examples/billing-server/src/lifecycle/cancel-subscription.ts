import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";

/** Whose subscription, of which product, and when. */
export interface RenewalChange {
  projectId: string;
  appUserId: string;
  productId: string;
  at: Date;
}

/**
 * Turns renewal off (`renew: false`) or back on for the customer's running period of a product, in one transaction
 * with the period locked: `unsubscribe_detected_at` is set or cleared and the host app gets `CANCELLATION` or
 * `UNCANCELLATION`. A period already in the wanted state changes nothing and sends nothing; 404 when the customer
 * has no running period of the product.
 */
async function setRenewal(
  ctx: Pick<BillingContext, "db">,
  { projectId, appUserId, productId, at }: RenewalChange,
  renew: boolean,
): Promise<typeof purchases.$inferSelect> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.projectId, projectId),
          eq(purchases.appUserId, appUserId),
          eq(purchases.productId, productId),
          isNull(purchases.refundedAt),
          gt(purchases.expiresDate, at),
        ),
      )
      .orderBy(desc(purchases.expiresDate))
      .limit(1)
      .for("update");
    if (!current) {
      throw new BillingError(
        404,
        BillingErrorCode.BadRequest,
        `No running subscription of ${productId} for this customer.`,
      );
    }
    if ((current.unsubscribeDetectedAt === null) === renew) return current;
    const [changed] = await tx
      .update(purchases)
      .set({ unsubscribeDetectedAt: renew ? null : at })
      .where(eq(purchases.id, current.id))
      .returning();
    const [product] = await tx
      .select({ entitlements: products.entitlements })
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, productId)));
    if (changed && product && product.entitlements.length > 0) {
      await enqueueEntitlementEvent(tx, {
        type: renew ? "UNCANCELLATION" : "CANCELLATION",
        purchase: changed,
        entitlementIds: product.entitlements,
        at,
      });
    }
    return changed ?? current;
  });
}

/**
 * Turns off the renewal of a customer's subscription: the running period gets `unsubscribe_detected_at`
 * (so `willRenew` becomes false) and the host app a `CANCELLATION` event. Access continues until the period
 * expires, when the lifecycle worker ends it with `EXPIRATION`. Cancelling again changes nothing and sends
 * nothing. Answers 404 when the customer has no running period of the product.
 *
 * @example
 * await cancelSubscription(ctx, { projectId: "realmheart", appUserId: "u1", productId: "premium_realm_monthly", at: ctx.now() });
 */
export function cancelSubscription(
  ctx: Pick<BillingContext, "db">,
  input: RenewalChange,
): Promise<typeof purchases.$inferSelect> {
  return setRenewal(ctx, input, false);
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
  return setRenewal(ctx, input, true);
}
