import { isStorableText } from "../http/validate.js";
import { eq } from "drizzle-orm";
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
 * Looks a character up by id.
 *
 * @example
 * const character = await findCharacter(ctx, chat.characterId);
 */
export async function findCharacter(ctx: AppContext, id: string): Promise<CharacterView | null> {
  // An id from a URL may hold what no stored id can (NUL, a lone surrogate): unknown, not a database error.
  if (!isStorableText(id)) return null;
  const [row] = await ctx.db.select(characterColumns).from(characters).where(eq(characters.id, id)).limit(1);
  return row ?? null;
}
