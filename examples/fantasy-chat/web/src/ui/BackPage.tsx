import type { ReactNode } from "react";
import { Link } from "wouter";

/**
 * A page reached from home: a top bar with only "← Back", then the content (narrow for forms).
 *
 * @example
 * <BackPage narrow><h1 className="title">Your Character Profile</h1></BackPage>
 */
export function BackPage({ narrow = false, children }: { narrow?: boolean; children: ReactNode }) {
  return (
    <div className="page">
      <header className="topbar">
        <Link href="/" className="btn btn-ghost btn-sm">
          ← Back
        </Link>
      </header>
      <main className={narrow ? "content content-narrow" : "content"}>{children}</main>
    </div>
  );
}
