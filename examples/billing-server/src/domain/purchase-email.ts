import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { checkoutSessions } from "../db/schema.js";
import { usableEmail } from "./customer-email.js";

/**
 * The email address of a customer's most recent purchase: the one given at their latest checkout that succeeded,
 * real-money checkouts before sandbox ones; null when they have none (Test Store receipts carry no address). It is
 * where links that prove the customer (sign-in links, renewal payment confirmations) may be mailed.
 *
 * Only a completed checkout counts: the address was given with a payment (or a card saved for a trial), and a
 * sandbox checkout, which a test card completes for free, never outranks a real one. The `$email` subscriber
 * attribute never counts: anyone holding the public API key can set it for any app user id. The most recent
 * purchase wins over the first because people change addresses, and the newest checkout is the one they last proved.
 *
 * @example
 * await purchaseEmail(ctx.db, { projectId: "realmheart", appUserId: "u1" }); // "ada@example.com"
 */
export async function purchaseEmail(
  db: BillingDb,
  customer: { projectId: string; appUserId: string },
): Promise<string | null> {
  const [latest] = await db
    .select({ email: checkoutSessions.email })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.projectId, customer.projectId),
        eq(checkoutSessions.appUserId, customer.appUserId),
        eq(checkoutSessions.status, "succeeded"),
        isNotNull(checkoutSessions.email),
      ),
    )
    .orderBy(asc(checkoutSessions.isSandbox), desc(checkoutSessions.purchaseDate), desc(checkoutSessions.id))
    .limit(1);
  return usableEmail(latest?.email);
}
