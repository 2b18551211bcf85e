import type { purchases } from "../db/schema.js";

/** A renewal to charge. */
export interface RenewalCharge {
  /** The period that has just ended. */
  purchase: typeof purchases.$inferSelect;
  /**
   * The new period's transaction id. It is the same on every attempt at this renewal: pass it to the payment
   * gateway as the idempotency key, so that a charge retried after a crash is not taken twice.
   */
  storeTransactionId: string;
  amountMicros: number;
  currency: string;
}

/**
 * Takes the payment of a renewal. `"succeeded"` renews, `"failed"` (a decline) ends the subscription with a
 * billing issue. Throwing means "could not tell" (gateway unreachable): nothing changes and the renewal is
 * tried again about a minute later.
 *
 * @example
 * const renewalCharger: RenewalCharger = async ({ purchase, amountMicros, currency, storeTransactionId }) =>
 *   (await gateway.chargeSavedCard(purchase.appUserId, amountMicros, currency, storeTransactionId)).ok
 *     ? "succeeded"
 *     : "failed";
 */
export type RenewalCharger = (charge: RenewalCharge) => Promise<"succeeded" | "failed">;

/**
 * The charger used when none is configured: Test Store and sandbox renewals always succeed (there is no
 * money to take); production renewals fail, since without a gateway nothing can be charged.
 *
 * @example
 * await defaultRenewalCharger({ purchase, storeTransactionId, amountMicros, currency }); // "succeeded" in sandbox
 */
export const defaultRenewalCharger: RenewalCharger = async ({ purchase }) =>
  purchase.store === "test_store" || purchase.isSandbox ? "succeeded" : "failed";
