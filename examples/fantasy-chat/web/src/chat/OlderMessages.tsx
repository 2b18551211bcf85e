import { useEffect, useLayoutEffect, useRef } from "react";

/** What {@link OlderMessages} needs of the chat's pages. */
export interface OlderPages {
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly loadOlder: () => void;
  /** How many messages are shown: it grows when an older page arrives. */
  readonly count: number;
}

/** Where the reader was when older messages were asked for: the page's height and scroll offset then. */
interface Anchor {
  height: number;
  y: number;
}

/**
 * Keeps the reading position while older messages are put above: the page grows by their height, and the scroll
 * offset grows by as much, so the message the reader was looking at stays where it was.
 */
function useKeptPosition(pages: OlderPages): () => void {
  const anchor = useRef<Anchor | null>(null);
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept || pages.loadingOlder) return;
    anchor.current = null;
    const grown = document.documentElement.scrollHeight - kept.height;
    if (grown > 0) window.scrollTo(0, kept.y + grown);
  }, [pages.count, pages.loadingOlder]);
  return () => {
    if (!pages.hasOlder || pages.loadingOlder) return;
    anchor.current = { height: document.documentElement.scrollHeight, y: window.scrollY };
    pages.loadOlder();
  };
}

/**
 * The top of a long conversation: older messages load as the reader scrolls near it (an observer on this element)
 * or with the "Load earlier messages" button, which keyboard and screen-reader users reach first.
 */
export function OlderMessages(props: { pages: OlderPages }) {
  const { pages } = props;
  const loadOlder = useKeptPosition(pages);
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadOlder);
  latest.current = loadOlder;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !pages.hasOlder || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "400px 0px 0px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages.hasOlder, pages.count]);

  if (!pages.hasOlder) return null;
  return (
    <div ref={sentinel} className="older-messages">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={loadOlder}
        disabled={pages.loadingOlder}
        aria-busy={pages.loadingOlder}
      >
        {pages.loadingOlder ? "Loading earlier messages…" : "Load earlier messages"}
      </button>
    </div>
  );
}
