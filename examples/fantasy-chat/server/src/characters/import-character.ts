import { sql } from "drizzle-orm";
import type { AppDb } from "../db/database.js";
import { characters } from "../db/schema.js";
import { characterFromCard, type CharacterCard } from "./character-card.js";
import type { CharacterView } from "./character-store.js";

/** How many numbered ids (`name-2`, `name-3`…) are tried when a card's name is taken. */
const MAX_ID_ATTEMPTS = 100;

/**
 * A readable id from a name: lower-case ASCII letters and digits joined by hyphens.
 *
 * @example
 * slugOf("Lyra Vale, the Ember-Queen"); // "lyra-vale-the-ember-queen"
 */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "character";
}

/**
 * Stores a character from a card, after the seeded cast in display order. Its id is the name's slug, numbered
 * when taken (an import never replaces a character: chats refer to them). Its portrait is the card's PNG when it
 * came as one, else a generated one; both are served by `GET /api/characters/:id/portrait`.
 *
 * @example
 * const character = await importCharacter(ctx.db, card, png);
 */
export async function importCharacter(
  db: AppDb,
  card: CharacterCard,
  portraitPng: Buffer | null,
): Promise<CharacterView> {
  const fields = characterFromCard(card);
  const base = slugOf(fields.name);
  for (let attempt = 1; attempt <= MAX_ID_ATTEMPTS; attempt++) {
    const id = attempt === 1 ? base : `${base}-${attempt}`;
    const [row] = await db
      .insert(characters)
      .values({
        id,
        ...fields,
        avatarUrl: `/api/characters/${id}/portrait`,
        portraitPng: portraitPng?.toString("base64") ?? null,
        position: sql`(select coalesce(max(${characters.position}), -1) + 1 from ${characters})`,
      })
      .onConflictDoNothing({ target: characters.id })
      .returning();
    if (row) {
      const { card: _card, portraitPng: _png, position: _position, ...view } = row;
      return view;
    }
  }
  throw new Error(`no free id for ${base}`);
}
