import { sql } from "drizzle-orm";
import type { AppDb } from "../db/database.js";
import { characters } from "../db/schema.js";
import { CHARACTER_CATALOGUE, type CharacterSeed } from "./character-catalogue.js";

/**
 * Makes the characters table match the catalogue (insert or update by id). Characters are never deleted, as
 * chats refer to them. Safe to run from several processes at start.
 *
 * @example
 * await seedCharacters(database.db);
 */
export async function seedCharacters(db: AppDb, catalogue: readonly CharacterSeed[] = CHARACTER_CATALOGUE) {
  const rows = catalogue.map((c, position) => ({ ...c, avatarUrl: `/characters/${c.id}.svg`, position }));
  await db
    .insert(characters)
    .values(rows)
    .onConflictDoUpdate({
      target: characters.id,
      set: {
        name: sql`excluded.name`,
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        archetype: sql`excluded.archetype`,
        avatarUrl: sql`excluded.avatar_url`,
        tags: sql`excluded.tags`,
        greeting: sql`excluded.greeting`,
        premium: sql`excluded.premium`,
        position: sql`excluded.position`,
      },
    });
}
