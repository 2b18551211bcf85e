import type { FastifyBaseLogger } from "fastify";
import type { ModerationVerdict, Moderator } from "./moderator.js";
import { ruleModerator } from "./rule-moderator.js";

/** Where the OpenAI-compatible moderation endpoint is. */
export interface OpenAiModeratorOptions {
  /** The API base including `/v1`. */
  baseUrl: string;
  apiKey: string | null;
  /** The moderation model to ask for; the server's default when null. */
  model: string | null;
  timeoutMs: number;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}

interface ModerationAnswer {
  results?: Array<{ categories?: Record<string, unknown> }>;
}

/**
 * Moderation through an OpenAI-compatible `POST {baseUrl}/moderations`, on top of the built-in rules: the rules
 * run first (sexual content involving minors is always blocked, whatever the endpoint says), then the endpoint's
 * `sexual/minors` blocks and its `self-harm` categories get the support reply. When the endpoint cannot be
 * reached, the rules' verdict stands (logged), so a moderation outage never stops the chat.
 *
 * @example
 * const moderator = openAiModerator({ baseUrl, apiKey, model: null, timeoutMs: 10_000, log });
 */
export function openAiModerator(options: OpenAiModeratorOptions): Moderator {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    async check(text: string): Promise<ModerationVerdict> {
      const rules = await ruleModerator.check(text);
      if (rules.action === "block") return rules;
      try {
        const response = await doFetch(`${options.baseUrl}/moderations`, {
          method: "POST",
          headers,
          body: JSON.stringify({ input: text, ...(options.model ? { model: options.model } : {}) }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new Error(`moderation endpoint answered ${response.status}`);
        const answer = (await response.json()) as ModerationAnswer;
        const categories = answer.results?.[0]?.categories ?? {};
        if (categories["sexual/minors"] === true) return { action: "block", category: "sexual_minors" };
        if (
          Object.entries(categories).some(
            ([name, flagged]) => name.startsWith("self-harm") && flagged === true,
          )
        )
          return { action: "support", category: "self_harm" };
        return rules;
      } catch (error) {
        options.log.warn({ err: error }, "moderation endpoint failed; the built-in rules decided");
        return rules;
      }
    },
  };
}
