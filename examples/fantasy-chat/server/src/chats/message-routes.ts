import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { parseInput } from "../http/validate.js";
import { acceptRegenerate, storeVersion } from "./regenerate-reply.js";
import { answerWithReply } from "./reply-response.js";
import { messageViewJsonSchema } from "./message-page.js";
import { acceptMessage, messageContentSchema, refundUnanswered, replyChunks } from "./send-message.js";

/** The JSON answer of a send, for Fastify's serializer (an event stream is written as it goes). */
const SEND_RESPONSE_SCHEMA = {
  response: {
    200: {
      type: "object",
      required: ["userMessage", "reply", "freeMessagesUsed"],
      properties: {
        userMessage: messageViewJsonSchema,
        reply: messageViewJsonSchema,
        freeMessagesUsed: { type: "integer" },
      },
      additionalProperties: false,
    },
  },
} as const;

/**
 * `POST /api/chats/:id/messages {content}` answers JSON `{ userMessage, reply, freeMessagesUsed }`;
 * `POST /api/chats/:id/messages/:messageId/regenerate` (the chat's latest character message) answers
 * `{ reply }` with the new version selected. With `Accept: text/event-stream` both stream events `chunk {text}`,
 * then `done` with the same JSON, or `error {message, code}`. Every check runs before the stream opens, so
 * refusals (400/402/403/404/409/429) keep their HTTP status either way; only a regeneration that lost the last of a
 * reply's versions to a parallel one learns it when storing (409 `too_many_versions`, in a stream its `error` event).
 *
 * @example
 * await api.register(messageRoutes, { ctx });
 */
export async function messageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Params: { id: string } }>(
    "/chats/:id/messages",
    { schema: SEND_RESPONSE_SCHEMA },
    async (request, reply) => {
      const user = requireUser(request);
      const { content } = parseInput(messageContentSchema, request.body);
      const accepted = await acceptMessage(ctx, user, request.params.id, content);
      return answerWithReply(ctx, request, reply, {
        chunks: (signal) => replyChunks(ctx, accepted, signal),
        store: (text) => ctx.sends.storeReply(accepted, text, ctx.clock.now()),
        unanswered: () => refundUnanswered(ctx, accepted),
      });
    },
  );

  app.post<{ Params: { id: string; messageId: string } }>(
    "/chats/:id/messages/:messageId/regenerate",
    async (request, reply) => {
      const user = requireUser(request);
      const accepted = await acceptRegenerate(ctx, user, request.params.id, request.params.messageId);
      return answerWithReply(ctx, request, reply, {
        chunks: (signal) => replyChunks(ctx, accepted, signal),
        store: (text) => storeVersion(ctx, accepted, text),
        // A failed regeneration leaves the reply as it was and gives the free message back.
        unanswered: () => refundUnanswered(ctx, accepted),
      });
    },
  );
}
