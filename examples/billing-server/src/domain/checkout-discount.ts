import { and, eq, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { promotionCodes, purchases } from "../db/schema.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import { normalizePromotionCode, type CataloguePromotionCode } from "../catalogue/promotion-code-schema.js";
import type { CheckoutPlan } from "./checkout-plan.js";
import { roundToMinorUnit } from "./money.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** A promotion code applied to a checkout: kept on the session, so what was shown is what is charged. */
export interface AppliedDiscount {
  /** The code as stored (upper case). */
  code: string;
  displayName: string;
  /** Whole percent off; null for a fixed amount. */
  percentage: number | null;
  /** What it takes off the first charge, in micros (what a card can be charged: {@link roundToMinorUnit}). */
  amountMicros: number;
}

/** What a code is judged against: the purchase and the moment. */
export interface DiscountTarget {
  productId: string;
  /** What the checkout charges now, before the discount; 0 for a free trial. */
  chargeMicros: number;
  currency: string;
  now: Date;
}

/** A code's verdict: the discount it gives, or the backend code and message of why it cannot be used. */
export type DiscountVerdict =
  { ok: true; discount: AppliedDiscount } | { ok: false; errorCode: number; message: string };

const refused = (errorCode: number, message: string): DiscountVerdict => ({ ok: false, errorCode, message });

/**
 * Whether a promotion code can be used for a purchase now, and how much it takes off. The checks run in a
 * fixed order: validity window (7816), product and what is charged (7817: a free trial charges nothing at
 * checkout, so there is nothing to discount; a fixed amount must be in the price's currency), uses left (7818).
 * The amount off is rounded as a card is charged ({@link roundToMinorUnit}) and never exceeds the charge.
 *
 * @example
 * judgePromotionCode(welcome10, 0, { productId: "gems", chargeMicros: 49_990_000, currency: "ZAR", now });
 * // → { ok: true, discount: { code: "WELCOME10", percentage: 10, amountMicros: 5_000_000, … } }
 */
export function judgePromotionCode(
  definition: CataloguePromotionCode,
  redemptionCount: number,
  target: DiscountTarget,
): DiscountVerdict {
  const code = normalizePromotionCode(definition.code);
  const now = target.now.getTime();
  if (definition.starts_at && now < Date.parse(definition.starts_at)) {
    return refused(BillingErrorCode.DiscountCodeExpired, `The code ${code} is not valid yet.`);
  }
  if (definition.expires_at && now >= Date.parse(definition.expires_at)) {
    return refused(BillingErrorCode.DiscountCodeExpired, `The code ${code} has expired.`);
  }
  if (definition.products && !definition.products.includes(target.productId)) {
    return refused(
      BillingErrorCode.DiscountCodeNotApplicable,
      `The code ${code} does not apply to ${target.productId}.`,
    );
  }
  if (target.chargeMicros <= 0) {
    return refused(
      BillingErrorCode.DiscountCodeNotApplicable,
      `The code ${code} cannot apply: nothing is charged at checkout (a free trial).`,
    );
  }
  const amountOff = definition.amount_off;
  if (amountOff && amountOff.currency !== target.currency) {
    return refused(
      BillingErrorCode.DiscountCodeNotApplicable,
      `The code ${code} is in ${amountOff.currency}, the price in ${target.currency}.`,
    );
  }
  if (definition.max_redemptions !== null && redemptionCount >= definition.max_redemptions) {
    return refused(BillingErrorCode.DiscountCodeExhausted, `The code ${code} has been used up.`);
  }
  const raw = amountOff
    ? amountOff.amount_micros
    : (target.chargeMicros * (definition.percent_off ?? 0)) / 100;
  return {
    ok: true,
    discount: {
      code,
      displayName: definition.display_name ?? code,
      percentage: definition.percent_off,
      amountMicros: Math.min(target.chargeMicros, roundToMinorUnit(raw, target.currency)),
    },
  };
}

/**
 * The plan with a discount taken off its first charge (and so off the price tax is calculated on).
 *
 * @example
 * discountedPlan(plan, { amountMicros: 9_900_000, … }).chargeMicros; // 89_100_000 for R99
 */
export function discountedPlan(
  plan: CheckoutPlan,
  discount: AppliedDiscount | null | undefined,
): CheckoutPlan {
  if (!discount) return plan;
  return {
    ...plan,
    chargeMicros: plan.chargeMicros - discount.amountMicros,
    priceMicros: plan.priceMicros - discount.amountMicros,
  };
}

/**
 * Looks a code up in the project and judges it (see {@link judgePromotionCode}); throws the refusal as a 400.
 * An unknown code is 7815.
 *
 * @example
 * const discount = await resolveDiscount(ctx.db, projectId, "welcome10", target);
 */
export async function resolveDiscount(
  db: Db,
  projectId: string,
  rawCode: string,
  target: DiscountTarget,
): Promise<AppliedDiscount> {
  const code = normalizePromotionCode(rawCode);
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(and(eq(promotionCodes.projectId, projectId), eq(promotionCodes.code, code)));
  if (!row) {
    throw badRequest(`There is no promotion code ${code}.`, BillingErrorCode.DiscountCodeNotFound);
  }
  const verdict = judgePromotionCode(row.definition as CataloguePromotionCode, row.redemptionCount, target);
  if (!verdict.ok) throw badRequest(verdict.message, verdict.errorCode);
  return verdict.discount;
}

/**
 * Counts one use of a code, inside the transaction that records the purchase (which happens once per
 * purchase, so the count does too). A code deleted from the catalogue meanwhile counts nothing.
 */
export async function countRedemption(tx: Db, projectId: string, code: string): Promise<void> {
  await tx
    .update(promotionCodes)
    .set({ redemptionCount: sql`${promotionCodes.redemptionCount} + 1` })
    .where(and(eq(promotionCodes.projectId, projectId), eq(promotionCodes.code, code)));
}

/**
 * The `applied_discounts` of a pricing answer, in the wire shape the peer SDK reads: a discount on the first
 * charge only (`duration_mode: "one_time"`).
 *
 * @example
 * appliedDiscountsWire(discount); // [{ identifier: "WELCOME10", discounted_amount_in_micros: 9_900_000, … }]
 */
export function appliedDiscountsWire(discount: AppliedDiscount | null | undefined) {
  if (!discount) return [];
  return [
    {
      identifier: discount.code,
      display_name: discount.displayName,
      discount_code: discount.code,
      discounted_amount_in_micros: discount.amountMicros,
      percentage: discount.percentage,
      duration_mode: "one_time" as const,
      time_window: null,
    },
  ];
}

/**
 * The discount of a Test Store receipt's `discount_code`: judged like a checkout's, except for a replayed
 * receipt (its `fetch_token` already recorded), which answers null so that the replay stays a no-op even when
 * the code has expired or been used up since.
 *
 * @example
 * const discount = await receiptDiscount(tx, { projectId, fetchToken, code: "WELCOME10", target });
 */
export async function receiptDiscount(
  tx: Db,
  input: { projectId: string; fetchToken: string; code: string | null | undefined; target: DiscountTarget },
): Promise<AppliedDiscount | null> {
  if (!input.code) return null;
  const [replayed] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.projectId, input.projectId), eq(purchases.storeTransactionId, input.fetchToken)));
  if (replayed) return null;
  return resolveDiscount(tx, input.projectId, input.code, input.target);
}
