import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { products } from "../db/schema.js";
import { addIsoDuration } from "./iso-duration.js";
import { toMinorUnits } from "./money.js";

type ProductRow = typeof products.$inferSelect;

interface WirePrice {
  amount_micros: number;
  currency: string;
}

interface WirePhase {
  period_duration: string;
  price: WirePrice | null;
  cycle_count: number;
}

/** A purchase option as the catalogue stores it (wire shape, docs/protocol.md). */
export interface WirePurchaseOption {
  id: string;
  price_id: string;
  base?: WirePhase;
  trial?: WirePhase | null;
  intro_price?: WirePhase | null;
  base_price?: WirePrice;
}

/** The Stripe Elements configuration sent to the checkout (wire `elements_configuration`). */
export interface ElementsConfiguration {
  mode: "payment" | "setup";
  payment_method_types: string[];
  setup_future_usage: "off_session" | null;
  amount: number;
  currency: string;
}

/** What the customer agreed to at checkout start, kept on the session so fulfilment never re-reads prices. */
export interface CheckoutPlan {
  productType: ProductRow["productType"];
  optionId: string;
  priceId: string;
  /** The phase the purchase starts in. */
  periodType: "trial" | "intro" | "normal";
  /** ISO 8601 duration of that phase; null for one-time purchases, which never expire. */
  periodDuration: string | null;
  /** Charged now: 0 for a free trial, else the first phase's price. */
  chargeMicros: number;
  /** The first price actually paid (now, or when the trial ends): what tax is calculated on and shown. */
  priceMicros: number;
  currency: string;
}

/**
 * The purchase option a checkout start names: `offer_id` when given, else the product's default option; its
 * `price_id` must match. Anything else is 7814 (offer not found).
 *
 * @example
 * const option = selectPurchaseOption(product, { priceId: "prc_premium_realm_monthly_zar" });
 */
export function selectPurchaseOption(
  product: ProductRow,
  request: { offerId?: string | null; priceId: string },
): WirePurchaseOption {
  const options = product.purchaseOptions as Record<string, WirePurchaseOption>;
  const optionId = request.offerId ?? product.defaultPurchaseOptionId ?? "";
  const option = Object.hasOwn(options, optionId) ? options[optionId] : undefined;
  if (!option) {
    throw badRequest(
      `Product ${product.identifier} has no purchase option ${optionId}.`,
      BillingErrorCode.OfferNotFound,
    );
  }
  if (option.price_id !== request.priceId) {
    throw badRequest(
      `price_id ${request.priceId} is not the price of option ${option.id} of ${product.identifier}.`,
      BillingErrorCode.OfferNotFound,
    );
  }
  return option;
}

/**
 * The plan of buying `option`: which phase starts, for how long, and what is charged now and later.
 *
 * @example
 * checkoutPlan(premiumRealm, option); // { periodType: "trial", periodDuration: "P1W", chargeMicros: 0, priceMicros: 99_000_000, … }
 */
export function checkoutPlan(product: ProductRow, option: WirePurchaseOption): CheckoutPlan {
  const common = { productType: product.productType, optionId: option.id, priceId: option.price_id };
  if (option.base_price) {
    const { amount_micros, currency } = option.base_price;
    return {
      ...common,
      periodType: "normal",
      periodDuration: null,
      chargeMicros: amount_micros,
      priceMicros: amount_micros,
      currency,
    };
  }
  const base = option.base;
  if (!base?.price) {
    throw badRequest(
      `Option ${option.id} of ${product.identifier} has no price.`,
      BillingErrorCode.OfferNotFound,
    );
  }
  const intro = option.intro_price?.price ? option.intro_price : null;
  const firstPaid = intro?.price ?? base.price;
  const trial = option.trial ?? null;
  const first = trial ?? intro ?? base;
  return {
    ...common,
    periodType: trial ? "trial" : intro ? "intro" : "normal",
    periodDuration: first.period_duration,
    chargeMicros: trial ? 0 : firstPaid.amount_micros,
    priceMicros: firstPaid.amount_micros,
    currency: base.price.currency,
  };
}

/**
 * The purchase row's fields of a plan's first period, bought at `now`: what a checkout's fulfilment and a Test
 * Store receipt record.
 *
 * @example
 * firstPeriod(plan, now); // { optionId: "base_option", periodType: "trial", expiresDate: now + P1W, priceMicros: 0, … }
 */
export function firstPeriod(plan: CheckoutPlan, now: Date) {
  return {
    optionId: plan.optionId,
    periodType: plan.periodType,
    purchaseDate: now,
    originalPurchaseDate: now,
    expiresDate: plan.periodDuration ? addIsoDuration(now, plan.periodDuration) : null,
    priceMicros: plan.chargeMicros,
    currency: plan.currency,
  };
}

/**
 * The Elements configuration for a plan: "setup" when nothing is charged now (the card is saved for the
 * first renewal), else "payment"; subscriptions keep the card for off-session renewals. `amount` is the
 * price shown, in minor units: the first paid price, with tax once it is known.
 *
 * @example
 * elementsConfiguration(plan, 113_850_000); // { mode: "setup", amount: 11385, currency: "zar", … }
 */
export function elementsConfiguration(plan: CheckoutPlan, amountMicros: number): ElementsConfiguration {
  return {
    mode: plan.chargeMicros === 0 ? "setup" : "payment",
    payment_method_types: ["card"],
    setup_future_usage: plan.productType === "subscription" ? "off_session" : null,
    amount: toMinorUnits(amountMicros, plan.currency),
    currency: plan.currency.toLowerCase(),
  };
}
