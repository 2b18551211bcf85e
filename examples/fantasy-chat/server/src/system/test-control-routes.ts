import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AdjustableClock } from "../clock.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/api-error.js";
import { parseInput } from "../http/validate.js";
import { runRenewals } from "../payments/renewal-worker.js";

const moveSchema = z.union(
  [
    z.object({ now: z.iso.datetime({ offset: true, error: "now must be an ISO 8601 date-time" }) }).strict(),
    z
      .object({
        advanceMs: z
          .number()
          .int()
          .min(-366 * 86_400_000)
          .max(366 * 86_400_000),
      })
      .strict(),
  ],
  { error: "Give either now (an ISO 8601 date-time) or advanceMs (whole milliseconds)" },
);

/**
 * Test controls for the end-to-end suite, registered only when NODE_ENV=test and the server runs on a movable
 * clock: `GET /api/test/clock` → `{now}`; `POST /api/test/clock {now}` or `{advanceMs}` moves the server's (and
 * the mounted billing server's) time; `POST /api/test/renewals` runs a renewal pass now and answers its report.
 *
 * @example
 * if (config.nodeEnv === "test" && isAdjustableClock(clock)) await api.register(testControlRoutes, { ctx, clock });
 */
export async function testControlRoutes(
  app: FastifyInstance,
  { ctx, clock }: { ctx: AppContext; clock: AdjustableClock },
): Promise<void> {
  if (ctx.config.nodeEnv !== "test") throw new Error("test controls exist only when NODE_ENV=test");

  app.get("/test/clock", async () => ({ now: clock.now().toISOString() }));

  app.post("/test/clock", async (request) => {
    const body = parseInput(moveSchema, request.body);
    const to = "now" in body ? new Date(body.now) : new Date(clock.now().getTime() + body.advanceMs);
    if (Number.isNaN(to.getTime())) throw new ApiError(400, "Invalid date", "validation_error");
    clock.set(to);
    return { now: clock.now().toISOString() };
  });

  app.post("/test/renewals", async () => runRenewals(ctx));

  // Every mail the app sent, oldest first: `[{ to, subject, text, html, sentAt }]`, the link in `text`.
  app.get("/test/outbox", async () => ctx.mailer.outbox ?? []);
}
