import { performance } from "node:perf_hooks";
import { webhookAuthHeaders, type WebhookSecrets } from "./webhook-signature.js";

/** What one delivery attempt came to. */
export interface WebhookAttempt {
  /** The receiver's HTTP status; null when it never answered (timeout, refused connection). */
  status: number | null;
  /** A 2xx: the event is acknowledged. */
  succeeded: boolean;
  latencyMs: number;
  /** The first 1,000 characters of the answer's body, or the error. */
  excerpt: string;
  /** Why it was not acknowledged (`HTTP 503`, `No answer within 10000 ms`…); null when it was. */
  error: string | null;
}

/** How {@link sendWebhook} sends. */
export interface SendWebhookOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** When the request is sent: its `X-Webhook-Timestamp`. */
  sentAt: Date;
}

/** Characters of an answer kept. */
export const EXCERPT_CHARS = 1000;
// UTF-8 takes at most 4 bytes a character: reading this many is always enough, and a huge answer is never buffered.
const EXCERPT_BYTES = EXCERPT_CHARS * 4;

/**
 * POSTs one event to an endpoint, signed with each of its secrets, and says what came of it. Redirects are not
 * followed (a 3xx is a failure); the answer's body is read up to what the excerpt keeps.
 *
 * @example
 * const attempt = await sendWebhook(eventId, payload, { url, secret }, { fetch, timeoutMs: 10_000, sentAt: now });
 */
export async function sendWebhook(
  eventId: string,
  payload: unknown,
  endpoint: { url: string; secret: WebhookSecrets },
  { fetch: fetchImpl, timeoutMs, sentAt }: SendWebhookOptions,
): Promise<WebhookAttempt> {
  const body = JSON.stringify(payload);
  // Latency is a duration, so it is measured on the monotonic clock rather than the (injected) wall clock.
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetchImpl(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "purchases-web-billing-server",
        "x-webhook-id": eventId,
        ...webhookAuthHeaders(body, endpoint.secret, sentAt),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await answerExcerpt(response);
    return {
      status: response.status,
      succeeded: response.ok,
      latencyMs: elapsed(),
      excerpt,
      error: response.ok ? null : `HTTP ${response.status}`,
    };
  } catch (error) {
    const why = failureOf(error, timeoutMs);
    return { status: null, succeeded: false, latencyMs: elapsed(), excerpt: storable(why), error: why };
  }
}

/** The start of an answer's body; what could not be read stays out (the status is what counts). */
async function answerExcerpt(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut off or timed out mid-way: keep what arrived.
  } finally {
    // Dropping the rest frees the connection.
    await reader.cancel().catch(() => undefined);
  }
  return storable(new TextDecoder().decode(Buffer.concat(chunks)).slice(0, EXCERPT_CHARS));
}

function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") return `No answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, EXCERPT_CHARS);
}

/** PostgreSQL text cannot hold NUL: a receiver answering one must not make its attempt unrecordable. */
const storable = (text: string) => text.replaceAll("\u0000", "\uFFFD");
