import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";

/**
 * Turns off the renewal of a customer's subscription: the running period gets `unsubscribe_detected_at`
 * (so `willRenew` becomes false) and the host app a `CANCELLATION` event. Access continues until the period
 * expires, when the lifecycle worker ends it with `EXPIRATION`. Cancelling again changes nothing and sends
 * nothing. Answers 404 when the customer has no running period of the product.
 *
 * @example
 * await cancelSubscription(ctx, { projectId: "realmheart", appUserId: "u1", productId: "premium_realm_monthly", at: ctx.now() });
 */
export async function cancelSubscription(
  ctx: Pick<BillingContext, "db">,
  input: { projectId: string; appUserId: string; productId: string; at: Date },
): Promise<typeof purchases.$inferSelect> {
  const { projectId, appUserId, productId, at } = input;
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
    if (current.unsubscribeDetectedAt !== null) return current;
    const [cancelled] = await tx
      .update(purchases)
      .set({ unsubscribeDetectedAt: at })
      .where(eq(purchases.id, current.id))
      .returning();
    const [product] = await tx
      .select({ entitlements: products.entitlements })
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, productId)));
    if (cancelled && product && product.entitlements.length > 0) {
      await enqueueEntitlementEvent(tx, {
        type: "CANCELLATION",
        purchase: cancelled,
        entitlementIds: product.entitlements,
        at,
      });
    }
    return cancelled ?? current;
  });
}
