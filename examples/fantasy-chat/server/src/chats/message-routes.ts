import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { ApiError } from "../http/api-error.js";
import { parseInput, requiredString } from "../http/validate.js";
import { openEventStream } from "./event-stream.js";
import {
  MESSAGE_MAX_LENGTH,
  acceptMessage,
  refundUnanswered,
  replyChunks,
  storeReply,
  type AcceptedMessage,
} from "./send-message.js";

/** The longest a reply may take before it is abandoned. */
const REPLY_DEADLINE_MS = 120_000;

const sendSchema = z.object({
  content: requiredString("Message is required")
    .trim()
    .min(1, "Message cannot be empty")
    .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});

const replyFailed = () =>
  new ApiError(502, "The character could not answer. Please try again.", "reply_failed");

/** Aborts when the client goes away before the response is complete, or at the deadline. */
function replySignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return AbortSignal.any([gone.signal, AbortSignal.timeout(REPLY_DEADLINE_MS)]);
}

function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

/**
 * Collects the reply; an engine failure (or a client gone before any text) gives the free message back.
 * A reply cut short after some text is kept, so the chat never shows a question without an answer.
 */
async function produceReply(
  ctx: AppContext,
  accepted: AcceptedMessage,
  signal: AbortSignal,
  onChunk: (text: string) => void,
): Promise<string | null> {
  let text = "";
  try {
    for await (const chunk of replyChunks(ctx, accepted, signal)) {
      text += chunk;
      onChunk(chunk);
    }
  } catch (error) {
    if (!signal.aborted) ctx.log.warn({ err: error }, "reply engine failed");
  }
  text = text.trim();
  if (text === "") {
    await refundUnanswered(ctx, accepted);
    return null;
  }
  return text;
}

/**
 * `POST /api/chats/:id/messages {content}`: JSON `{ userMessage, reply, freeMessagesUsed }` by default; with
 * `Accept: text/event-stream`, events `chunk {text}`, then `done` with the same JSON, or `error {message, code}`.
 * Every check runs before the stream opens, so refusals (400/402/403/404/429) keep their HTTP status either way.
 *
 * @example
 * await api.register(messageRoutes, { ctx });
 */
export async function messageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Params: { id: string } }>("/chats/:id/messages", async (request, reply) => {
    const user = requireUser(request);
    const { content } = parseInput(sendSchema, request.body);
    const accepted = await acceptMessage(ctx, user, request.params.id, content);
    const signal = replySignal(reply);

    if (!wantsEventStream(request)) {
      const text = await produceReply(ctx, accepted, signal, () => {});
      if (text === null) throw replyFailed();
      return storeReply(ctx, accepted, text);
    }

    const stream = openEventStream(reply);
    try {
      const text = await produceReply(ctx, accepted, signal, (chunk) =>
        stream.send("chunk", { text: chunk }),
      );
      if (text === null) stream.send("error", replyFailed().toBody());
      else stream.send("done", await storeReply(ctx, accepted, text));
    } catch (error) {
      request.log.error({ err: error }, "streamed send failed");
      stream.send("error", { message: "Internal server error", code: "internal" });
    } finally {
      stream.end();
    }
  });
}
