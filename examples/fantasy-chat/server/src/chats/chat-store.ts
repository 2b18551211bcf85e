import { and, desc, eq } from "drizzle-orm";
import type { AppDb } from "../db/database.js";
import { chats, messages, type MessageRole } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { isUuid } from "../http/validate.js";

/** A chat as the API shows it. */
export interface ChatView {
  id: string;
  characterId: string;
  title: string | null;
  lastMessageAt: string | null;
  createdAt: string;
}

/** A message as the API shows it. */
export interface MessageView {
  id: string;
  chatId: string;
  role: MessageRole;
  content: string;
  createdAt: string;
}

/** A chat row as stored. */
export type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The API view of a chat row. */
export function toChatView(chat: ChatRow): ChatView {
  return {
    id: chat.id,
    characterId: chat.characterId,
    title: chat.title,
    lastMessageAt: chat.lastMessageAt?.toISOString() ?? null,
    createdAt: chat.createdAt.toISOString(),
  };
}

/** The API view of a message row. */
export function toMessageView(message: MessageRow): MessageView {
  return {
    id: message.id,
    chatId: message.chatId,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * The user's chat, or a 404 when it does not exist or belongs to someone else (the two are indistinguishable on
 * purpose: ids of other people's chats are not confirmed).
 *
 * @example
 * const chat = await findOwnedChat(ctx.db, user.id, request.params.id);
 */
export async function findOwnedChat(db: AppDb, userId: string, chatId: string): Promise<ChatRow> {
  if (!isUuid(chatId)) throw notFound("Chat not found");
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .limit(1);
  if (!chat) throw notFound("Chat not found");
  return chat;
}

/** The chat's last `limit` messages, oldest first. */
export async function recentMessages(db: AppDb, chatId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse();
}
