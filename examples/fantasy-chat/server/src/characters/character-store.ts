import { characters } from "../db/schema.js";

/** A character as the API shows it. */
export type CharacterView = Omit<typeof characters.$inferSelect, "position" | "card" | "portraitPng">;

/** The columns the API shows (everything but the display position and an imported card's own data). */
export const characterColumns = {
  id: characters.id,
  name: characters.name,
  title: characters.title,
  description: characters.description,
  archetype: characters.archetype,
  avatarUrl: characters.avatarUrl,
  tags: characters.tags,
  greeting: characters.greeting,
  premium: characters.premium,
};

/**
 * Looks a character up by id, in the in-memory snapshot (no query; see `CharacterSnapshot`).
 *
 * @example
 * const character = await findCharacter(ctx, chat.characterId);
 */
export function findCharacter(
  ctx: { characters: { find(id: string): Promise<CharacterView | null> } },
  id: string,
): Promise<CharacterView | null> {
  return ctx.characters.find(id);
}

/** Character Card V2 fields an imported character brings beyond the app's own columns. */
export interface CharacterCardText {
  personality?: string;
  scenario?: string;
  system_prompt?: string;
  mes_example?: string;
  post_history_instructions?: string;
}

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
