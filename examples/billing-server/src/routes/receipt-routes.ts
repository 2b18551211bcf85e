import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { BillingError, BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { customerInfoFor } from "../manage/management-link.js";
import { products, purchases } from "../db/schema.js";
import { ensureCustomer, validAppUserId } from "../domain/customers.js";
import { countRedemption, receiptDiscount } from "../domain/checkout-discount.js";
import { addIsoDuration } from "../domain/iso-duration.js";
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

interface WireOption {
  id: string;
  base?: { period_duration: string; price: { amount_micros: number; currency: string } };
  trial?: { period_duration: string } | null;
  base_price?: { amount_micros: number; currency: string };
}

/** Test Store receipts: a simulated purchase that grants at once; idempotent by `fetch_token`. */
export async function receiptRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.post("/v1/receipts", async (request) => {
    const body = parseInput(receiptBody, request.body, BillingErrorCode.InvalidReceipt);
    const appUserId = validAppUserId(body.app_user_id);
    const { projectId, keyKind } = request.caller;
    if (keyKind !== "test_store") {
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
    const option = (product.purchaseOptions as Record<string, WireOption>)[
      product.defaultPurchaseOptionId ?? ""
    ];
    const price = option?.base?.price ?? option?.base_price;
    if (!option || !price)
      throw badRequest(`Product ${product.identifier} cannot be bought.`, BillingErrorCode.StoreProblem);

    await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      await ensureCustomer(tx, projectId, appUserId, now);
      const trial = option.trial?.period_duration;
      const basePeriod = option.base?.period_duration;
      const discount = await receiptDiscount(tx, {
        projectId,
        fetchToken: body.fetch_token,
        code: body.discount_code,
        target: {
          productId: product.identifier,
          chargeMicros: trial ? 0 : price.amount_micros,
          currency: price.currency,
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
          optionId: option.id,
          store: "test_store",
          isSandbox: true,
          storeTransactionId: body.fetch_token,
          periodType: trial ? "trial" : "normal",
          purchaseDate: now,
          originalPurchaseDate: now,
          expiresDate: basePeriod ? addIsoDuration(now, trial ?? basePeriod) : null,
          priceMicros: trial ? 0 : price.amount_micros - (discount?.amountMicros ?? 0),
          currency: price.currency,
          presentedOfferingIdentifier: body.presented_offering_identifier ?? null,
        })
        .onConflictDoNothing()
        .returning();
      // A replayed receipt (same fetch_token) inserts nothing and so grants and notifies nothing twice.
      if (row && discount) await countRedemption(tx, projectId, discount.code);
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
