import { and, eq } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { webhookOutbox } from "../db/schema.js";
import { recordAudit } from "../access/audit-log.js";
import { webhookEndpointOf, type WebhookEndpoints } from "./deliver-due-webhooks.js";
import { recordWebhookAttempt, type WebhookDeliveryRow } from "./record-webhook-attempt.js";
import { sendWebhook } from "./send-webhook.js";

/** What a replay came to: the attempt it made, or why it made none. */
export type ReplayOutcome =
  { kind: "replayed"; delivery: WebhookDeliveryRow } | { kind: "missing" } | { kind: "no_endpoint" };

/** A replay's request. */
export interface ReplayRequest {
  projectId: string;
  eventId: string;
  webhooks: WebhookEndpoints;
  /** Who asked, for the audit log: `secret_key key_…`. */
  actor: string;
  /** `globalThis.fetch` by default. */
  fetch?: typeof fetch;
  /** 10 s by default, as the worker's. */
  timeoutMs?: number;
}

/**
 * Sends one event of the outbox again now, as it was first sent (the same id, so a receiver that has it already
 * ignores it), and keeps the attempt as a `replay`. An undelivered event that the receiver acknowledges is delivered
 * for good; a failed replay leaves the worker's retry schedule as it was. The attempt, its effect on the event and
 * the audit entry are written in one transaction.
 *
 * @example
 * const outcome = await replayWebhookEvent(ctx, { projectId: "realmheart", eventId, webhooks, actor: `secret_key ${keyId}` });
 */
export async function replayWebhookEvent(
  ctx: Pick<BillingContext, "db" | "now">,
  request: ReplayRequest,
): Promise<ReplayOutcome> {
  const [event] = await ctx.db
    .select()
    .from(webhookOutbox)
    .where(and(eq(webhookOutbox.projectId, request.projectId), eq(webhookOutbox.eventId, request.eventId)));
  if (!event) return { kind: "missing" };
  const endpoint = webhookEndpointOf(request.webhooks, event.projectId);
  if (!endpoint) return { kind: "no_endpoint" };

  const attemptedAt = ctx.now();
  const attempt = await sendWebhook(event.eventId, event.payload, endpoint, {
    fetch: request.fetch ?? fetch,
    timeoutMs: request.timeoutMs ?? 10_000,
    sentAt: attemptedAt,
  });
  const settledAt = ctx.now();
  const delivery = await ctx.db.transaction(async (tx) => {
    const row = await recordWebhookAttempt(tx, {
      event,
      url: endpoint.url,
      attempt,
      trigger: "replay",
      attemptedAt,
      settledAt,
      retryAt: null,
    });
    const [after] = await tx
      .select({ deliveredAt: webhookOutbox.deliveredAt, attempts: webhookOutbox.attempts })
      .from(webhookOutbox)
      .where(eq(webhookOutbox.eventId, event.eventId));
    await recordAudit(tx, {
      projectId: event.projectId,
      actor: request.actor,
      action: "webhook_event.replay",
      targetType: "webhook_event",
      targetId: event.eventId,
      before: { delivered_at: event.deliveredAt?.getTime() ?? null, attempts: event.attempts },
      after: {
        delivered_at: after?.deliveredAt?.getTime() ?? null,
        attempts: after?.attempts ?? event.attempts + 1,
        delivery_id: row.id,
        succeeded: row.succeeded,
        http_status: row.status,
      },
      at: settledAt,
    });
    return row;
  });
  return { kind: "replayed", delivery };
}
