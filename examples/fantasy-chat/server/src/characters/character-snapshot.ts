import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { asc } from "drizzle-orm";
import type { Clock } from "../clock.js";
import type { AppDb } from "../db/database.js";
import { characters } from "../db/schema.js";
import { isStorableText } from "../http/validate.js";
import { cardText, characterColumns, type CharacterCardText, type CharacterView } from "./character-store.js";

/** How long a snapshot serves before it is read again: the longest another instance's import stays unseen. */
export const CHARACTER_SNAPSHOT_TTL_MS = 5_000;

/** The characters as served: the list, by id, and the list's JSON with its strong ETag. */
export interface CharacterList {
  list: readonly CharacterView[];
  byId: ReadonlyMap<string, CharacterView>;
  /** An imported character's card text (what reply engines read beyond the columns), by id; absent for others. */
  cardTexts: ReadonlyMap<string, CharacterCardText>;
  /** The list as JSON, UTF-8 encoded once per snapshot. */
  body: Buffer;
  /** The same bytes gzip-compressed, for clients that accept it (every browser). */
  gzipped: Buffer;
  /** The strong ETag of `body`; the gzip-encoded representation has its own, `gzipEtag`. */
  etag: string;
  gzipEtag: string;
}

/**
 * The characters in memory: read from the database at most once per {@link CHARACTER_SNAPSHOT_TTL_MS} (and at
 * once after {@link CharacterSnapshot.invalidate}, which an admin import calls), so listing characters or checking
 * one on a send costs no query. Concurrent readers of an expired snapshot share one read. Other instances on the
 * same database see an import within the TTL.
 *
 * @example
 * const { body, etag } = await ctx.characters.current();
 */
export class CharacterSnapshot {
  private loaded: { at: number; value: CharacterList } | null = null;
  private loading: Promise<CharacterList> | null = null;
  private generation = 0;

  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
  ) {}

  /** The snapshot, read again when older than the TTL or invalidated. */
  async current(): Promise<CharacterList> {
    const now = this.clock.now().getTime();
    if (this.loaded && now - this.loaded.at < CHARACTER_SNAPSHOT_TTL_MS && now >= this.loaded.at) {
      return this.loaded.value;
    }
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** One character, or null (an id no stored id can hold included). */
  async find(id: string): Promise<CharacterView | null> {
    if (!isStorableText(id)) return null;
    return (await this.current()).byId.get(id) ?? null;
  }

  /** An imported character's card text for the reply engines, or null (seeded characters have none). */
  async cardText(id: string): Promise<CharacterCardText | null> {
    if (!isStorableText(id)) return null;
    return (await this.current()).cardTexts.get(id) ?? null;
  }

  /** Forgets the snapshot: the next read comes from the database (after an import on this instance). */
  invalidate(): void {
    this.generation++;
    this.loaded = null;
  }

  private async load(): Promise<CharacterList> {
    const generation = this.generation;
    const at = this.clock.now().getTime();
    const rows = await this.db
      .select({ view: characterColumns, card: characters.card })
      .from(characters)
      .orderBy(asc(characters.position), asc(characters.id));
    const list = rows.map((row) => row.view);
    const body = Buffer.from(JSON.stringify(list), "utf8");
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
    const cardTexts = new Map<string, CharacterCardText>();
    for (const { view, card } of rows) {
      const text = cardText(card);
      if (text) cardTexts.set(view.id, text);
    }
    const value: CharacterList = {
      list,
      byId: new Map(list.map((c) => [c.id, c])),
      cardTexts,
      body,
      gzipped: gzipSync(body),
      etag: `"${hash}"`,
      gzipEtag: `"${hash}-gzip"`,
    };
    // An invalidation while this read ran means it may predate the change: serve it once, keep nothing.
    if (generation === this.generation) this.loaded = { at, value };
    return value;
  }
}
