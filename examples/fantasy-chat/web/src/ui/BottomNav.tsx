import { Link, useLocation } from "wouter";
import { Icon } from "./Icon";

/**
 * The bottom navigation of home and characters: Chats (or Home), Characters, Premium.
 *
 * @example
 * <BottomNav firstLabel="Home" />
 */
export function BottomNav({ firstLabel = "Chats" }: { firstLabel?: "Chats" | "Home" }) {
  const [location] = useLocation();
  const items = [
    { href: "/", label: firstLabel, icon: "chat" as const },
    { href: "/characters", label: "Characters", icon: "users" as const },
    { href: "/subscribe", label: "Premium", icon: "crown" as const },
  ];
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          className="bottom-nav-item"
          aria-current={location === item.href ? "page" : undefined}
        >
          <Icon name={item.icon} size={22} />
          <span>{item.label}</span>
        </Link>
      ))}
    </nav>
  );
}
