import type { FastifyBaseLogger } from "fastify";
import { assessText, type SafetyAssessment } from "./assess-text.js";
import type { SafetyCheck } from "./safety-check.js";

/** Where the OpenAI-compatible moderation endpoint is. */
export interface ModelModerationOptions {
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
 * The built-in rules, then an OpenAI-compatible `POST {baseUrl}/moderations` that may add to them, never take away:
 * the rules' crisis and refusal stand whatever the endpoint says; the endpoint's `sexual/minors` refuses a text the
 * rules let through, and its `self-harm` categories make it a crisis (answered in English, the rules having found
 * no language). When the endpoint cannot be reached or answers nonsense, the rules' assessment stands (logged): a
 * text is never let through unassessed, and a moderation outage never stops the chat.
 *
 * @example
 * const safety = modelModeration({ baseUrl, apiKey, model: null, timeoutMs: 10_000, log });
 */
export function modelModeration(options: ModelModerationOptions): SafetyCheck {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    async check(text: string): Promise<SafetyAssessment> {
      const rules = assessText(text);
      if (rules.verdict !== "ok") return rules;
      try {
        const response = await doFetch(`${options.baseUrl}/moderations`, {
          method: "POST",
          headers,
          body: JSON.stringify({ input: text, ...(options.model ? { model: options.model } : {}) }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new Error(`moderation endpoint answered ${response.status}`);
        const answer = (await response.json()) as ModerationAnswer;
        const categories = answer.results?.[0]?.categories;
        if (!categories || typeof categories !== "object")
          throw new Error("moderation answer has no categories");
        if (categories["sexual/minors"] === true)
          return { verdict: "refused", reasons: ["model:sexual/minors"] };
        const selfHarm = Object.entries(categories).some(
          ([name, flagged]) => name.startsWith("self-harm") && flagged === true,
        );
        if (selfHarm) return { verdict: "crisis", language: "en", reasons: ["model:self-harm"] };
        return rules;
      } catch (error) {
        options.log.warn({ err: error }, "moderation endpoint failed; the built-in rules decided");
        return rules;
      }
    },
  };
}
