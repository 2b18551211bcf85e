import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/api-error.js";
import { toApiError } from "../http/error-handler.js";
import { openEventStream } from "./event-stream.js";

/** The longest a reply may take before it is abandoned. */
const REPLY_DEADLINE_MS = 120_000;

/** 502 when the engine produced no text at all. */
export const replyFailed = () =>
  new ApiError(502, "The character could not answer. Please try again.", "reply_failed");

/**
 * A signal that aborts when the client goes away before the response is complete, or at the deadline; `end()`
 * stops its deadline once the reply is done. One controller and one timer (measured: `AbortSignal.any` of a
 * second controller and `AbortSignal.timeout` cost ~2 % of a send's CPU in signal bookkeeping and collection).
 */
function replySignal(reply: FastifyReply): { signal: AbortSignal; end(): void } {
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new DOMException("The reply took too long", "TimeoutError")),
    REPLY_DEADLINE_MS,
  );
  deadline.unref();
  reply.raw.on("close", () => {
    clearTimeout(deadline);
    if (!reply.raw.writableFinished) controller.abort();
  });
  return { signal: controller.signal, end: () => clearTimeout(deadline) };
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

/** How a reply is produced and kept; {@link answerWithReply} runs it in either response mode. */
export interface ReplyJob<T> {
  /** The engine's chunks (or a fixed text). */
  chunks(signal: AbortSignal): AsyncIterable<string>;
  /** Stores the finished (or cut short) text and gives the answer's body. */
  store(text: string): Promise<T>;
  /** Called when no text at all came (engine failure, or the client gone before the first word). */
  unanswered(): Promise<void>;
}

/**
 * Collects the reply. A reply cut short after some text (engine failure, client gone, deadline) is kept, so the
 * chat never shows a question without an answer; with no text at all it is null.
 */
async function collect(
  ctx: AppContext,
  job: ReplyJob<unknown>,
  signal: AbortSignal,
  onChunk: (text: string) => void,
): Promise<string | null> {
  let text = "";
  try {
    for await (const chunk of job.chunks(signal)) {
      text += chunk;
      onChunk(chunk);
    }
  } catch (error) {
    if (!signal.aborted) ctx.log.warn({ err: error }, "reply engine failed");
  }
  text = text.trim();
  if (text === "") {
    await job.unanswered();
    return null;
  }
  return text;
}

/**
 * Answers with a character's reply in the mode the client asked for: JSON (the stored body, or 502 `reply_failed`)
 * by default; with `Accept: text/event-stream`, events `chunk {text}`, then `done` with the same body, or
 * `error {message, code}`. Call it only after every check has passed, so refusals keep their HTTP status.
 *
 * @example
 * return answerWithReply(ctx, request, reply, { chunks, store, unanswered });
 */
export async function answerWithReply<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  job: ReplyJob<T>,
): Promise<T | undefined> {
  const { signal, end } = replySignal(reply);
  if (!wantsEventStream(request)) {
    const text = await collect(ctx, job, signal, () => {}).finally(end);
    if (text === null) throw replyFailed();
    return job.store(text);
  }

  const stream = openEventStream(reply);
  try {
    const text = await collect(ctx, job, signal, (chunk) => stream.send("chunk", { text: chunk })).finally(
      end,
    );
    if (text === null) stream.send("error", replyFailed().toBody());
    else stream.send("done", await job.store(text));
  } catch (error) {
    // The headers are sent: the failure (503 when the database went away) can only be told as an event.
    stream.send("error", toApiError(error, request.log).toBody());
  } finally {
    stream.end();
  }
  return undefined;
}
