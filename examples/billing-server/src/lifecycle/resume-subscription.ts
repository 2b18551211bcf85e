import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { products, purchases } from "../db/schema.js";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";

/**
 * Turns renewal back on for a cancelled subscription whose period still runs: `unsubscribe_detected_at` is cleared
 * (so `willRenew` is true again) and the host app gets an `UNCANCELLATION` event. Resuming one that is not cancelled
 * changes nothing and sends nothing; 404 when there is no running period of the product.
 *
 * @example
 * await resumeSubscription(ctx, { projectId: "realmheart", appUserId: "u1", productId: "premium_realm_monthly", at: ctx.now() });
 */
export async function resumeSubscription(
  ctx: Pick<BillingContext, "db">,
  input: { projectId: string; appUserId: string; productId: string; at: Date },
): Promise<typeof purchases.$inferSelect> {
  const { projectId, appUserId, productId, at } = input;
  return ctx.db.transaction(async (tx) => {
    const running = and(
      eq(purchases.projectId, projectId),
      eq(purchases.appUserId, appUserId),
      eq(purchases.productId, productId),
      isNull(purchases.refundedAt),
      gt(purchases.expiresDate, at),
    );
    const [current] = await tx
      .select()
      .from(purchases)
      .where(running)
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
    if (current.unsubscribeDetectedAt === null) return current;
    const [resumed] = await tx
      .update(purchases)
      .set({ unsubscribeDetectedAt: null })
      .where(and(eq(purchases.id, current.id), isNotNull(purchases.unsubscribeDetectedAt)))
      .returning();
    const [product] = await tx
      .select({ entitlements: products.entitlements })
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, productId)));
    if (resumed && product && product.entitlements.length > 0) {
      await enqueueEntitlementEvent(tx, {
        type: "UNCANCELLATION",
        purchase: resumed,
        entitlementIds: product.entitlements,
        at,
      });
    }
    return resumed ?? current;
  });
}
