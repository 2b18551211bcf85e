import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { webhookDeliveries, webhookOutbox } from "../db/schema.js";
import type { WebhookDeliveryRow } from "./record-webhook-attempt.js";

/** An outbox event as stored. */
export type WebhookEventRow = typeof webhookOutbox.$inferSelect;

/** Which events {@link webhookEvents} reads. */
export interface WebhookEventQuery {
  projectId: string;
  appUserId?: string;
  type?: string;
  /** The id of the previous page's last event (checked to exist by the caller). */
  startingAfter?: string;
  limit: number;
}

/**
 * A project's webhook events, the last enqueued first, optionally of one customer or type, a page at a time.
 *
 * @example
 * const rows = await webhookEvents(db, { projectId: "realmheart", appUserId: "u1", limit: 21 });
 */
export function webhookEvents(db: BillingDb, query: WebhookEventQuery): Promise<WebhookEventRow[]> {
  const where: (SQL | undefined)[] = [eq(webhookOutbox.projectId, query.projectId)];
  if (query.appUserId !== undefined) {
    // The customer is only in the payload: every event type carries `event.app_user_id`.
    where.push(sql`${webhookOutbox.payload}->'event'->>'app_user_id' = ${query.appUserId}`);
  }
  if (query.type !== undefined) where.push(eq(webhookOutbox.type, query.type));
  if (query.startingAfter !== undefined) {
    // Compared in SQL: created_at has microseconds, which a JavaScript Date would round away.
    const cursor = db
      .select({ createdAt: webhookOutbox.createdAt, eventId: webhookOutbox.eventId })
      .from(webhookOutbox)
      .where(eq(webhookOutbox.eventId, query.startingAfter));
    where.push(sql`(${webhookOutbox.createdAt}, ${webhookOutbox.eventId}) < (${cursor})`);
  }
  return db
    .select()
    .from(webhookOutbox)
    .where(and(...where))
    .orderBy(desc(webhookOutbox.createdAt), desc(webhookOutbox.eventId))
    .limit(query.limit);
}

/**
 * One event of a project; undefined when the project has none of that id.
 *
 * @example
 * const event = await webhookEvent(db, "realmheart", eventId);
 */
export async function webhookEvent(
  db: BillingDb,
  projectId: string,
  eventId: string,
): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookOutbox)
    .where(and(eq(webhookOutbox.projectId, projectId), eq(webhookOutbox.eventId, eventId)));
  return row;
}

/** Which attempts {@link webhookDeliveryAttempts} reads. */
export interface WebhookDeliveryQuery {
  projectId: string;
  appUserId?: string;
  eventId?: string;
  /** The id of the previous page's last attempt (checked to exist by the caller). */
  startingAfter?: string;
  limit: number;
}

/**
 * A project's delivery attempts, the last first, optionally of one customer or event, a page at a time.
 *
 * @example
 * const rows = await webhookDeliveryAttempts(db, { projectId: "realmheart", eventId, limit: 21 });
 */
export function webhookDeliveryAttempts(
  db: BillingDb,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryRow[]> {
  const where: (SQL | undefined)[] = [eq(webhookDeliveries.projectId, query.projectId)];
  if (query.appUserId !== undefined) where.push(eq(webhookDeliveries.appUserId, query.appUserId));
  if (query.eventId !== undefined) where.push(eq(webhookDeliveries.eventId, query.eventId));
  if (query.startingAfter !== undefined) {
    const cursor = db
      .select({ attemptedAt: webhookDeliveries.attemptedAt, id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, query.startingAfter));
    where.push(sql`(${webhookDeliveries.attemptedAt}, ${webhookDeliveries.id}) < (${cursor})`);
  }
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(...where))
    .orderBy(desc(webhookDeliveries.attemptedAt), desc(webhookDeliveries.id))
    .limit(query.limit);
}

/**
 * One attempt of a project; undefined when the project has none of that id.
 *
 * @example
 * const attempt = await webhookDeliveryAttempt(db, "realmheart", "whd_…");
 */
export async function webhookDeliveryAttempt(
  db: BillingDb,
  projectId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.projectId, projectId), eq(webhookDeliveries.id, id)));
  return row;
}
