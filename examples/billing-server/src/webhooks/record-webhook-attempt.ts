import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { webhookDeliveries, webhookOutbox } from "../db/schema.js";
import type { WebhookAttempt } from "./send-webhook.js";

type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** A stored delivery attempt. */
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Who asked for an attempt: the worker's schedule, or a merchant's replay. */
export type WebhookTrigger = WebhookDeliveryRow["trigger"];

/** The outbox event an attempt delivered. */
export interface AttemptedEvent {
  eventId: string;
  projectId: string;
  type: string;
  payload: unknown;
}

/** The customer an event is about (`event.app_user_id` of its payload); null when it names none. */
export function appUserIdOf(payload: unknown): string | null {
  const event = (payload as { event?: { app_user_id?: unknown } } | null)?.event;
  return typeof event?.app_user_id === "string" ? event.app_user_id : null;
}

/**
 * Keeps one delivery attempt and its effect on the event, in the caller's transaction so the two land together: the
 * attempt's row (never the secret nor the headers), one more attempt counted, and then the event acknowledged (a 2xx),
 * or — while it is still undelivered — its error kept and, when `retryAt` is given, its next attempt scheduled.
 *
 * @example
 * await db.transaction((tx) => recordWebhookAttempt(tx, { event, url, attempt, trigger: "replay", attemptedAt, settledAt: now, retryAt: null }));
 */
export async function recordWebhookAttempt(
  tx: Tx | BillingDb,
  input: {
    event: AttemptedEvent;
    url: string;
    attempt: WebhookAttempt;
    trigger: WebhookTrigger;
    attemptedAt: Date;
    settledAt: Date;
    retryAt: Date | null;
  },
): Promise<WebhookDeliveryRow> {
  const { event, attempt, attemptedAt } = input;
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      id: `whd_${attemptedAt.getTime().toString(36)}${randomBytes(6).toString("hex")}`,
      eventId: event.eventId,
      projectId: event.projectId,
      appUserId: appUserIdOf(event.payload),
      eventType: event.type,
      url: input.url,
      status: attempt.status,
      succeeded: attempt.succeeded,
      latencyMs: attempt.latencyMs,
      responseExcerpt: attempt.excerpt,
      trigger: input.trigger,
      attemptedAt,
    })
    .returning();
  const byId = eq(webhookOutbox.eventId, event.eventId);
  if (attempt.succeeded) {
    await tx
      .update(webhookOutbox)
      .set({
        attempts: sql`${webhookOutbox.attempts} + 1`,
        deliveredAt: sql`coalesce(${webhookOutbox.deliveredAt}, ${input.settledAt.toISOString()}::timestamptz)`,
        lastError: null,
      })
      .where(byId);
    return row!;
  }
  await tx
    .update(webhookOutbox)
    .set({ attempts: sql`${webhookOutbox.attempts} + 1` })
    .where(byId);
  await tx
    .update(webhookOutbox)
    .set({
      lastError: (attempt.error ?? attempt.excerpt).slice(0, 1000),
      ...(input.retryAt ? { nextAttemptAt: input.retryAt } : {}),
    })
    .where(and(byId, isNull(webhookOutbox.deliveredAt)));
  return row!;
}
