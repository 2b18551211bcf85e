import { and, desc, eq, lt } from "drizzle-orm";
import type { UserRow } from "../auth/session-store.js";
import type { CharacterView } from "../characters/character-store.js";
import type { AppContext } from "../context.js";
import { characters, messages } from "../db/schema.js";
import { longTermMemory } from "../memory/chat-memory.js";
import { getProfile } from "../profile/profile-store.js";
import type { CharacterCardText, ReplyRequest } from "../replies/reply-engine.js";

/** How many earlier messages a free chat's reply sees: the recent window, nothing older. */
export const FREE_HISTORY_LENGTH = 20;
/** A premium chat's window; older turns reach the engine through the long-term memory summary. */
export const PREMIUM_HISTORY_LENGTH = 40;
/** A reply must differ from the chat's last this many character replies. */
const AVOID_LENGTH = 20;

const CARD_TEXT_FIELDS = [
  "personality",
  "scenario",
  "system_prompt",
  "mes_example",
  "post_history_instructions",
] as const;

/** The card text fields of an imported character's stored card (strings only). */
export function cardText(card: Record<string, unknown> | null): CharacterCardText | null {
  if (!card) return null;
  const text: CharacterCardText = {};
  for (const field of CARD_TEXT_FIELDS) {
    const value = card[field];
    if (typeof value === "string" && value.trim() !== "") text[field] = value;
  }
  return text;
}

/** What the reply is to: the chat, its character, and where in the chat the answered message sits. */
export interface ReplyTarget {
  user: UserRow;
  chatId: string;
  character: CharacterView;
  premium: boolean;
  /** The user's message being answered. */
  message: string;
  /** Only messages before this `seq` are history (the answered message's own). */
  beforeSeq: number;
  /** Texts the reply must also differ from (the other versions of a regenerated reply). */
  alsoAvoid?: readonly string[];
}

/**
 * Gathers what a reply engine needs: the character (with an imported card's text), the user's profile, the recent
 * window of messages (longer for premium chats, which also get their long-term memory), and the replies the new
 * one must not repeat.
 *
 * @example
 * const request = await buildReplyRequest(ctx, { user, chatId, character, premium, message, beforeSeq: row.seq });
 */
export async function buildReplyRequest(ctx: AppContext, target: ReplyTarget): Promise<ReplyRequest> {
  const windowLength = target.premium ? PREMIUM_HISTORY_LENGTH : FREE_HISTORY_LENGTH;
  const [recent, replies, [cardRow], profile] = await Promise.all([
    ctx.db
      .select({ seq: messages.seq, role: messages.role, content: messages.content })
      .from(messages)
      .where(and(eq(messages.chatId, target.chatId), lt(messages.seq, target.beforeSeq)))
      .orderBy(desc(messages.seq))
      .limit(windowLength),
    ctx.db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.chatId, target.chatId), eq(messages.role, "character")))
      .orderBy(desc(messages.seq))
      .limit(AVOID_LENGTH),
    ctx.db
      .select({ card: characters.card })
      .from(characters)
      .where(eq(characters.id, target.character.id))
      .limit(1),
    getProfile(ctx.db, target.user),
  ]);
  const history = recent.reverse();
  const windowStart = history.length === windowLength ? (history[0]?.seq ?? null) : null;
  const memory = target.premium
    ? await longTermMemory(ctx.db, target.chatId, windowStart, ctx.clock.now())
    : null;
  const { character } = target;
  return {
    character: {
      id: character.id,
      name: character.name,
      title: character.title,
      description: character.description,
      archetype: character.archetype,
      tags: character.tags,
      greeting: character.greeting,
      card: cardText(cardRow?.card ?? null),
    },
    persona: {
      preferredName: profile.preferredName || target.user.firstName || "traveller",
      backstory: profile.backstory || null,
      personalityTraits: profile.personalityTraits,
      favoriteArchetype: profile.favoriteArchetype,
    },
    memory,
    history: history.map((m) => ({ role: m.role, content: m.content })),
    message: target.message,
    avoid: [...replies.map((r) => r.content), ...(target.alsoAvoid ?? [])],
    premium: target.premium,
  };
}
