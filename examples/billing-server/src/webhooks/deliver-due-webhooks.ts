import { and, asc, inArray, isNull, lte } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { webhookOutbox } from "../db/schema.js";
import { recordWebhookAttempt } from "./record-webhook-attempt.js";
import { sendWebhook } from "./send-webhook.js";
import { webhookRetryDelayMs } from "./webhook-retry-delay.js";
import type { WebhookSecrets } from "./webhook-signature.js";

/**
 * Where a project's entitlement events go, and the secret that authenticates and signs them — or several while one
 * is rotated: every delivery is signed with each, and the first is the one sent as the bearer token.
 */
export interface WebhookEndpoint {
  url: string;
  secret: WebhookSecrets;
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

const whose = (projectId: string) => (projectId === EVERY_PROJECT ? "every project" : `project ${projectId}`);

/**
 * The endpoint a project's events go to: its own, else the one of {@link EVERY_PROJECT}; undefined when neither is.
 *
 * @example
 * webhookEndpointOf({ "*": { url, secret } }, "realmheart"); // { url, secret }
 */
export function webhookEndpointOf(
  webhooks: WebhookEndpoints,
  projectId: string,
): WebhookEndpoint | undefined {
  return Object.hasOwn(webhooks, projectId) ? webhooks[projectId] : webhooks[EVERY_PROJECT];
}

/**
 * Throws when an endpoint could never be delivered to, so a misconfiguration shows at start.
 *
 * @example
 * checkWebhookEndpoints({ realmheart: { url: "https://app.example/hooks/billing", secret: [current, next] } });
 */
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
    const secrets = typeof secret === "string" ? [secret] : secret;
    if (
      !Array.isArray(secrets) ||
      secrets.length === 0 ||
      secrets.some((one) => typeof one !== "string" || !one)
    ) {
      throw new Error(`Webhook of ${whose(projectId)}: a secret is empty.`);
    }
  }
}

/**
 * Delivers the outbox's due entitlement events to their projects' webhooks, and schedules a retry for each
 * one that is not acknowledged.
 *
 * Each event is POSTed as JSON with `X-Webhook-Id: <event id>` and the headers of `webhookAuthHeaders`
 * (`X-Webhook-Timestamp`, one timestamped signature per secret, the body signature and the bearer secret). Every
 * attempt is kept in `billing_webhook_deliveries` (status, latency, the start of the answer), without the secret or
 * the headers. Any 2xx acknowledges it for good. Anything else — another
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
        type: webhookOutbox.type,
        payload: webhookOutbox.payload,
        attempts: webhookOutbox.attempts,
      });
    if (claimed.length === 0) break;

    await Promise.all(
      claimed.map(async (row) => {
        const endpoint = webhookEndpointOf(options.webhooks, row.projectId);
        if (!endpoint) return;
        const attemptedAt = ctx.now();
        const attempt = await sendWebhook(row.eventId, row.payload, endpoint, {
          fetch: options.fetch ?? fetch,
          timeoutMs,
          sentAt: attemptedAt,
        });
        const settledAt = ctx.now();
        if (attempt.succeeded) report.delivered++;
        else report.failed++;
        const delay = webhookRetryDelayMs(row.attempts + 1, options.random ?? Math.random);
        await ctx.db.transaction((tx) =>
          recordWebhookAttempt(tx, {
            event: row,
            url: endpoint.url,
            attempt,
            trigger: "schedule",
            attemptedAt,
            settledAt,
            retryAt: new Date(settledAt.getTime() + delay),
          }),
        );
      }),
    );
    if (claimed.length < batchSize) break;
  }
  return report;
}
