import { Link } from "wouter";
import type { Character, User } from "../api/types";
import { freeMessagesLeft, isPremium } from "../auth/access";
import { Avatar } from "../ui/Avatar";
import { Icon } from "../ui/Icon";

/**
 * The chat's header: back to home, the character, 'Online', and the allowance badge ('N left' or 'Unlimited'); a
 * premium-only companion shows a locked 'Premium only' badge to a user who is not premium, since free messages do
 * not reach it.
 */
export function ChatHeader({
  character: c,
  user,
}: {
  readonly character: Character;
  readonly user: User | null;
}) {
  return (
    <header className="chat-header">
      <Link href="/" className="btn btn-icon btn-ghost" aria-label="Back to home">
        <Icon name="back" />
      </Link>
      <Avatar src={c.avatarUrl} size="sm" />
      <div className="chat-header-text">
        <h1 className="chat-name">{c.name}</h1>
        <p className="chat-title">{c.title}</p>
        <p className="chat-online">
          <span className="online-dot" aria-hidden="true" /> Online
        </p>
      </div>
      {user && c.premium && !isPremium(user) ? (
        <span className="badge badge-gold">
          <Icon name="lock" size={14} /> Premium only
        </span>
      ) : user ? (
        <span className={`badge ${isPremium(user) ? "badge-gold" : "badge-outline"}`}>
          {isPremium(user) ? "Unlimited" : `${freeMessagesLeft(user)} left`}
        </span>
      ) : null}
    </header>
  );
}
