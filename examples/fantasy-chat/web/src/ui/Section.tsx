import type { ReactNode } from "react";

/**
 * A page section named by its `<h2>`; with `action`, the heading and the action share a row.
 *
 * @example
 * <Section id="features-title" title="Why Realmheart">…</Section>
 */
export function Section({
  id,
  title,
  className = "section",
  titleClassName = "section-title",
  action,
  anchor,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  action?: ReactNode;
  /** The section's own id, for in-page links such as `#features`. */
  anchor?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <section id={anchor} className={className} aria-labelledby={id}>
      {action ? (
        <div className="section-head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
