import { and, eq } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { trialReservations } from "../db/schema.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import { RESERVATION_HOLD_MS } from "./promotion-code-reservations.js";
import { trialEligibleNow, trialFamily, type TrialRules } from "./trial-eligibility.js";

// One free trial per customer and family must hold before any purchase is recorded: a card checkout sets up its
// trial (a SetupIntent) long before Stripe's webhook records the purchase that eligibility is read from. So the
// trial is held, like a promotion code's use, by the checkout that completes first: every judgement of a customer's
// trial of a family locks the one `billing_trial_reservations` row of that customer and family, then reads their
// purchases, so two checkouts judge it one after the other and the second sees the first's hold or purchase. Whatever
// the holds say, a trial purchase is recorded only while the customer has none of the family (`confirmTrial`).

type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** Who holds a customer's trial: an operation session (`opsess_…`) or a Test Store receipt (its fetch token). */
export interface TrialHolder {
  projectId: string;
  appUserId: string;
  holderId: string;
}

/**
 * Holds the customer's free trial of `product`'s family for `holder`, in the caller's transaction, when they are
 * eligible for it (no trial of the family in their purchases) and no other holder's hold is live (held less than
 * {@link RESERVATION_HOLD_MS} ago and neither confirmed nor released). A product that gives its trial on every
 * purchase needs no hold. Holding again renews the holder's own hold.
 *
 * @returns whether the holder may give the trial.
 * @example
 * const trial = await db.transaction((tx) => holdTrial(tx, { projectId, appUserId, holderId: session.id }, product, now));
 */
export async function holdTrial(
  tx: Tx,
  holder: TrialHolder,
  product: TrialRules,
  now: Date,
): Promise<boolean> {
  if (product.trialEligibility === "every_purchase") return true;
  const row = await lockTrialReservation(tx, holder, product, now);
  const heldByAnother =
    row.holderId !== holder.holderId &&
    row.status === "reserved" &&
    row.reservedAt.getTime() > now.getTime() - RESERVATION_HOLD_MS;
  if (heldByAnother || !(await trialEligibleNow(tx, holder.projectId, holder.appUserId, product)))
    return false;
  await tx
    .update(trialReservations)
    .set({ holderId: holder.holderId, status: "reserved", reservedAt: now, updatedAt: now })
    .where(reservationOf(holder, product));
  return true;
}

/**
 * {@link holdTrial} for a card checkout's complete: refuses (7232) to set up a free trial planned at the start for a
 * customer who has had one of its family since, or whose other checkout holds it now (two tabs, two devices). A new
 * checkout starts them in the next phase.
 *
 * @example
 * await db.transaction((tx) => reserveCheckoutTrial(tx, { projectId, appUserId, holderId: session.id }, product, now));
 */
export async function reserveCheckoutTrial(
  tx: Tx,
  holder: TrialHolder,
  product: TrialRules,
  now: Date,
): Promise<void> {
  if (!(await holdTrial(tx, holder, product, now))) {
    throw badRequest(
      `The customer has already had a free trial of ${product.identifier}; start a new checkout.`,
      BillingErrorCode.IneligibleForOffer,
    );
  }
}

/**
 * Records the trial purchase of `holder`, inside the transaction that records it: the customer's trial of the family
 * becomes `confirmed` by this holder. Answers false, recording nothing, when the customer already has a trial of the
 * family in their purchases: the holder's hold had lapsed and another checkout's trial came first, and a second
 * trial must not be granted (a trial took no money, so nothing is owed).
 *
 * @example
 * if (!(await confirmTrial(tx, { projectId, appUserId, holderId: session.id }, product, now))) return fail();
 */
export async function confirmTrial(
  tx: Tx,
  holder: TrialHolder,
  product: TrialRules,
  now: Date,
): Promise<boolean> {
  if (product.trialEligibility === "every_purchase") return true;
  await lockTrialReservation(tx, holder, product, now);
  if (!(await trialEligibleNow(tx, holder.projectId, holder.appUserId, product))) return false;
  await tx
    .update(trialReservations)
    .set({ holderId: holder.holderId, status: "confirmed", updatedAt: now })
    .where(reservationOf(holder, product));
  return true;
}

/**
 * Gives back the trial a holder reserved and did not use (its checkout failed).
 *
 * @example
 * await releaseTrial(tx, { projectId, holderId: session.id }, now);
 */
export async function releaseTrial(
  tx: Tx,
  holder: Pick<TrialHolder, "projectId" | "holderId">,
  now: Date,
): Promise<void> {
  await tx
    .update(trialReservations)
    .set({ status: "released", updatedAt: now })
    .where(
      and(
        eq(trialReservations.projectId, holder.projectId),
        eq(trialReservations.holderId, holder.holderId),
        eq(trialReservations.status, "reserved"),
      ),
    );
}

/**
 * Gives back the customer's hold on `product`'s trial family, whoever holds it, inside the transaction that starts a
 * new checkout of the family: a customer who starts again has left their earlier checkout (closed the form, lost the
 * tab), and must not wait for its hold to lapse. Checkouts started side by side before either completes still judge
 * the trial one after the other at complete; should an earlier checkout's card be set up after all, the purchase
 * recorded first gets the trial ({@link confirmTrial}).
 *
 * @example
 * await releaseCustomerTrial(tx, { projectId, appUserId }, product, now);
 */
export async function releaseCustomerTrial(
  tx: Tx,
  customer: Pick<TrialHolder, "projectId" | "appUserId">,
  product: TrialRules,
  now: Date,
): Promise<void> {
  await tx
    .update(trialReservations)
    .set({ status: "released", updatedAt: now })
    .where(and(reservationOf(customer, product), eq(trialReservations.status, "reserved")));
}

const reservationOf = (customer: Pick<TrialHolder, "projectId" | "appUserId">, product: TrialRules) =>
  and(
    eq(trialReservations.projectId, customer.projectId),
    eq(trialReservations.appUserId, customer.appUserId),
    eq(trialReservations.trialFamily, trialFamily(product)),
  );

/**
 * The customer's reservation row of the family, created (holding nothing yet) when it did not exist, and locked
 * until the transaction ends. A concurrent creator waits for the first one's commit and then reads its row.
 */
async function lockTrialReservation(tx: Tx, holder: TrialHolder, product: TrialRules, now: Date) {
  await tx
    .insert(trialReservations)
    .values({
      ...holder,
      trialFamily: trialFamily(product),
      status: "released",
      reservedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(trialReservations).where(reservationOf(holder, product)).for("update");
  if (!row) throw new Error("the trial reservation row vanished inside its transaction");
  return row;
}
