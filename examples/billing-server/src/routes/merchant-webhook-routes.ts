import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { DEFAULT_PAGE_SIZE, listOf, listPage, pageQuery } from "../merchant/list-page.js";
import { MerchantError, merchantErrorBody } from "../http/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";
import type { WebhookEndpoints } from "../webhooks/deliver-due-webhooks.js";
import { appUserIdOf, type WebhookDeliveryRow } from "../webhooks/record-webhook-attempt.js";
import { replayWebhookEvent } from "../webhooks/replay-webhook-event.js";
import {
  webhookDeliveryAttempt,
  webhookDeliveryAttempts,
  webhookEvent,
  webhookEvents,
  type WebhookEventRow,
} from "../webhooks/webhook-history.js";

const webhookDeliverySchema = z.object({
  object: z.literal("webhook_delivery"),
  id: z.string(),
  event_id: z.string(),
  event_type: z.string().describe("INITIAL_PURCHASE, RENEWAL, CANCELLATION, TRANSFER…"),
  app_user_id: z.string().nullable().describe("The customer the event is about"),
  url: z.string().describe("Where it was sent"),
  trigger: z
    .enum(["schedule", "replay"])
    .describe("The worker's schedule (first send and retries) or a replay"),
  http_status: z.number().int().nullable().describe("The receiver's status; null when it never answered"),
  succeeded: z.boolean().describe("A 2xx: the event is acknowledged"),
  latency_ms: z.number().int(),
  response_excerpt: z.string().nullable().describe("The first 1,000 characters of the answer, or the error"),
  attempted_at: z.number().int().describe("When, in ms since the epoch"),
});

const webhookEventSchema = z.object({
  object: z.literal("webhook_event"),
  id: z.string().describe("The event id: X-Webhook-Id and event.id of every delivery, replays included"),
  type: z.string(),
  app_user_id: z.string().nullable(),
  created_at: z.number().int().describe("When the change happened (event.event_timestamp_ms), in ms"),
  delivered_at: z.number().int().nullable().describe("When a receiver acknowledged it; null until then"),
  attempts: z.number().int().describe("Delivery attempts so far, replays included"),
  next_attempt_at: z.number().int().nullable().describe("When the worker tries next; null once delivered"),
  last_error: z.string().nullable().describe("Why the last failed attempt failed; null once delivered"),
  payload: z.unknown().describe("The body every delivery sends"),
});

const webhookEventWithDeliveries = webhookEventSchema.extend({
  deliveries: listOf(webhookDeliverySchema).describe("Its attempts, the last first; more at next_page"),
});

function deliveryItem(row: WebhookDeliveryRow): z.infer<typeof webhookDeliverySchema> {
  return {
    object: "webhook_delivery",
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    app_user_id: row.appUserId,
    url: row.url,
    trigger: row.trigger,
    http_status: row.status,
    succeeded: row.succeeded,
    latency_ms: row.latencyMs,
    response_excerpt: row.responseExcerpt,
    attempted_at: row.attemptedAt.getTime(),
  };
}

function eventItem(row: WebhookEventRow): z.infer<typeof webhookEventSchema> {
  const stamp = (row.payload as { event?: { event_timestamp_ms?: unknown } } | null)?.event
    ?.event_timestamp_ms;
  return {
    object: "webhook_event",
    id: row.eventId,
    type: row.type,
    app_user_id: appUserIdOf(row.payload),
    created_at: typeof stamp === "number" ? stamp : row.createdAt.getTime(),
    delivered_at: row.deliveredAt?.getTime() ?? null,
    attempts: row.attempts,
    next_attempt_at: row.deliveredAt ? null : row.nextAttemptAt.getTime(),
    last_error: row.deliveredAt ? null : row.lastError,
    payload: row.payload,
  };
}

const projectParams = z.object({ project_id: z.string().max(255) });
const eventParams = projectParams.extend({ event_id: z.string().min(1).max(255) });
const appUserIdQuery = z.string().min(1).max(512).optional().describe("Only those about this customer");
const missingEvent = () =>
  new MerchantError(404, "resource_missing", "No webhook event has that id.", { param: "event_id" });

/** A page of delivery attempts, the last first: the deliveries list and an event's own attempts share it. */
async function deliveriesPage(
  ctx: BillingContext,
  projectId: string,
  filter: { appUserId?: string; eventId?: string },
  page: { limit?: number; startingAfter?: string },
) {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  if (page.startingAfter && !(await webhookDeliveryAttempt(ctx.db, projectId, page.startingAfter))) {
    throw new MerchantError(404, "resource_missing", "No webhook delivery has that id.", {
      param: "starting_after",
    });
  }
  const rows = await webhookDeliveryAttempts(ctx.db, {
    projectId,
    ...filter,
    startingAfter: page.startingAfter,
    limit: limit + 1,
  });
  return listPage(
    rows.map(deliveryItem),
    limit,
    `/v2/projects/${projectId}/webhooks/deliveries`,
    (i) => i.id,
    {
      app_user_id: filter.appUserId,
      event_id: filter.eventId,
    },
  );
}

/**
 * Webhook events and every attempt to deliver them: listed, read, and replayed (the same event id again, now), under
 * `/v2/projects/:project_id/webhooks/`.
 *
 * @example
 * await app.register(merchantWebhookRoutes, { ctx, api, webhooks });
 */
export async function merchantWebhookRoutes(
  app: FastifyInstance,
  { ctx, api, webhooks }: { ctx: BillingContext; api: MerchantApi; webhooks: WebhookEndpoints },
): Promise<void> {
  // In this order: the OpenAPI document lists the routes as they are registered.
  webhookEventRoutes(app, ctx, api);
  webhookDeliveryRoutes(app, ctx, api, webhooks);
}

/** Lists the webhook events and gets one with its delivery attempts. */
function webhookEventRoutes(app: FastifyInstance, ctx: BillingContext, api: MerchantApi): void {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/webhooks/events",
      api: "v2",
      scope: "webhooks:read",
      operationId: "list-webhook-events",
      summary: "List the webhook events, the last first, with whether and when each was delivered",
      tag: "Webhooks",
      params: projectParams,
      query: z.object({
        ...pageQuery,
        app_user_id: appUserIdQuery,
        type: z.string().min(1).max(100).optional().describe("Only events of this type (RENEWAL…)"),
      }),
      responses: { 200: listOf(webhookEventSchema) },
    },
    async ({ projectId, query }) => {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      if (query.starting_after && !(await webhookEvent(ctx.db, projectId, query.starting_after))) {
        throw new MerchantError(404, "resource_missing", "No webhook event has that id.", {
          param: "starting_after",
        });
      }
      const rows = await webhookEvents(ctx.db, {
        projectId,
        appUserId: query.app_user_id,
        type: query.type,
        startingAfter: query.starting_after,
        limit: limit + 1,
      });
      return listPage(rows.map(eventItem), limit, `/v2/projects/${projectId}/webhooks/events`, (i) => i.id, {
        app_user_id: query.app_user_id,
        type: query.type,
      });
    },
  );

  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/webhooks/events/:event_id",
      api: "v2",
      scope: "webhooks:read",
      operationId: "get-webhook-event",
      summary: "Get a webhook event with its delivery attempts",
      tag: "Webhooks",
      params: eventParams,
      responses: { 200: webhookEventWithDeliveries },
    },
    async ({ projectId, params }) => {
      const event = await webhookEvent(ctx.db, projectId, params.event_id);
      if (!event) throw missingEvent();
      const deliveries = await deliveriesPage(ctx, projectId, { eventId: event.eventId }, {});
      return { ...eventItem(event), deliveries };
    },
  );
}

/** Lists the delivery attempts and replays an event, answering the new attempt. */
function webhookDeliveryRoutes(
  app: FastifyInstance,
  ctx: BillingContext,
  api: MerchantApi,
  webhooks: WebhookEndpoints,
): void {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/webhooks/deliveries",
      api: "v2",
      scope: "webhooks:read",
      operationId: "list-webhook-deliveries",
      summary:
        "List the attempts to deliver webhook events, the last first: status, latency, the answer's start",
      tag: "Webhooks",
      params: projectParams,
      query: z.object({
        ...pageQuery,
        app_user_id: appUserIdQuery,
        event_id: z.string().min(1).max(255).optional().describe("Only the attempts of this event"),
      }),
      responses: { 200: listOf(webhookDeliverySchema) },
    },
    async ({ projectId, query }) =>
      deliveriesPage(
        ctx,
        projectId,
        { appUserId: query.app_user_id, eventId: query.event_id },
        { limit: query.limit, startingAfter: query.starting_after },
      ),
  );

  api.route(
    app,
    {
      method: "POST",
      url: "/v2/projects/:project_id/webhooks/events/:event_id/actions/replay",
      api: "v2",
      scope: "webhooks:write",
      operationId: "replay-webhook-event",
      summary: "Send a webhook event again now, with the same id, and get the attempt",
      description:
        "Receivers deduplicate on the event id, so a replay of an event they have is harmless. Replaying an " +
        "undelivered event that the receiver acknowledges delivers it for good; a failed replay leaves the retry " +
        "schedule as it was. The answer is 200 whatever the receiver said: see `succeeded` and `http_status`.",
      tag: "Webhooks",
      params: eventParams,
      // The document's shared error statuses lack 422.
      responses: {
        200: webhookDeliverySchema,
        422: merchantErrorBody.describe("The project has no webhook endpoint: nothing was sent"),
      },
    },
    async ({ projectId, params, merchant }) => {
      const outcome = await replayWebhookEvent(ctx, {
        projectId,
        eventId: params.event_id,
        webhooks,
        actor: `secret_key ${merchant!.keyId}`,
      });
      if (outcome.kind === "missing") throw missingEvent();
      if (outcome.kind === "no_endpoint") {
        throw new MerchantError(
          422,
          "unprocessable_entity_error",
          "No webhook endpoint is configured for this project.",
        );
      }
      return deliveryItem(outcome.delivery);
    },
  );
}
