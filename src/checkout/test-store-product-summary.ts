import type { Package, Period, ProductType } from "../model/types";

/** What the test-store modal shows about the package being bought. */
export interface TestStoreProductSummary {
  readonly title: string;
  readonly productType: ProductType;
  readonly formattedPrice: string;
  /** Billing period of a subscription, null for one-time products. */
  readonly period: Period | null;
  readonly freeTrialPeriod: Period | null;
  readonly introPrice: {
    readonly formattedPrice: string;
    readonly period: Period | null;
    readonly cycleCount: number;
  } | null;
}

/**
 * The facts of the test-store modal (docs/checkout.md): title, type, price, free-trial period and intro price.
 * Wording and localisation are the modal's business.
 *
 * @example
 * testStoreProductSummary(offering.monthly).freeTrialPeriod; // { number: 1, unit: "week" }
 */
export function testStoreProductSummary(pkg: Package): TestStoreProductSummary {
  const product = pkg.webBillingProduct;
  const intro = product.introPricePhase;
  return {
    title: product.title,
    productType: product.productType,
    formattedPrice: product.currentPrice.formattedPrice,
    period: product.period,
    freeTrialPeriod: product.freeTrialPhase?.period ?? null,
    introPrice: intro?.price
      ? { formattedPrice: intro.price.formattedPrice, period: intro.period, cycleCount: intro.cycleCount }
      : null,
  };
}
