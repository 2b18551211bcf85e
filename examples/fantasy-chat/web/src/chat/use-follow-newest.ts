import { useEffect, useLayoutEffect, useRef } from "react";
import type { Streaming } from "./use-chat";

/** How close to the end of the page (px) still counts as reading the newest message. */
const AT_END = 48;

function scrollToEnd(): void {
  const page = document.scrollingElement ?? document.documentElement;
  window.scrollTo(0, page.scrollHeight);
}

function isAtEnd(): boolean {
  const page = document.scrollingElement ?? document.documentElement;
  return page.scrollHeight - page.clientHeight - page.scrollTop <= AT_END;
}

/**
 * Keeps the chat at its newest message: the page scrolls to its very end (below the last reply sits the sticky
 * composer, so the reply shows whole above it) when the chat opens, when a message is added (the reader's own, or a
 * reply), and as a reply streams in while the reader is at the end; a reader who scrolled up to older messages is
 * left there while a reply streams. Runs before paint, and before the older-messages observer first looks, so a
 * reopened chat never starts at its oldest message.
 *
 * @example
 * useFollowNewest(messages.data?.at(-1)?.id, streaming);
 */
export function useFollowNewest(newestId: string | undefined, streaming: Streaming | null): void {
  const following = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      following.current = isAtEnd();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  const added = `${newestId ?? ""}:${streaming?.userText ?? ""}`;
  useLayoutEffect(() => {
    following.current = true;
    scrollToEnd();
  }, [added]);
  const text = streaming?.text;
  useLayoutEffect(() => {
    if (following.current) scrollToEnd();
  }, [text]);
}
