/**
 * Where a purchase is recorded and paid: `test_store` (a simulated purchase, no money moves) or `rc_billing` (a card
 * payment through the card gateway, Stripe). Each API key kind's store is in `API_KEY_KINDS` (`api-key-kind.ts`).
 */
export type PurchaseStore = "test_store" | "rc_billing";

/**
 * Whether purchases of `store` are paid through the card gateway: the checkout, each renewal charge and the "paid
 * with" line of the hosted page decide by it. A Test Store purchase takes no money.
 *
 * @example
 * paysByCard("rc_billing"); // true
 * paysByCard("test_store"); // false
 */
export function paysByCard(store: PurchaseStore): boolean {
  return store === "rc_billing";
}
