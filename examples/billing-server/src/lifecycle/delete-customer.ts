// Deleting a customer and everything of theirs (issue #48: v1 `DELETE /v1/subscribers/{id}`, v2 `DELETE
// …/customers/{id}`), in one transaction with its audit entry. The audit entry keeps how many rows went, never what
// they held: an erased customer's email must not survive in the log that records the erasure.
import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { BillingDb } from "../db/database.js";
import {
  analyticsEvents,
  checkoutSessions,
  customerAttributes,
  customers,
  promotionalGrants,
  purchases,
  signInMails,
  trialReservations,
  virtualCurrencyBalances,
  virtualCurrencyGrants,
  webhookDeliveries,
  webhookOutbox,
} from "../db/schema.js";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import { subscriptionPhase, type SubscriptionState } from "./subscription-machine.js";
import { recordAudit } from "../access/audit-log.js";
import { customerNotFound } from "../domain/customers.js";
import { lockCustomer } from "../domain/promotional-grants.js";

/** Whose deletion, by whom, when. */
export interface CustomerDeletion {
  projectId: string;
  appUserId: string;
  /** The audit log's actor (`secretKeyActor(merchant)`). */
  actor: string;
  now: Date;
}

/** The tables that hold a customer's rows by project and app user id, by the name a deletion counts them under. */
const OWNED = {
  attributes: customerAttributes,
  purchases,
  promotional_grants: promotionalGrants,
  checkout_sessions: checkoutSessions,
  analytics_events: analyticsEvents,
  virtual_currency_balances: virtualCurrencyBalances,
  virtual_currency_grants: virtualCurrencyGrants,
  trial_reservations: trialReservations,
  sign_in_mails: signInMails,
  webhook_deliveries: webhookDeliveries,
};

/** How many rows of each kind a deletion removed (what the audit entry keeps). */
export type DeletedCounts = Record<keyof typeof OWNED | "webhook_events", number>;

const ofCustomer = (
  table: { projectId: AnyPgColumn; appUserId: AnyPgColumn },
  projectId: string,
  appUserId: string,
) => and(eq(table.projectId, projectId), eq(table.appUserId, appUserId));

/**
 * Whether a period will still be renewed: it runs, waits for its renewal or is being retried, and was not cancelled.
 *
 * @example
 * willStillRenew(period, now); // false once `unsubscribe_detected_at` is set
 */
export function willStillRenew(
  period: SubscriptionState & Pick<typeof purchases.$inferSelect, "unsubscribeDetectedAt">,
  now: Date,
): boolean {
  const phase = subscriptionPhase(period, now);
  return (
    period.unsubscribeDetectedAt === null &&
    (phase === "running" || phase === "renewal_due" || phase === "grace")
  );
}

/**
 * Deletes a customer and everything of theirs (attributes, purchases, promotional grants, checkout sessions, events,
 * virtual currency balances and grants, trial holds, sign-in mails, webhook events and their deliveries) in one
 * transaction, with an audit entry of the counts. Refused with 404 when there is no such customer (a deletion done
 * already included), and with 409 while one of their subscriptions will still renew: deleting it would silently stop
 * its billing, so it is cancelled first. Promotion code uses stay: they count a code's redemptions and name no one.
 *
 * @example
 * const counts = await deleteCustomer(ctx.db, { projectId: "realmheart", appUserId: "u1", actor, now: ctx.now() });
 */
export function deleteCustomer(db: BillingDb, deletion: CustomerDeletion): Promise<DeletedCounts> {
  const { projectId, appUserId, now } = deletion;
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, projectId, appUserId))) throw customerNotFound(appUserId);
    const periods = await tx
      .select()
      .from(purchases)
      .where(ofCustomer(purchases, projectId, appUserId))
      .for("update");
    const renewing = periods.find((p) => willStillRenew(p, now));
    if (renewing) {
      throw new BillingError(
        409,
        BillingErrorCode.BadRequest,
        `The customer's subscription of ${renewing.productId} still renews: cancel it before deleting the customer.`,
      );
    }
    const counts = {} as DeletedCounts;
    for (const [kind, table] of Object.entries(OWNED) as [
      keyof typeof OWNED,
      (typeof OWNED)[keyof typeof OWNED],
    ][]) {
      const rows = await tx
        .delete(table)
        .where(ofCustomer(table, projectId, appUserId))
        .returning({ one: sql`1` });
      counts[kind] = rows.length;
    }
    // Events name the customer inside their payload only.
    const events = await tx
      .delete(webhookOutbox)
      .where(
        and(
          eq(webhookOutbox.projectId, projectId),
          sql`${webhookOutbox.payload} -> 'event' ->> 'app_user_id' = ${appUserId}`,
        ),
      )
      .returning({ one: sql`1` });
    counts.webhook_events = events.length;
    await tx.delete(customers).where(ofCustomer(customers, projectId, appUserId));
    await recordAudit(tx, {
      projectId,
      actor: deletion.actor,
      action: "customer.delete",
      targetType: "customer",
      targetId: appUserId,
      before: { deleted: counts },
      after: null,
      at: now,
    });
    return counts;
  });
}
