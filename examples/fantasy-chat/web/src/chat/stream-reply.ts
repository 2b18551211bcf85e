import { ApiError } from "../api/api-error";
import { readEventStream } from "../api/event-stream";
import { apiRequest } from "../api/request";

/**
 * POSTs `body` to a streaming endpoint (`Accept: text/event-stream`), calls `onChunk` with each `chunk`'s text
 * as the reply is generated, and resolves with the `done` event's data. Refusals before the stream opens are
 * thrown as their {@link ApiError}; an `error` event is thrown as an ApiError with status 502 and the event's
 * `{ message, code }` as body. Aborting `signal` rejects with the fetch's AbortError.
 *
 * @example
 * const done = await streamReply(`/api/chats/${id}/messages`, { content }, { onChunk: (t) => append(t) });
 */
export async function streamReply<T>(
  url: string,
  body: unknown,
  options: { signal?: AbortSignal; onChunk: (text: string) => void },
): Promise<T> {
  const response = await apiRequest("POST", url, body, {
    signal: options.signal,
    accept: "text/event-stream",
  });
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream") || !response.body) return (await response.json()) as T;
  for await (const { event, data } of readEventStream(response.body, options.signal)) {
    if (event === "chunk") {
      const text = (data as { text?: unknown }).text;
      if (typeof text === "string") options.onChunk(text);
    } else if (event === "done") {
      return data as T;
    } else if (event === "error") {
      throw new ApiError(502, JSON.stringify(data), "Bad Gateway");
    }
  }
  if (options.signal?.aborted) throw new DOMException("The reply was stopped", "AbortError");
  throw new ApiError(502, JSON.stringify({ message: "The reply ended early", code: "stream_ended" }), "");
}
