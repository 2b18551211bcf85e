import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { webhookOutbox } from "../db/schema.js";
import { webhookRetryDelayMs } from "./webhook-retry-delay.js";
import { signWebhookBody } from "./webhook-signature.js";

/** Where a project's entitlement events go, and the secret that authenticates and signs them. */
export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/** Webhook endpoints by project id; the key `"*"` ({@link EVERY_PROJECT}) serves the projects without their own. */
export type WebhookEndpoints = Readonly<Record<string, WebhookEndpoint>>;

/** The key of {@link WebhookEndpoints} whose endpoint serves every project that has none of its own. */
export const EVERY_PROJECT = "*";

/** How {@link deliverDueWebhooks} delivers. */
export interface DeliverWebhooksOptions {
  webhooks: WebhookEndpoints;
  /** `globalThis.fetch` by default. */
  fetch?: typeof fetch;
  /** Jitter source in [0, 1); `Math.random` by default. */
  random?: () => number;
  /** A receiver that has not answered by then counts as failed; 10 s by default. */
  timeoutMs?: number;
  /** Events claimed (and sent in parallel) at a time; 20 by default. */
  batchSize?: number;
  /** Batches per call at most, so one call ends even with a large backlog; 50 by default. */
  maxBatches?: number;
}

/** What one call did. */
export interface WebhookDeliveryReport {
  delivered: number;
  failed: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Throws when an endpoint could never be delivered to, so a misconfiguration shows at start. */
const whose = (projectId: string) => (projectId === EVERY_PROJECT ? "every project" : `project ${projectId}`);

export function checkWebhookEndpoints(webhooks: WebhookEndpoints): void {
  for (const [projectId, { url, secret }] of Object.entries(webhooks)) {
    let protocol = "";
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== "http:" && protocol !== "https:") {
      throw new Error(`Webhook of ${whose(projectId)}: "${url}" is not an http(s) URL.`);
    }
    if (!secret) throw new Error(`Webhook of ${whose(projectId)}: the secret is empty.`);
  }
}

/**
 * Delivers the outbox's due entitlement events to their projects' webhooks, and schedules a retry for each
 * one that is not acknowledged.
 *
 * Each event is POSTed as JSON with `Authorization: Bearer <secret>`, `X-Webhook-Id: <event id>` and
 * `X-Webhook-Signature` (see {@link signWebhookBody}). Any 2xx acknowledges it for good. Anything else — another
 * status (redirects are not followed), no answer within the timeout, a connection error — counts as a failed
 * attempt: it is retried after {@link webhookRetryDelayMs} (10 s doubling to 1 h), with the same id, until it
 * is acknowledged. Events may arrive out of order after retries; each carries `event_timestamp_ms`.
 *
 * Events of projects without an endpoint stay in the outbox undelivered and go out once an endpoint is
 * configured, so no change is lost to a late configuration.
 *
 * Several processes may call this at once on one PostgreSQL: rows are claimed with `FOR UPDATE SKIP LOCKED`
 * in the same statement that moves their next attempt past the send's deadline, so no two workers send the
 * same event concurrently. A worker that dies mid-send leaves its events to be retried once that claim lapses.
 *
 * @example
 * await deliverDueWebhooks(ctx, { webhooks: { realmheart: { url: "https://app.example/hooks/billing", secret } } });
 */
export async function deliverDueWebhooks(
  ctx: Pick<BillingContext, "db" | "now">,
  options: DeliverWebhooksOptions,
): Promise<WebhookDeliveryReport> {
  const projectIds = Object.keys(options.webhooks);
  const everyProject = Object.hasOwn(options.webhooks, EVERY_PROJECT);
  const report: WebhookDeliveryReport = { delivered: 0, failed: 0 };
  if (projectIds.length === 0) return report;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 20;
  // Longer than a send can take, so an event is never claimed again while its request is still in flight.
  const claimMs = timeoutMs * 3;

  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    const now = ctx.now();
    const due = ctx.db
      .select({ eventId: webhookOutbox.eventId })
      .from(webhookOutbox)
      .where(
        and(
          isNull(webhookOutbox.deliveredAt),
          lte(webhookOutbox.nextAttemptAt, now),
          everyProject ? undefined : inArray(webhookOutbox.projectId, projectIds),
        ),
      )
      .orderBy(asc(webhookOutbox.nextAttemptAt), asc(webhookOutbox.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const claimed = await ctx.db
      .update(webhookOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + claimMs) })
      .where(inArray(webhookOutbox.eventId, due))
      .returning({
        eventId: webhookOutbox.eventId,
        projectId: webhookOutbox.projectId,
        payload: webhookOutbox.payload,
        attempts: webhookOutbox.attempts,
      });
    if (claimed.length === 0) break;

    await Promise.all(
      claimed.map(async (row) => {
        const endpoint = Object.hasOwn(options.webhooks, row.projectId)
          ? options.webhooks[row.projectId]
          : options.webhooks[EVERY_PROJECT];
        if (!endpoint) return;
        const error = await sendWebhook(row.eventId, row.payload, endpoint, {
          fetch: options.fetch ?? fetch,
          timeoutMs,
        });
        const settledAt = ctx.now();
        if (error === null) {
          report.delivered++;
          await ctx.db
            .update(webhookOutbox)
            .set({ deliveredAt: settledAt, attempts: sql`${webhookOutbox.attempts} + 1`, lastError: null })
            .where(eq(webhookOutbox.eventId, row.eventId));
        } else {
          report.failed++;
          const delay = webhookRetryDelayMs(row.attempts + 1, options.random ?? Math.random);
          await ctx.db
            .update(webhookOutbox)
            .set({
              attempts: sql`${webhookOutbox.attempts} + 1`,
              lastError: error.slice(0, 1000),
              nextAttemptAt: new Date(settledAt.getTime() + delay),
            })
            .where(and(eq(webhookOutbox.eventId, row.eventId), isNull(webhookOutbox.deliveredAt)));
        }
      }),
    );
    if (claimed.length < batchSize) break;
  }
  return report;
}

/** One delivery attempt: null when acknowledged, else why not. */
async function sendWebhook(
  eventId: string,
  payload: unknown,
  endpoint: WebhookEndpoint,
  { fetch: fetchImpl, timeoutMs }: { fetch: typeof fetch; timeoutMs: number },
): Promise<string | null> {
  const body = JSON.stringify(payload);
  try {
    const response = await fetchImpl(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${endpoint.secret}`,
        "user-agent": "purchases-web-billing-server",
        "x-webhook-id": eventId,
        "x-webhook-signature": signWebhookBody(body, endpoint.secret),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not needed; dropping it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") return `No answer within ${timeoutMs} ms`;
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
}
