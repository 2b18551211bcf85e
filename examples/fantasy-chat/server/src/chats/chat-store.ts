import { and, eq } from "drizzle-orm";
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

/** A message as the API shows it. `content` is the selected version's text. */
export interface MessageView {
  id: string;
  chatId: string;
  role: MessageRole;
  content: string;
  createdAt: string;
  /** When the user last edited the message; null when never. */
  editedAt: string | null;
  /** The selected version (0-based); always 0 for user messages. */
  versionIndex: number;
  /** How many versions there are (at least 1; always 1 for user messages). */
  versionCount: number;
}

/** A chat row as stored. */
export type ChatRow = typeof chats.$inferSelect;
/** A message row as stored. */
export type MessageRow = typeof messages.$inferSelect;

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
    editedAt: message.editedAt?.toISOString() ?? null,
    versionIndex: message.versions ? message.versionIndex : 0,
    versionCount: message.versions?.length ?? 1,
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

/**
 * A message of the chat, or a 404 when the id is not a UUID or names no message of this chat.
 *
 * @example
 * const message = await findChatMessage(ctx.db, chat.id, request.params.messageId);
 */
export async function findChatMessage(db: AppDb, chatId: string, messageId: string): Promise<MessageRow> {
  if (!isUuid(messageId)) throw notFound("Message not found");
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
    .limit(1);
  if (!message) throw notFound("Message not found");
  return message;
}
