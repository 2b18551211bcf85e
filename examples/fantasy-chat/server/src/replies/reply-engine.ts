import type { MessageRole } from "../db/schema.js";

/** Who the reply is for and what was said; everything an engine may use to stay in character. */
export interface ReplyRequest {
  character: {
    id: string;
    name: string;
    title: string;
    description: string;
    archetype: string;
    tags: readonly string[];
  };
  /** From the user's profile; `preferredName` falls back to the first name. */
  persona: {
    preferredName: string;
    backstory: string | null;
    personalityTraits: readonly string[];
    favoriteArchetype: string | null;
  };
  /** Earlier messages of the chat, oldest first, without the new one. */
  history: ReadonlyArray<{ role: MessageRole; content: string }>;
  /** The user's new message, trimmed. */
  message: string;
  /** Premium users' requests may be served first when an engine is busy. */
  premium: boolean;
}

/**
 * Produces a character's reply as a stream of text chunks (joined, they are the whole reply). An engine must stop
 * promptly when `signal` aborts (the client went away) and may throw to report that it cannot answer.
 *
 * @example
 * let text = "";
 * for await (const chunk of engine.reply(request, AbortSignal.timeout(30_000))) text += chunk;
 */
export interface ReplyEngine {
  reply(request: ReplyRequest, signal: AbortSignal): AsyncIterable<string>;
}
