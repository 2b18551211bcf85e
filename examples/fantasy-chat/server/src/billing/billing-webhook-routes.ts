import type { FastifyInstance } from "fastify";
import { userChanged } from "../users/user-changes.js";
import { verifyWebhookSignature } from "@purchases-web/billing-server";
import { eq } from "drizzle-orm";
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context.js";
import { processedBillingEvents, users } from "../db/schema.js";
import { ApiError } from "../http/api-error.js";
import { installRawBodyParser, rawBodyOf } from "../http/raw-body.js";
import { isUuid, unstorableField } from "../http/validate.js";
import { billingWebhookBody, countsInEnvironment } from "../premium/billing-event.js";
import { transition } from "../premium/subscription-machine.js";
import { storeTransition } from "../premium/store-transition.js";

/** Compares two secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

const invalidCredentials = () => new ApiError(401, "Invalid webhook credentials", "invalid_signature");

/**
 * `POST /api/webhooks/billing`: entitlement events from the mounted billing server. Authenticated by
 * `Authorization: Bearer <BILLING_WEBHOOK_SECRET>` and by `X-Webhook-Signature` (HMAC-SHA256 of the raw body);
 * either wrong → 401 and nothing changes. Each event id is applied once: it is recorded in
 * `processed_billing_events` in the same transaction as its effect, so a redelivery is acknowledged and ignored.
 * `app_user_id` is the app's user id; events for unknown users, and sandbox events when the app runs on a
 * production SDK key, are acknowledged and change nothing.
 *
 * @example
 * await api.register(billingWebhookRoutes, { ctx });
 */
export async function billingWebhookRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  installRawBodyParser(app);

  app.post("/webhooks/billing", async (request) => {
    const secret = ctx.config.billingWebhookSecret;
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const raw = rawBodyOf(request.body).toString("utf8");
    if (
      !sameSecret(bearer, secret) ||
      !verifyWebhookSignature(raw, secret, request.headers["x-webhook-signature"])
    ) {
      throw invalidCredentials();
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ApiError(400, "The request body is not valid JSON", "invalid_json");
    }
    const parsed = billingWebhookBody.safeParse(json);
    if (!parsed.success || unstorableField(json) !== null)
      throw new ApiError(400, "Not a billing-server event", "validation_error");
    const event = parsed.data.event;
    const headerId = request.headers["x-webhook-id"];
    if (typeof headerId === "string" && headerId !== event.id) {
      throw new ApiError(400, "X-Webhook-Id does not match the event", "validation_error");
    }

    const now = ctx.clock.now();
    const applied = await ctx.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(processedBillingEvents)
        .values({ eventId: event.id, type: event.type, appUserId: event.app_user_id, processedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: processedBillingEvents.eventId });
      if (!fresh) return false;
      if (!isUuid(event.app_user_id) || !countsInEnvironment(ctx.config.sdkApiKey, event.environment))
        return true;
      const [user] = await tx.select().from(users).where(eq(users.id, event.app_user_id)).for("update");
      if (!user) return true;
      await storeTransition(tx, user, transition(user, { type: "store_event", event }, now), now);
      return true;
    });
    if (applied && isUuid(event.app_user_id)) userChanged(event.app_user_id);
    return { received: true, duplicate: !applied };
  });
}
