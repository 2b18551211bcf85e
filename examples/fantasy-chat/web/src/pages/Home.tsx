import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { localDate } from "../api/format";
import { CHARACTERS_KEY, CHATS_KEY } from "../api/keys";
import type { Character, Chat } from "../api/types";
import { freeMessagesLeft, isPremium } from "../auth/access";
import { useAuth } from "../auth/use-auth";
import { Avatar } from "../ui/Avatar";
import { BottomNav } from "../ui/BottomNav";
import { Spinner } from "../ui/Spinner";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";
import { Topbar } from "../ui/Topbar";

/** Recent conversations shown on home (docs/product.md). */
export const RECENT_CHATS = 3;
/** Characters shown on home (docs/product.md). */
export const HOME_CHARACTERS = 4;

/**
 * Home (`/`): greeting, trial counter or premium badge, recent conversations, four companions, the upgrade
 * card and the bottom navigation.
 */
export default function Home() {
  const { user } = useAuth();
  const chats = useQuery<Chat[]>({ queryKey: CHATS_KEY });
  const characters = useQuery<Character[]>({ queryKey: CHARACTERS_KEY });
  if (!user) return null;
  const premium = isPremium(user);
  const recent = (chats.data ?? []).slice(0, RECENT_CHATS);
  const left = freeMessagesLeft(user);
  // What lies under the greeting is drawn once both lists are here, so no section pushes another down.
  const listsLoading = chats.isPending || characters.isPending;

  return (
    <div className="page with-bottom-nav">
      <Topbar>
        <div className="topbar-actions">
          {premium ? (
            <Link href="/subscription" className="badge badge-gold" aria-label="Premium: your subscription">
              <Icon name="crown" size={14} /> Premium
            </Link>
          ) : (
            <span className="badge badge-outline">
              {left} free {left === 1 ? "message" : "messages"} left
            </span>
          )}
          <Link href="/profile" className="btn btn-ghost btn-sm">
            Profile
          </Link>
          <a href="/api/logout" className="btn btn-ghost btn-sm">
            Logout
          </a>
        </div>
      </Topbar>
      <main className="content">
        <h1 className="title">Welcome back, {user.firstName || "Adventurer"}</h1>
        <p className="muted">Who will you meet tonight?</p>

        {listsLoading ? (
          <Spinner label="Loading your conversations and companions" />
        ) : (
          <HomeLists recent={recent} characters={characters.data ?? []} premium={premium} />
        )}
      </main>
      <BottomNav firstLabel="Chats" />
    </div>
  );
}

/** Home's recent conversations, its companions and, for a user who is not premium, the upgrade card. */
function HomeLists({
  recent,
  characters,
  premium,
}: {
  recent: Chat[];
  characters: Character[];
  premium: boolean;
}) {
  const byId = new Map(characters.map((c) => [c.id, c]));
  return (
    <>
      {recent.length > 0 ? (
        <Section id="recent-title" title="Recent Conversations">
          <ul className="list">
            {recent.map((chat) => {
              const character = byId.get(chat.characterId);
              return (
                <li key={chat.id}>
                  <Link href={`/chat/${chat.id}`} className="list-item">
                    <Avatar src={character?.avatarUrl} size="sm" />
                    <span className="list-item-text">
                      <span className="list-item-title">{chat.title || "Untitled Chat"}</span>
                      <span className="list-item-meta">
                        {character ? `${character.name} · ` : ""}
                        {localDate(chat.lastMessageAt ?? chat.createdAt)}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}

      <Section
        id="companions-title"
        title="Choose Your Companion"
        action={
          <Link href="/characters" className="link-gold">
            View All
          </Link>
        }
      >
        {characters.length === 0 ? (
          <div className="empty">
            <h3>No Characters Available</h3>
            <p className="muted">New companions are on their way. Check back soon.</p>
          </div>
        ) : (
          <ul className="companion-grid">
            {characters.slice(0, HOME_CHARACTERS).map((c) => (
              <li key={c.id}>
                <Link href={`/chat/new?character=${encodeURIComponent(c.id)}`} className="companion-card">
                  <Avatar src={c.avatarUrl} size="lg" />
                  <span className="companion-name">{c.name}</span>
                  <span className="companion-title">{c.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {!premium ? (
        <Section id="upgrade-title" title="Unlock Premium Realm" className="card upgrade-card">
          <p className="muted">Unlimited messages, exclusive characters and an advanced memory. R99/month.</p>
          <Link href="/subscribe" className="btn btn-gold">
            Upgrade to Premium
          </Link>
        </Section>
      ) : null}
    </>
  );
}
