import type { FastifyInstance } from "fastify";
import { guardFields } from "../safety/guard-fields.js";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser } from "../auth/authenticate.js";
import { findCharacter } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { chats } from "../db/schema.js";
import { ApiError, forbidden } from "../http/api-error.js";
import { parseInput, requiredString } from "../http/validate.js";
import { findOwnedChat, toChatView } from "./chat-store.js";
import { serveMessagePage } from "./message-page.js";

const createChatSchema = z.object({
  characterId: requiredString("Choose a character")
    .trim()
    .min(1, "Choose a character")
    .max(100, "Unknown character"),
  title: z
    .string()
    .trim()
    .max(100, "Title must be at most 100 characters")
    .nullish()
    .transform((title) => title || null),
});

/** A {@link ChatView} for Fastify's serializer. */
const CHAT_VIEW_SCHEMA = {
  type: "object",
  required: ["id", "characterId", "title", "lastMessageAt", "createdAt"],
  properties: {
    id: { type: "string" },
    characterId: { type: "string" },
    title: { type: ["string", "null"] },
    lastMessageAt: { type: ["string", "null"] },
    createdAt: { type: "string" },
  },
  additionalProperties: false,
} as const;

/**
 * The signed-in user's chats: `GET /api/chats` (newest activity first), `POST /api/chats`,
 * `GET /api/chats/:id` and `GET /api/chats/:id/messages` (paged: `?before=<message id>&limit=<1..100>`, 50 by
 * default). Other people's chats answer 404.
 *
 * @example
 * await api.register(chatRoutes, { ctx });
 */
export async function chatRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    "/chats",
    { schema: { response: { 200: { type: "array", items: CHAT_VIEW_SCHEMA } } } },
    async (request) => {
      const user = requireUser(request);
      const rows = await ctx.db
        .select()
        .from(chats)
        .where(eq(chats.userId, user.id))
        .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.createdAt));
      return rows.map(toChatView);
    },
  );

  app.post("/chats", async (request, reply) => {
    const user = requireUser(request);
    const body = parseInput(createChatSchema, request.body);
    if (!user.ageVerified) throw forbidden("age_not_verified");
    await guardFields(ctx.safety, { title: body.title });
    if (!(await findCharacter(ctx, body.characterId))) {
      throw new ApiError(400, "Unknown character", "validation_error", { characterId: "Unknown character" });
    }
    const [chat] = await ctx.db
      .insert(chats)
      .values({
        userId: user.id,
        characterId: body.characterId,
        title: body.title,
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!chat) throw new Error("insert returned no row");
    return reply.status(201).send(toChatView(chat));
  });

  app.get<{ Params: { id: string } }>("/chats/:id", async (request) =>
    toChatView(await findOwnedChat(ctx.db, requireUser(request).id, request.params.id)),
  );

  // The latest page (oldest first); a `Link: <…?before=…>; rel="next"` header names the page before it.
  app.get<{ Params: { id: string } }>("/chats/:id/messages", async (request, reply) => {
    const { id } = request.params;
    const page = await serveMessagePage(ctx, requireUser(request).id, id, request.query);
    if (page.olderCursor) {
      const older = `/api/chats/${id}/messages?before=${page.olderCursor}&limit=${page.limit}`;
      reply.header("link", `<${older}>; rel="next"`);
    }
    return reply.type("application/json; charset=utf-8").send(page.json);
  });
}
