import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { analyticsEvents } from "../db/schema.js";
import { parseInput } from "../http/validation.js";

const eventsBody = z.object({
  events: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        timestamp_ms: z.number().int().nonnegative(),
        type: z.literal("web_billing"),
        event_name: z.string().min(1).max(100),
        app_user_id: z.string().min(1).max(256),
        context: z.record(z.string(), z.unknown()),
        properties: z.record(z.string(), z.unknown()),
        trace_id: z.string().max(100),
      }),
    )
    .max(500),
});

/** Analytics events from the SDK, stored once each (a resent event keeps its id). */
export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.post("/v1/events", async (request, reply) => {
    const { events } = parseInput(eventsBody, request.body);
    if (events.length > 0) {
      await ctx.db
        .insert(analyticsEvents)
        .values(
          events.map((e) => ({
            id: e.id,
            projectId: request.caller.projectId,
            eventName: e.event_name,
            appUserId: e.app_user_id,
            payload: e,
          })),
        )
        .onConflictDoNothing();
    }
    return reply.status(201).send({ received: events.length });
  });
}
