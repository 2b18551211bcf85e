import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { CHARACTERS, aChat, aUser } from "./support/fixtures";
import { renderApp } from "./support/render-app";
import { server } from "./support/server";

describe("home", () => {
  it("greets the user, counts free messages, lists 3 recent chats and 4 companions, and offers the upgrade", async () => {
    server.use(
      http.get("*/api/chats", () =>
        HttpResponse.json([
          aChat({ id: "c1", title: "Under the moon" }),
          aChat({ id: "c2", title: null, lastMessageAt: null, createdAt: "2026-11-19T10:00:00.000Z" }),
          aChat({ id: "c3", title: "Third" }),
          aChat({ id: "c4", title: "Fourth" }),
        ]),
      ),
    );
    renderApp("/", aUser({ freeMessagesUsed: 1 }));
    expect(await screen.findByRole("heading", { name: "Welcome back, Ysolde" })).toBeTruthy();
    expect(screen.getByText("2 free messages left")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Logout" }).getAttribute("href")).toBe("/api/logout");

    const recent = await screen.findByRole("heading", { name: "Recent Conversations" });
    const list = within(recent.closest("section") as HTMLElement).getAllByRole("link");
    expect(list.map((l) => l.getAttribute("href"))).toEqual(["/chat/c1", "/chat/c2", "/chat/c3"]);
    expect(within(list[1] as HTMLElement).getByText("Untitled Chat")).toBeTruthy();
    expect(
      within(list[1] as HTMLElement).getByText(new Date("2026-11-19T10:00:00.000Z").toLocaleDateString(), {
        exact: false,
      }),
    ).toBeTruthy();

    const companions = screen
      .getByRole("heading", { name: "Choose Your Companion" })
      .closest("section") as HTMLElement;
    const links = within(companions).getAllByRole("link");
    expect(links[0]?.getAttribute("href")).toBe("/characters");
    expect(links.slice(1).map((l) => l.getAttribute("href"))).toEqual(
      CHARACTERS.slice(0, 4).map((c) => `/chat/new?character=${c.id}`),
    );
    expect(screen.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe("/subscribe");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((l) => [l.textContent, l.getAttribute("href")]),
    ).toEqual([
      ["Chats", "/"],
      ["Characters", "/characters"],
      ["Premium", "/subscribe"],
    ]);
  });

  it("counts one free message in the singular", async () => {
    renderApp("/", aUser({ freeMessagesUsed: 2 }));
    expect(await screen.findByText("1 free message left")).toBeTruthy();
    expect(screen.queryByText(/1 free messages left/)).toBeNull();
  });

  it("says 'Adventurer' without a first name and shows the premium badge instead of the upgrade card", async () => {
    renderApp("/", aUser({ firstName: "", subscriptionStatus: "active", trialEndDate: null }));
    expect(await screen.findByRole("heading", { name: "Welcome back, Adventurer" })).toBeTruthy();
    expect(screen.getByText("Premium", { selector: ".badge" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade to Premium" })).toBeNull();
  });

  it("shows 'No Characters Available' when there are none", async () => {
    server.use(http.get("*/api/characters", () => HttpResponse.json([])));
    renderApp("/", aUser());
    expect(await screen.findByRole("heading", { name: "No Characters Available" })).toBeTruthy();
  });

  it("shows a loading state while the characters load", async () => {
    server.use(http.get("*/api/characters", () => new Promise<never>(() => {})));
    renderApp("/", aUser());
    expect(await screen.findByText("Loading your conversations and companions")).toBeTruthy();
  });

  it("draws the companions only once the conversations are here too, so they are never pushed down", async () => {
    let answerChats: () => void = () => {};
    const chatsAnswered = new Promise<void>((resolve) => (answerChats = resolve));
    server.use(
      http.get("*/api/chats", async () => {
        await chatsAnswered;
        return HttpResponse.json([]);
      }),
    );
    renderApp("/", aUser());
    expect(await screen.findByText("Loading your conversations and companions")).toBeTruthy();
    // The characters have long arrived; the companions still wait for the conversations.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: "Choose Your Companion" })).toBeNull();
    answerChats();
    expect(await screen.findByRole("heading", { name: "Choose Your Companion" })).toBeTruthy();
  });
});
