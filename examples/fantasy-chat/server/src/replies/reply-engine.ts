import type { CharacterCardText } from "../characters/character-store.js";
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
    greeting: string;
    /** An imported character's card text; null for the seeded cast. */
    card?: CharacterCardText | null;
  };
  /** From the user's profile; `preferredName` falls back to the first name. */
  persona: {
    preferredName: string;
    backstory: string | null;
    personalityTraits: readonly string[];
    favoriteArchetype: string | null;
  };
  /**
   * Long-term memory of turns older than `history` (premium chats only; null otherwise): facts the user stated and
   * earlier topics, oldest first.
   */
  memory: { facts: readonly string[]; topics: readonly string[] } | null;
  /** Earlier messages of the chat (the recent window), oldest first, without the new one. */
  history: ReadonlyArray<{ role: MessageRole; content: string }>;
  /** The user's new message, trimmed. */
  message: string;
  /**
   * Character replies the new one must differ from: the chat's last 20 and the other versions of a regenerated
   * message.
   */
  avoid: readonly string[];
  /** Premium users' requests may be served first when an engine is busy. */
  premium: boolean;
  /**
   * The chat's last few messages held a crisis message (left out of `history`, which never holds one): the reply
   * must be gentle, with no flirting and nothing said back (see docs/product.md, "Crisis messages").
   */
  gentle?: boolean;
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
  /**
   * Whether a reply is worth beginning before its send is accepted: the engine waits on a model server, which can
   * think while the send's claim runs (a reply of a refused send is then cancelled). Not for an engine that only
   * computes (the embedded persona engine): it would spend the same time, and on refused sends too.
   */
  readonly startsEarly?: boolean;
}
