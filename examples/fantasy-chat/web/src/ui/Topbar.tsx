import type { ReactNode } from "react";
import { Brand } from "./Brand";

/**
 * The top bar of the branded pages: the wordmark, then the page's actions, or `link` as a quiet button
 * (the usual Login or Logout).
 *
 * @example
 * <Topbar link={{ href: "/api/logout", label: "Logout" }} />
 */
export function Topbar({ link, children }: { link?: { href: string; label: string }; children?: ReactNode }) {
  return (
    <header className="topbar">
      <Brand />
      {link ? (
        <a href={link.href} className="btn btn-ghost btn-sm">
          {link.label}
        </a>
      ) : null}
      {children}
    </header>
  );
}
