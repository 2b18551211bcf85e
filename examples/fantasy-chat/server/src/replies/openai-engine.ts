import type { LlmConfig } from "../config.js";
import type { ReplyEngine } from "./reply-engine.js";
import { buildPrompt } from "./prompt.js";
import { sseData } from "./server-sent-events.js";

/** Where and how to reach an OpenAI-compatible model server (Ollama, llama.cpp server, vLLM, hosted APIs). */
export type OpenAiEngineOptions = Pick<
  LlmConfig,
  "baseUrl" | "apiKey" | "model" | "contextTokens" | "maxTokens" | "timeoutMs"
> & { fetch?: typeof fetch };

/** Why the model server could not answer; `retryable` failures are tried once more before the first token. */
export class ModelServerError extends Error {
  override readonly name = "ModelServerError";
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

interface CompletionChunk {
  choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }>;
  error?: { message?: unknown };
}

/** The text of one streamed completion chunk; throws on an error object in the stream. */
function chunkText(data: string): string {
  let parsed: CompletionChunk;
  try {
    parsed = JSON.parse(data) as CompletionChunk;
  } catch (error) {
    throw new ModelServerError("The model server sent a chunk that is not JSON", false, { cause: error });
  }
  if (parsed.error) {
    throw new ModelServerError(`The model server reported an error: ${String(parsed.error.message)}`, false);
  }
  const content = parsed.choices?.[0]?.delta?.content;
  return typeof content === "string" ? content : "";
}

/**
 * A reply engine on an OpenAI-compatible server: `POST {baseUrl}/chat/completions` with `stream: true`, the
 * server-sent `data:` chunks read until `[DONE]`. A network failure or a 5xx before the first token is tried once
 * more; a silence longer than `timeoutMs` fails the reply; when the client goes away (`signal`) the upstream
 * request is aborted, which closes its connection so the model stops generating.
 *
 * @example
 * const engine = createOpenAiEngine({ baseUrl, apiKey, model: "llama3.1", contextTokens: 8192, maxTokens: 300, timeoutMs: 30_000 });
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): ReplyEngine {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  return {
    async *reply(request, signal) {
      const body = JSON.stringify({
        model: options.model,
        stream: true,
        max_tokens: options.maxTokens,
        messages: buildPrompt(request, options.contextTokens - options.maxTokens),
      });
      let started = false;
      for (let attempt = 1; ; attempt++) {
        const upstream = new AbortController();
        const cancel = () => upstream.abort(signal.reason);
        signal.addEventListener("abort", cancel, { once: true });
        let timer: NodeJS.Timeout | undefined;
        const arm = () => {
          clearTimeout(timer);
          timer = setTimeout(
            () => upstream.abort(new ModelServerError("The model server timed out", true)),
            options.timeoutMs,
          );
        };
        try {
          signal.throwIfAborted();
          arm();
          let response: Response;
          try {
            response = await doFetch(url, { method: "POST", headers, body, signal: upstream.signal });
          } catch (error) {
            if (signal.aborted) throw error;
            const reason = upstream.signal.reason as unknown;
            throw reason instanceof ModelServerError
              ? reason
              : new ModelServerError("The model server could not be reached", true, { cause: error });
          }
          if (!response.ok || !response.body) {
            await response.body?.cancel().catch(() => {});
            throw new ModelServerError(
              `The model server answered ${response.status} ${response.statusText}`.trim(),
              response.status >= 500,
            );
          }
          try {
            for await (const data of sseData(response.body)) {
              arm();
              if (data.trim() === "[DONE]") return;
              const text = chunkText(data);
              if (text === "") continue;
              started = true;
              yield text;
            }
          } catch (error) {
            if (signal.aborted || error instanceof ModelServerError) throw error;
            const reason = upstream.signal.reason as unknown;
            throw reason instanceof ModelServerError
              ? reason
              : new ModelServerError("The model server's stream broke off", true, { cause: error });
          }
          return;
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          const retry = !started && attempt === 1 && error instanceof ModelServerError && error.retryable;
          if (!retry) {
            throw error instanceof ModelServerError && attempt > 1
              ? new ModelServerError(`${error.message} (after one retry)`, false, { cause: error })
              : error;
          }
        } finally {
          clearTimeout(timer);
          signal.removeEventListener("abort", cancel);
          // Ends the upstream request whatever happened (finished, failed, or the consumer stopped reading).
          upstream.abort();
        }
      }
    },
  };
}
