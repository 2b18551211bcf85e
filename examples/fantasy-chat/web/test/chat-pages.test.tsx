import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Message } from "../src/api/types";
import { olderPageUrl } from "../src/chat/message-pages";
import { aChat, aMessage, aUser } from "./support/fixtures";
import { renderApp } from "./support/render-app";
import { server } from "./support/server";

/** Messages "line 1"… alternating user and character, oldest first. */
const lines = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    aMessage({
      id: `m-${from + i}`,
      role: (from + i) % 2 ? "user" : "character",
      content: `line ${from + i}`,
    }),
  );

/** chat-1 served in pages of `size` (latest first), with the Link header the server sends; records the URLs read. */
function pagedChat(all: Message[], size: number, link: (before: string) => string = defaultLink) {
  const reads: string[] = [];
  server.use(
    http.get("*/api/chats/chat-1", () => HttpResponse.json(aChat())),
    http.get("*/api/chats/chat-1/messages", ({ request }) => {
      const url = new URL(request.url);
      reads.push(`${url.pathname}${url.search}`);
      const before = url.searchParams.get("before");
      const end = before ? all.findIndex((m) => m.id === before) : all.length;
      const page = all.slice(Math.max(0, end - size), end);
      const headers: Record<string, string> = {};
      if (end - size > 0) headers.link = link(page[0]!.id);
      return HttpResponse.json(page, { headers });
    }),
  );
  return reads;
}

const defaultLink = (before: string) => `</api/chats/chat-1/messages?before=${before}&limit=50>; rel="next"`;

const shown = () =>
  screen
    .getAllByText(/^line \d+$/)
    .map((element) => element.textContent)
    .filter((text, i, all) => all.indexOf(text) === i);

afterEach(() => vi.restoreAllMocks());

describe("a long chat", () => {
  it("shows the latest page first, then each earlier page above it on request, until the first", async () => {
    const reads = pagedChat(lines(1, 120), 50);
    renderApp("/chat/chat-1", aUser());
    expect(await screen.findByText("line 120")).toBeTruthy();
    expect(screen.queryByText("line 70")).toBeNull();
    expect(shown()[0]).toBe("line 71");

    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));
    expect(await screen.findByText("line 21")).toBeTruthy();
    expect(shown().slice(0, 3)).toEqual(["line 21", "line 22", "line 23"]);
    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));
    expect(await screen.findByText("line 1")).toBeTruthy();
    expect(shown()).toEqual(lines(1, 120).map((m) => m.content));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull());
    expect(reads).toEqual([
      "/api/chats/chat-1/messages",
      "/api/chats/chat-1/messages?before=m-71&limit=50",
      "/api/chats/chat-1/messages?before=m-21&limit=50",
    ]);
  });

  it("keeps the reading position: the page scrolls down by the height the older messages add", async () => {
    pagedChat(lines(1, 80), 50);
    renderApp("/chat/chat-1", aUser());
    await screen.findByText("line 80");
    // jsdom has no layout: the page is 2,000 px high and read at 300 px when the reader asks for more.
    let height = 2000;
    vi.spyOn(document.documentElement, "scrollHeight", "get").mockImplementation(() => height);
    Object.defineProperty(window, "scrollY", { configurable: true, value: 300 });
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));
    height = 3200;
    expect(await screen.findByText("line 1")).toBeTruthy();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 1500));
  });

  it("says it is loading while an earlier page is on its way, and cannot be asked twice", async () => {
    let release: () => void = () => {};
    const reads = pagedChat(lines(1, 60), 50);
    server.use(
      http.get("*/api/chats/chat-1/messages", async ({ request }) => {
        const url = new URL(request.url);
        if (!url.searchParams.get("before")) return undefined;
        reads.push(`${url.pathname}${url.search}`);
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(lines(1, 10));
      }),
    );
    renderApp("/chat/chat-1", aUser());
    fireEvent.click(await screen.findByRole("button", { name: "Load earlier messages" }));
    const busy = await screen.findByRole("button", { name: "Loading earlier messages…" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    fireEvent.click(busy);
    release();
    expect(await screen.findByText("line 1")).toBeTruthy();
    expect(reads.filter((url) => url.includes("before="))).toHaveLength(1);
  });

  it("follows no Link to another origin or another chat", async () => {
    const reads = pagedChat(lines(1, 80), 50, () => `<https://evil.example/steal?limit=50>; rel="next"`);
    renderApp("/chat/chat-1", aUser());
    expect(await screen.findByText("line 80")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load earlier messages" })).toBeNull();
    expect(reads).toEqual(["/api/chats/chat-1/messages"]);
    expect(olderPageUrl('</api/chats/chat-2/messages?before=m-1>; rel="next"', "chat-1")).toBeNull();
    expect(olderPageUrl('</api/chats/chat-1/messages?before=m-1&limit=50>; rel="next"', "chat-1")).toBe(
      "/api/chats/chat-1/messages?before=m-1&limit=50",
    );
    expect(olderPageUrl('</api/chats/chat-1/messages?before=m-1>; rel="prev"', "chat-1")).toBeNull();
    expect(olderPageUrl("garbage", "chat-1")).toBeNull();
  });
});
