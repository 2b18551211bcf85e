import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { BillingError, BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { API_KEY_KINDS } from "../kinds/api-key-kind.js";
import { customerInfoFor } from "../manage/management-link.js";
import { products, purchases } from "../db/schema.js";
import { ensureCustomer, validAppUserId } from "../domain/customers.js";
import { lockCustomer, refuseOwnedProduct } from "../domain/owned-product.js";
import { discountedPlan } from "../domain/checkout-discount.js";
import { confirmRedemption, receiptDiscount } from "../domain/promotion-code-reservations.js";
import { checkoutPlan, firstPeriod, type WirePurchaseOption } from "../domain/checkout-plan.js";
import { offeredOption } from "../domain/trial-eligibility.js";
import { confirmTrial, holdTrial } from "../domain/trial-reservations.js";
import { grantVirtualCurrencies } from "../domain/virtual-currencies.js";
import { enqueueEntitlementEvent } from "../webhooks/entitlement-event.js";
import { parseInput } from "../http/validation.js";

const receiptBody = z.object({
  fetch_token: z.string().regex(/^test_\d+_[0-9a-f-]{36}$/, "fetch_token must be test_{timestamp}_{uuid}"),
  product_id: z.string().min(1).max(200),
  app_user_id: z.string(), // its rule is validAppUserId's, answered with 7220
  presented_offering_identifier: z.string().max(200).nullable().optional(),
  presented_placement_identifier: z.string().max(200).nullable().optional(),
  applied_targeting_rule: z.object({ rule_id: z.string(), revision: z.number() }).nullable().optional(),
  initiation_source: z.string().max(50).optional(),
  /** A promotion code, judged and counted as a checkout's (docs/protocol.md). */
  discount_code: z.string().max(100).nullable().optional(),
});

/**
 * Test Store receipts: a simulated purchase of the product's default option that grants at once, planned as a
 * checkout's (a free trial only for an eligible customer, then the intro price, then the base price); idempotent by
 * `fetch_token`.
 */
export async function receiptRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.post("/v1/receipts", async (request) => {
    const body = parseInput(receiptBody, request.body, BillingErrorCode.InvalidReceipt);
    const appUserId = validAppUserId(body.app_user_id);
    const { projectId, keyKind } = request.caller;
    const kind = API_KEY_KINDS[keyKind];
    if (!kind.postsTestStoreReceipts) {
      throw new BillingError(
        403,
        BillingErrorCode.InvalidReceipt,
        "Only Test Store (test_) keys can post receipts.",
      );
    }
    const [product] = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.projectId, projectId), eq(products.identifier, body.product_id)));
    if (!product) throw badRequest(`Unknown product ${body.product_id}.`, BillingErrorCode.InvalidReceipt);
    const options = product.purchaseOptions as Record<string, WirePurchaseOption>;
    const optionId = product.defaultPurchaseOptionId ?? "";
    const option = Object.hasOwn(options, optionId) ? options[optionId] : undefined;
    if (!option || !(option.base?.price ?? option.base_price))
      throw badRequest(`Product ${product.identifier} cannot be bought.`, BillingErrorCode.StoreProblem);

    await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      await ensureCustomer(tx, projectId, appUserId, now);
      await lockCustomer(tx, { projectId, appUserId });
      // A replayed receipt (same fetch_token) is answered as the first was; a new one does not sell what they have.
      const [replayed] = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.projectId, projectId), eq(purchases.storeTransactionId, body.fetch_token)))
        .limit(1);
      if (replayed) return;
      await refuseOwnedProduct(tx, { projectId, appUserId }, product, now);
      // The free trial is judged under the customer's trial reservation, so two receipts of one customer (or a
      // receipt and a card checkout) judge it one after the other and only one of them gets it.
      const holder = { projectId, appUserId, holderId: body.fetch_token };
      const trialEligible = option.trial ? await holdTrial(tx, holder, product, now) : false;
      const plan = checkoutPlan(product, offeredOption(option, trialEligible));
      const discount = await receiptDiscount(tx, {
        projectId,
        fetchToken: body.fetch_token,
        code: body.discount_code,
        target: {
          productId: product.identifier,
          chargeMicros: plan.chargeMicros,
          currency: plan.currency,
          now,
        },
      });
      const [row] = await tx
        .insert(purchases)
        .values({
          id: randomUUID(),
          projectId,
          appUserId,
          productId: product.identifier,
          ...firstPeriod(discountedPlan(plan, discount), now),
          store: kind.store,
          isSandbox: kind.isSandbox,
          storeTransactionId: body.fetch_token,
          presentedOfferingIdentifier: body.presented_offering_identifier ?? null,
        })
        .onConflictDoNothing()
        .returning();
      // A replayed receipt (same fetch_token) inserts nothing and so grants and notifies nothing twice.
      if (row && plan.periodType === "trial") await confirmTrial(tx, holder, product, now);
      if (row && discount) {
        await confirmRedemption(tx, { projectId, holderId: body.fetch_token }, discount.code, now);
      }
      if (row) await grantVirtualCurrencies(tx, row, product.virtualCurrencyGrants, now);
      if (row && product.entitlements.length > 0) {
        await enqueueEntitlementEvent(tx, {
          type: "INITIAL_PURCHASE",
          purchase: row,
          entitlementIds: product.entitlements,
          at: now,
        });
      }
    });
    return customerInfoFor(ctx, request, projectId, appUserId);
  });
}
