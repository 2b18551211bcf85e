import { PREMIUM_PRICE } from "../premium/money.js";

/**
 * The billing server's premium subscriptions, as its shipped catalogue (realmheart.json) prices them: the price of
 * one period in minor units, and the period in months. A parity test holds this to the catalogue.
 */
export const STORE_PLANS: Readonly<Record<string, { amount: number; months: number }>> = {
  premium_realm_monthly: { amount: PREMIUM_PRICE.amount, months: 1 },
  premium_realm_annual: { amount: 99_000, months: 12 },
};

/**
 * What a store subscription of `productId` brings in a month, in minor units: an annual plan's price ÷ 12. A product
 * the app does not know (or a subscription recorded before products were) counts as Premium Realm's R99 a month.
 *
 * @example
 * storeMonthlyAmount("premium_realm_annual"); // 8250 (R990 ÷ 12)
 */
export function storeMonthlyAmount(productId: string | null): number {
  const plan = productId === null ? undefined : STORE_PLANS[productId];
  return plan ? Math.round(plan.amount / plan.months) : PREMIUM_PRICE.amount;
}
