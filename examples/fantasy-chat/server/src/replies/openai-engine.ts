import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LlmConfig } from "../config.js";
import type { ReplyEngine } from "./reply-engine.js";
import { buildPrompt } from "./prompt.js";
import { sseData } from "./server-sent-events.js";

/** Where and how to reach an OpenAI-compatible model server (Ollama, llama.cpp server, vLLM, hosted APIs). */
export type OpenAiEngineOptions = Pick<
  LlmConfig,
  "baseUrl" | "apiKey" | "model" | "contextTokens" | "maxTokens" | "timeoutMs"
>;

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

/** Where a completion request goes: the URL, the module that speaks its scheme, and a kept-alive agent. */
interface Upstream {
  url: URL;
  request: typeof http.request;
  agent: http.Agent;
}

/** The completions endpoint under `baseUrl`, reached by `http` or `https` as its scheme says. */
function upstreamOf(baseUrl: string): Upstream {
  const url = new URL(`${baseUrl}/chat/completions`);
  return url.protocol === "https:"
    ? { url, request: https.request, agent: new https.Agent({ keepAlive: true }) }
    : { url, request: http.request, agent: new http.Agent({ keepAlive: true }) };
}

/**
 * POSTs `body` and resolves with the response once its head arrives. Node's `http` rather than `fetch`: measured
 * on loopback, the first chunk of a streamed answer arrives ~0.45 ms sooner (0.45–0.51 ms against 0.88–1.04).
 */
function post(
  upstream: Upstream,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = upstream.request(
      upstream.url,
      {
        method: "POST",
        agent: upstream.agent,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal,
      },
      resolve,
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Ends an attempt's request: a finished answer's connection is kept for the next request (what follows `[DONE]`
 * is read out; a server that then does not end the answer within a second loses the connection); anything else (a
 * failure, the consumer gone mid-stream) aborts it, which closes the connection so the model stops generating.
 */
function endAttempt(
  response: IncomingMessage | undefined,
  attempt: AbortController,
  finished: boolean,
): void {
  if (!finished || !response) return attempt.abort();
  if (response.complete) return;
  response.resume();
  const late = setTimeout(() => attempt.abort(), 1000).unref();
  response.once("end", () => clearTimeout(late));
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
  const upstream = upstreamOf(options.baseUrl);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  return {
    startsEarly: true,
    async *reply(request, signal) {
      const body = JSON.stringify({
        model: options.model,
        stream: true,
        max_tokens: options.maxTokens,
        messages: buildPrompt(request, options.contextTokens - options.maxTokens),
      });
      let started = false;
      for (let attempt = 1; ; attempt++) {
        const attemptOf = new AbortController();
        const cancel = () => attemptOf.abort(signal.reason);
        signal.addEventListener("abort", cancel, { once: true });
        let timer: NodeJS.Timeout | undefined;
        const arm = () => {
          clearTimeout(timer);
          timer = setTimeout(
            () => attemptOf.abort(new ModelServerError("The model server timed out", true)),
            options.timeoutMs,
          );
        };
        let response: IncomingMessage | undefined;
        let finished = false;
        try {
          signal.throwIfAborted();
          arm();
          try {
            response = await post(upstream, headers, body, attemptOf.signal);
          } catch (error) {
            if (signal.aborted) throw error;
            const reason = attemptOf.signal.reason as unknown;
            throw reason instanceof ModelServerError
              ? reason
              : new ModelServerError("The model server could not be reached", true, { cause: error });
          }
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) {
            response.resume();
            throw new ModelServerError(
              `The model server answered ${status} ${response.statusMessage ?? ""}`.trim(),
              status >= 500,
            );
          }
          try {
            for await (const data of sseData(response.iterator({ destroyOnReturn: false }))) {
              arm();
              if (data.trim() === "[DONE]") break;
              const text = chunkText(data);
              if (text === "") continue;
              started = true;
              yield text;
            }
          } catch (error) {
            if (signal.aborted || error instanceof ModelServerError) throw error;
            const reason = attemptOf.signal.reason as unknown;
            throw reason instanceof ModelServerError
              ? reason
              : new ModelServerError("The model server's stream broke off", true, { cause: error });
          }
          finished = true;
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
          endAttempt(response, attemptOf, finished);
        }
      }
    },
  };
}
