import { BillingErrorCode } from "../http/billing-error.js";
import { normalizePromotionCode, type CataloguePromotionCode } from "../catalogue/promotion-code-schema.js";
import type { CheckoutPlan } from "./checkout-plan.js";
import { roundToMinorUnit } from "./money.js";

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
 * `usesTaken` counts the purchases that redeemed it and the other checkouts holding it (promotion-code-reservations.ts).
 * The amount off is rounded as a card is charged ({@link roundToMinorUnit}) and never exceeds the charge.
 *
 * @example
 * judgePromotionCode(welcome10, 0, { productId: "gems", chargeMicros: 49_990_000, currency: "ZAR", now });
 * // → { ok: true, discount: { code: "WELCOME10", percentage: 10, amountMicros: 5_000_000, … } }
 */
export function judgePromotionCode(
  definition: CataloguePromotionCode,
  usesTaken: number,
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
  if (definition.max_redemptions !== null && usesTaken >= definition.max_redemptions) {
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
