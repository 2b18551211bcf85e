import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { customers, purchases } from "../db/schema.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";

/**
 * Refuses to sell a customer what they have: a subscription still running, or a non-consumable they own (not
 * refunded); a consumable can always be bought again. 400 with 7772, as the checkout's start answers it.
 *
 * @example
 * await refuseOwnedProduct(tx, { projectId, appUserId }, product, now);
 */
export async function refuseOwnedProduct(
  db: BillingDb,
  customer: { projectId: string; appUserId: string },
  product: { identifier: string; productType: string },
  now: Date,
): Promise<void> {
  if (product.productType === "consumable") return;
  const [owned] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.projectId, customer.projectId),
        eq(purchases.appUserId, customer.appUserId),
        eq(purchases.productId, product.identifier),
        isNull(purchases.refundedAt),
        or(isNull(purchases.expiresDate), gt(purchases.expiresDate, now)),
      ),
    )
    .limit(1);
  if (owned) {
    throw badRequest(
      product.productType === "subscription"
        ? "The customer is already subscribed to this product."
        : "The customer already owns this product.",
      BillingErrorCode.AlreadySubscribed,
    );
  }
}

/**
 * Locks the customer's row until the transaction ends, so that a customer's purchases are judged one after the other
 * (two receipts sent at once: the second sees the first's purchase). The row must exist (`ensureCustomer`).
 *
 * @example
 * await lockCustomer(tx, { projectId, appUserId });
 */
export async function lockCustomer(
  tx: BillingDb,
  customer: { projectId: string; appUserId: string },
): Promise<void> {
  await tx
    .select({ appUserId: customers.appUserId })
    .from(customers)
    .where(and(eq(customers.projectId, customer.projectId), eq(customers.appUserId, customer.appUserId)))
    .for("update");
}
