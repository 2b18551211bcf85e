import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.js";
import type { AppDb } from "../db/database.js";
import { chats, messages } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { isUuid, parseInput } from "../http/validate.js";
import { findChatMessage, findOwnedChat, toMessageView, type MessageView } from "./chat-store.js";

/** Messages per page when the request names no `limit`. */
export const MESSAGE_PAGE_SIZE = 50;
/** The largest page a request may ask for. */
export const MESSAGE_PAGE_MAX = 100;

/** `?before=<message id>&limit=<1..100>` of `GET /api/chats/:id/messages`. */
export const messagePageQuery = z.object({
  before: z.uuid("before must be the id of a message of this chat").optional(),
  limit: z.coerce
    .number("limit must be a whole number from 1 to 100")
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(MESSAGE_PAGE_MAX, "limit must be a whole number from 1 to 100")
    .default(MESSAGE_PAGE_SIZE),
});

/** A parsed {@link messagePageQuery}. */
export type MessagePageQuery = z.infer<typeof messagePageQuery>;

/** One page of a chat, oldest first, and the id to ask for the page before it (null when this is the first). */
export interface MessagePage {
  messages: MessageView[];
  olderCursor: string | null;
  /** The page size asked for (the older page is asked for with the same). */
  limit: number;
}

/**
 * The latest `limit` messages of the user's chat before the message `before` (or the latest of all), oldest first.
 * One query in the common case: ownership is a join, and only an empty page looks further, to tell a missing or
 * someone else's chat (404 "Chat not found") and an unknown cursor (404 "Message not found") from an empty chat.
 *
 * @example
 * const { messages, olderCursor } = await readMessagePage(ctx.db, user.id, chatId, { limit: 50 });
 */
export async function readMessagePage(
  db: AppDb,
  userId: string,
  chatId: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  const { before, limit } = query;
  if (!isUuid(chatId)) throw notFound("Chat not found");
  const cursorSeq = before
    ? sql`(select ${messages.seq} from ${messages} where ${messages.id} = ${before} and ${messages.chatId} = ${chatId})`
    : null;
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(chats.userId, userId),
        cursorSeq ? lt(messages.seq, cursorSeq) : undefined,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  if (rows.length === 0) {
    await findOwnedChat(db, userId, chatId);
    if (before) await findChatMessage(db, chatId, before);
  }
  const page = rows.slice(0, limit).reverse();
  return {
    messages: page.map((row) => toMessageView(row.message)),
    olderCursor: rows.length > limit ? (page[0]?.message.id ?? null) : null,
    limit,
  };
}

/** A page as the route sends it: the JSON body, the older page's cursor and the page size. */
export interface ServedPage {
  json: string;
  olderCursor: string | null;
  limit: number;
}

/**
 * `GET /api/chats/:id/messages`'s answer for the query string `query`. The latest page at the default size (what
 * opening a chat asks for) comes from {@link ChatPageCache} when it has it, and is kept there after a read.
 *
 * @example
 * const { json, olderCursor } = await serveMessagePage(ctx, user.id, chatId, request.query);
 */
export async function serveMessagePage(
  ctx: Pick<AppContext, "db" | "sends">,
  userId: string,
  chatId: string,
  query: unknown,
): Promise<ServedPage> {
  const parsed = parseInput(messagePageQuery, query);
  const cacheable = parsed.before === undefined && parsed.limit === MESSAGE_PAGE_SIZE;
  const read = async () => {
    const page = await readMessagePage(ctx.db, userId, chatId, parsed);
    return { json: JSON.stringify(page.messages), olderCursor: page.olderCursor };
  };
  const { json, olderCursor } = cacheable ? await ctx.sends.latestPage(chatId, userId, read) : await read();
  return { json, olderCursor, limit: parsed.limit };
}

/** The JSON schema of a {@link MessageView}, for Fastify's serializer. */
export const messageViewJsonSchema = {
  type: "object",
  required: ["id", "chatId", "role", "content", "createdAt", "editedAt", "versionIndex", "versionCount"],
  properties: {
    id: { type: "string" },
    chatId: { type: "string" },
    role: { type: "string" },
    content: { type: "string" },
    createdAt: { type: "string" },
    editedAt: { type: ["string", "null"] },
    versionIndex: { type: "integer" },
    versionCount: { type: "integer" },
  },
  additionalProperties: false,
} as const;
