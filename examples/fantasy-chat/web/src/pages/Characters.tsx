import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { archetypeLabel } from "../api/archetypes";
import { CHARACTERS_KEY } from "../api/keys";
import type { Character } from "../api/types";
import { Avatar } from "../ui/Avatar";
import { BottomNav } from "../ui/BottomNav";
import { Spinner } from "../ui/Spinner";
import { Topbar } from "../ui/Topbar";

/** Tags shown on a card before '+N more' (docs/product.md). */
export const TAGS_PER_CARD = 3;

/**
 * Characters matching a search (case-insensitive, on name, title or description) and an archetype (exact; null
 * for all).
 *
 * @example
 * filterCharacters(all, "dragon", null);
 */
export function filterCharacters(all: Character[], search: string, archetype: string | null): Character[] {
  const needle = search.trim().toLowerCase();
  return all.filter(
    (c) =>
      (archetype === null || c.archetype === archetype) &&
      (needle === "" ||
        [c.name, c.title, c.description].some((field) => field.toLowerCase().includes(needle))),
  );
}

/** The character list (`/characters`): search, archetype chips, cards, empty state. */
export default function Characters() {
  const query = useQuery<Character[]>({ queryKey: CHARACTERS_KEY });
  const [search, setSearch] = useState("");
  const [archetype, setArchetype] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const all = useMemo(() => query.data ?? [], [query.data]);
  const archetypes = useMemo(() => [...new Set(all.map((c) => c.archetype))], [all]);
  const results = filterCharacters(all, search, archetype);

  return (
    <div className="page with-bottom-nav">
      <Topbar link={{ href: "/api/logout", label: "Logout" }} />
      <main className="content">
        <h1 className="title">Characters</h1>
        <div className="search">
          <label htmlFor="character-search" className="sr-only">
            Search characters
          </label>
          <input
            id="character-search"
            type="search"
            className="input"
            placeholder="Search characters..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="chips" role="group" aria-label="Filter by archetype">
          <button
            type="button"
            className="chip"
            aria-pressed={archetype === null}
            onClick={() => setArchetype(null)}
          >
            All
          </button>
          {archetypes.map((a) => (
            <button
              key={a}
              type="button"
              className="chip"
              aria-pressed={archetype === a}
              onClick={() => setArchetype(a)}
            >
              {archetypeLabel(a)}
            </button>
          ))}
        </div>

        {query.isLoading ? (
          <Spinner label="Loading characters" />
        ) : results.length === 0 ? (
          <div className="empty">
            <h2>No Characters Found</h2>
            <p className="muted">Try adjusting your search or filters</p>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setSearch("");
                setArchetype(null);
              }}
            >
              Clear Filters
            </button>
          </div>
        ) : (
          <ul className="character-grid">
            {results.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="character-card"
                  onClick={() => navigate(`/chat/new?character=${encodeURIComponent(c.id)}`)}
                >
                  <Avatar src={c.avatarUrl} size="lg" />
                  <span className="character-card-body">
                    <span className="character-name">
                      {c.name}
                      {c.premium ? <span className="badge badge-gold badge-xs">Premium</span> : null}
                    </span>
                    <span className="character-title">{c.title}</span>
                    <span className="character-description">{c.description}</span>
                    <span className="stars">
                      <span aria-hidden="true">★★★★★</span> Popular
                    </span>
                    <span className="tags">
                      {c.tags.slice(0, TAGS_PER_CARD).map((tag) => (
                        <span key={tag} className="tag">
                          {tag}
                        </span>
                      ))}
                      {c.tags.length > TAGS_PER_CARD ? (
                        <span className="tag tag-more">+{c.tags.length - TAGS_PER_CARD} more</span>
                      ) : null}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
      <BottomNav firstLabel="Home" />
    </div>
  );
}
