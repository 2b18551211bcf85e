import type { FastifyInstance } from "fastify";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { messages } from "../db/schema.js";
import { ApiError, notFound } from "../http/api-error.js";
import { parseInput } from "../http/validate.js";
import { forgetMemory } from "../memory/chat-memory.js";
import { findChatMessage, findOwnedChat, toMessageView } from "./chat-store.js";
import { versionsOf } from "./regenerate-reply.js";
import { contentPolicyViolation } from "./judge-reply.js";
import { messageContentSchema } from "./send-message.js";

const versionSchema = z.object({
  index: z.number("Version index must be a number").int("Version index must be a whole number"),
});

const notOwn = (action: "edit" | "delete") =>
  new ApiError(403, `You can only ${action} your own messages`, "not_own_message");

type Params = { Params: { id: string; messageId: string } };

/**
 * Editing a chat after the fact: `GET …/messages/:messageId/versions` (`{ versionIndex, versions }`),
 * `PUT …/version {index}` selects a version, `PATCH …/messages/:messageId {content}` edits one's own message and
 * `DELETE …/messages/:messageId` deletes one's own message with the reply that answered it (`{ deletedIds }`).
 * Other people's chats and unknown ids are 404; each change is one transaction and makes the chat's long-term
 * memory be rebuilt, as it may summarise what changed. An edit is assessed like a new message: refused (400
 * `content_policy`), or marked when it tells of a crisis (kept out of memory and prompts from then on).
 *
 * Each change forgets the chat's cached page here at once (other instances hear of it from the database).
 *
 * @example
 * await api.register(messageEditRoutes, { ctx });
 */
export async function messageEditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const owned = async (userId: string, chatId: string, messageId: string) => {
    const chat = await findOwnedChat(ctx.db, userId, chatId);
    return findChatMessage(ctx.db, chat.id, messageId);
  };

  app.get<Params>("/chats/:id/messages/:messageId/versions", async (request) => {
    const message = await owned(requireUser(request).id, request.params.id, request.params.messageId);
    return {
      versionIndex: toMessageView(message).versionIndex,
      versions: versionsOf(message).map(({ content, createdAt }, index) => ({ index, content, createdAt })),
    };
  });

  app.put<Params>("/chats/:id/messages/:messageId/version", async (request) => {
    const user = requireUser(request);
    const { index } = parseInput(versionSchema, request.body);
    const message = await owned(user.id, request.params.id, request.params.messageId);
    const row = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(messages).where(eq(messages.id, message.id)).for("update");
      if (!current) throw notFound("Message not found");
      const versions = versionsOf(current);
      const chosen = versions[index];
      if (!chosen || index < 0) {
        const text = `Version index must be between 0 and ${versions.length - 1}`;
        throw new ApiError(400, text, "validation_error", { index: text });
      }
      if (!current.versions) return current;
      await forgetMemory(tx, current.chatId);
      const [updated] = await tx
        .update(messages)
        .set({ versionIndex: index, content: chosen.content, crisis: chosen.crisis === true })
        .where(eq(messages.id, current.id))
        .returning();
      return updated;
    });
    ctx.sends.forgetPage(message.chatId);
    if (!row) throw notFound("Message not found");
    return { message: toMessageView(row) };
  });

  app.patch<Params>("/chats/:id/messages/:messageId", async (request) => {
    const user = requireUser(request);
    const { content } = parseInput(messageContentSchema, request.body);
    const message = await owned(user.id, request.params.id, request.params.messageId);
    if (message.role !== "user") throw notOwn("edit");
    const assessment = await ctx.safety.check(content);
    if (assessment.verdict === "refused") throw contentPolicyViolation();
    const row = await ctx.db.transaction(async (tx) => {
      await forgetMemory(tx, message.chatId);
      const [updated] = await tx
        .update(messages)
        .set({ content, editedAt: ctx.clock.now(), crisis: assessment.verdict === "crisis" })
        .where(eq(messages.id, message.id))
        .returning();
      return updated;
    });
    ctx.sends.forgetPage(message.chatId);
    if (!row) throw notFound("Message not found");
    return { message: toMessageView(row) };
  });

  app.delete<Params>("/chats/:id/messages/:messageId", async (request) => {
    const user = requireUser(request);
    const message = await owned(user.id, request.params.id, request.params.messageId);
    if (message.role !== "user") throw notOwn("delete");
    const deletedIds = await ctx.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: messages.id, role: messages.role })
        .from(messages)
        .where(and(eq(messages.chatId, message.chatId), gt(messages.seq, message.seq)))
        .orderBy(asc(messages.seq))
        .limit(1);
      const ids = next?.role === "character" ? [message.id, next.id] : [message.id];
      await forgetMemory(tx, message.chatId);
      const deleted = await tx
        .delete(messages)
        .where(inArray(messages.id, ids))
        .returning({ id: messages.id, seq: messages.seq });
      return deleted.sort((a, b) => a.seq - b.seq).map((row) => row.id);
    });
    ctx.sends.forgetPage(message.chatId);
    if (deletedIds.length === 0) throw notFound("Message not found");
    return { deletedIds };
  });
}
