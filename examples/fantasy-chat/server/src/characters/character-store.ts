import type { AppContext } from "../context.js";
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
  ctx: Pick<AppContext, "characters">,
  id: string,
): Promise<CharacterView | null> {
  return ctx.characters.find(id);
}
