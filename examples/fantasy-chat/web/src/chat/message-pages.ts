import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { messagesKey } from "../api/keys";
import type { Message } from "../api/types";
import { throwIfNotOk } from "../api/request";

/** One page of a chat as the server answers it: its messages (oldest first) and the URL of the page before it. */
export interface MessagePage {
  messages: Message[];
  /** The older page's URL from the `Link: <…>; rel="next"` header, or null on the chat's first page. */
  older: string | null;
}

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="?next"?/;

/**
 * The older page's URL named by a `Link` header, or null. Only a path of this chat's messages on this origin is
 * taken: a header pointing anywhere else is ignored rather than followed.
 *
 * @example
 * olderPageUrl('</api/chats/c1/messages?before=m9&limit=50>; rel="next"', "c1"); // "/api/chats/c1/messages?before=m9&limit=50"
 */
export function olderPageUrl(link: string | null, chatId: string): string | null {
  const target = link ? NEXT_LINK.exec(link)?.[1] : undefined;
  if (!target) return null;
  const url = new URL(target, window.location.origin);
  const path = `/api/chats/${encodeURIComponent(chatId)}/messages`;
  if (url.origin !== window.location.origin || url.pathname !== path) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * Reads one page of a chat (`url` null: the latest), with cookies; a non-OK answer throws an `ApiError`.
 *
 * @example
 * const { messages, older } = await readMessagePage("c1", null);
 */
export async function readMessagePage(
  chatId: string,
  url: string | null,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const response = await fetch(url ?? `/api/chats/${encodeURIComponent(chatId)}/messages`, {
    credentials: "include",
    signal,
  });
  await throwIfNotOk(response);
  return {
    messages: (await response.json()) as Message[],
    older: olderPageUrl(response.headers.get("link"), chatId),
  };
}

/**
 * The messages of the pages read so far, oldest first (react-query keeps the latest page first, older ones after).
 *
 * @example
 * const list = flattenPages(query.data?.pages ?? []);
 */
export function flattenPages(pages: readonly MessagePage[]): Message[] {
  return [...pages].reverse().flatMap((page) => page.messages);
}

/**
 * A chat's messages as read so far (the latest page first; older pages as the reader scrolls up), under
 * `messagesKey(chatId)` so invalidating that key reads them again. `chatId` null (a new chat) reads nothing.
 *
 * @example
 * const { data, hasOlder, loadOlder } = useMessagePages(chatId);
 */
export function useMessagePages(chatId: string | null) {
  const pages = useInfiniteQuery({
    queryKey: messagesKey(chatId ?? ""),
    enabled: chatId !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => readMessagePage(chatId ?? "", pageParam, signal),
    getNextPageParam: (page) => page.older ?? undefined,
  });
  const data = useMemo(() => (pages.data ? flattenPages(pages.data.pages) : undefined), [pages.data]);
  return {
    data,
    isLoading: pages.isLoading,
    isSuccess: pages.isSuccess,
    hasOlder: pages.hasNextPage,
    loadingOlder: pages.isFetchingNextPage,
    loadOlder: () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
  };
}
