import type { purchases, RenewalAuthentication } from "../db/schema.js";
import { subscriptionPhase } from "../lifecycle/subscription-machine.js";

type PurchaseRow = typeof purchases.$inferSelect;

/**
 * The renewal payment of `period` that waits for the customer to confirm it (SCA), or null when there is none to
 * confirm at `now`: the period was settled meanwhile (paid, expired, replaced), refunded or cancelled, or its grace
 * period is over. The mail, the Manage page's link and the confirmation page all ask this one question.
 *
 * @example
 * awaitingConfirmation(period, ctx.now())?.clientSecret;
 */
export function awaitingConfirmation(period: PurchaseRow, now: Date): RenewalAuthentication | null {
  const open = subscriptionPhase(period, now) === "grace" && period.unsubscribeDetectedAt === null;
  return open ? period.renewalAuthentication : null;
}
