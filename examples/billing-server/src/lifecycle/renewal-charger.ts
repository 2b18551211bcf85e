import type { purchases, RenewalAuthentication } from "../db/schema.js";
import { paysByCard } from "../kinds/purchase-store.js";

/** A renewal to charge. */
export interface RenewalCharge {
  /** The period that has just ended. */
  purchase: typeof purchases.$inferSelect;
  /**
   * The new period's transaction id. It is the same on every attempt at this renewal: pass it to the payment
   * gateway as the idempotency key, with {@link attempt}, so that a charge retried after a crash is not taken twice.
   */
  storeTransactionId: string;
  /** 0 for the charge at the end of the period, then 1, 2, 3 for the retries of a billing issue. */
  attempt: number;
  amountMicros: number;
  currency: string;
}

/**
 * What a renewal charge came to: `"succeeded"` renews; `"failed"` (a decline) opens or continues the billing issue;
 * `authentication_required` (the bank wants the customer to confirm, SCA) does the same and leaves the payment
 * waiting for the customer on the hosted confirmation page.
 */
export type RenewalOutcome =
  "succeeded" | "failed" | ({ status: "authentication_required" } & RenewalAuthentication);

/**
 * Takes the payment of a renewal. Throwing means "could not tell" (gateway unreachable): nothing changes and the
 * renewal is tried again about a minute later, with the same attempt number.
 *
 * @example
 * const renewalCharger: RenewalCharger = async ({ purchase, amountMicros, currency, storeTransactionId, attempt }) =>
 *   (await gateway.chargeSavedCard(purchase.appUserId, amountMicros, currency, `${storeTransactionId}-${attempt}`)).ok
 *     ? "succeeded"
 *     : "failed";
 */
export type RenewalCharger = (charge: RenewalCharge) => Promise<RenewalOutcome>;

/**
 * The charger of a server without a payment gateway: Test Store renewals succeed (the Test Store takes no money);
 * every other renewal fails, since nothing can charge the card — there is no silent success for card purchases,
 * sandbox ones included (they charge Stripe's test mode through {@link cardRenewalCharger} when Stripe is set up).
 *
 * @example
 * await defaultRenewalCharger({ purchase, storeTransactionId, attempt: 0, amountMicros, currency }); // "succeeded" for the Test Store
 */
export const defaultRenewalCharger: RenewalCharger = async ({ purchase }) =>
  paysByCard(purchase.store) ? "failed" : "succeeded";
