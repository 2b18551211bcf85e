// Issue #47: a reload of a signed-in page is drawn from the user this device last saw signed in, never the landing
// page first; a visitor's landing page never waits for the current-user call.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../src/App";
import { createQueryClient } from "../src/api/query-client";
import type { User } from "../src/api/types";
import { REMEMBERED_USER_KEY, rememberSignedInUser, type UserStorage } from "../src/auth/use-auth";
import { ADMIN_USERS, STATS, aUser } from "./support/fixtures";
import { server } from "./support/server";

const LANDING_HEADING = "Fall for a legend of the realm";

/** A storage of its own for each test (the page's localStorage in the app). */
function memoryStorage(entries: Record<string, string> = {}): UserStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** `GET /api/auth/user` held until the test answers it with a user or a 401 (null). */
function heldCurrentUser() {
  let answer!: (user: User | null) => void;
  const answered = new Promise<User | null>((resolve) => (answer = resolve));
  let asked = 0;
  server.use(
    http.get("*/api/auth/user", async () => {
      asked += 1;
      const user = await answered;
      return user ? HttpResponse.json(user) : HttpResponse.json({ message: "Unauthorized" }, { status: 401 });
    }),
  );
  return { answer, asked: () => asked };
}

/** Whether the landing page's heading was ever in the document, from the first render on. */
function watchForLanding() {
  let seen = false;
  const check = () => {
    if (document.body.textContent?.includes(LANDING_HEADING)) seen = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    seen: () => {
      check();
      return seen;
    },
    stop: () => observer.disconnect(),
  };
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function renderWithMemory(path: string, storage: UserStorage) {
  const queryClient = createQueryClient();
  stops.push(rememberSignedInUser(queryClient, storage, document));
  const landing = watchForLanding();
  stops.push(landing.stop);
  render(<App queryClient={queryClient} hook={memoryLocation({ path }).hook} />);
  return { landing, queryClient };
}

describe("a signed-in reload", () => {
  it("draws home from the remembered user before the server answers, never the landing page, then takes the server's user", async () => {
    const storage = memoryStorage({ [REMEMBERED_USER_KEY]: JSON.stringify(aUser({ firstName: "Ysolde" })) });
    const current = heldCurrentUser();
    const { landing } = renderWithMemory("/", storage);
    expect(landing.seen()).toBe(false);
    await screen.findByRole("heading", { name: "Welcome back, Ysolde" });
    expect(current.asked()).toBe(1);

    current.answer(aUser({ firstName: "Morwen" }));
    await screen.findByRole("heading", { name: "Welcome back, Morwen" });
    expect(landing.seen()).toBe(false);
    expect(JSON.parse(storage.map.get(REMEMBERED_USER_KEY) ?? "null")).toMatchObject({ firstName: "Morwen" });
  });

  it("draws the admin dashboard from a remembered admin, never the landing page", async () => {
    const storage = memoryStorage({ [REMEMBERED_USER_KEY]: JSON.stringify(aUser({ role: "admin" })) });
    heldCurrentUser();
    server.use(
      http.get("*/api/admin/stats", () => HttpResponse.json(STATS)),
      http.get("*/api/admin/users", () => HttpResponse.json(ADMIN_USERS)),
    );
    const { landing } = renderWithMemory("/admin", storage);
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    expect(landing.seen()).toBe(false);
  });

  it("shows the landing page once the server says the remembered session has ended, and forgets the user", async () => {
    const storage = memoryStorage({ [REMEMBERED_USER_KEY]: JSON.stringify(aUser()) });
    const current = heldCurrentUser();
    renderWithMemory("/", storage);
    await screen.findByRole("heading", { name: "Welcome back, Ysolde" });
    current.answer(null);
    await screen.findByRole("heading", { name: LANDING_HEADING });
    expect(screen.queryByRole("heading", { name: /Welcome back/ })).toBeNull();
    expect(storage.map.has(REMEMBERED_USER_KEY)).toBe(false);
  });

  it("never sends someone to the trial setup on the remembered user's word: the server's answer decides", async () => {
    const storage = memoryStorage({
      [REMEMBERED_USER_KEY]: JSON.stringify(aUser({ paymentMethodSetup: false })),
    });
    const current = heldCurrentUser();
    const location = memoryLocation({ path: "/", record: true });
    const queryClient = createQueryClient();
    stops.push(rememberSignedInUser(queryClient, storage, document));
    render(<App queryClient={queryClient} hook={location.hook} />);
    expect(screen.queryByRole("heading", { name: LANDING_HEADING })).toBeNull();
    current.answer(aUser({ paymentMethodSetup: true }));
    await screen.findByRole("heading", { name: "Welcome back, Ysolde" });
    expect(location.history).toEqual(["/"]);
  });

  it.each(["{not json", JSON.stringify({ firstName: "Nobody" }), JSON.stringify("user-1")])(
    "ignores a remembered value that is not a user (%s)",
    async (kept) => {
      const storage = memoryStorage({ [REMEMBERED_USER_KEY]: kept });
      heldCurrentUser();
      renderWithMemory("/", storage);
      expect(await screen.findByRole("heading", { name: LANDING_HEADING })).toBeTruthy();
    },
  );
});

describe("a visitor", () => {
  it("sees the landing page while the current-user call is still unanswered", async () => {
    const storage = memoryStorage();
    const current = heldCurrentUser();
    renderWithMemory("/", storage);
    expect(await screen.findByRole("heading", { name: LANDING_HEADING })).toBeTruthy();
    await waitFor(() => expect(current.asked()).toBe(1));
    current.answer(null);
    await waitFor(() => expect(storage.map.has(REMEMBERED_USER_KEY)).toBe(false));
    expect(screen.getByRole("heading", { name: LANDING_HEADING })).toBeTruthy();
  });
});

describe("remembering", () => {
  it("keeps the user the server confirms, for the next load", async () => {
    const storage = memoryStorage();
    const current = heldCurrentUser();
    renderWithMemory("/", storage);
    current.answer(aUser({ firstName: "Isolde" }));
    await screen.findByRole("heading", { name: "Welcome back, Isolde" });
    expect(JSON.parse(storage.map.get(REMEMBERED_USER_KEY) ?? "null")).toMatchObject({
      id: "user-1",
      firstName: "Isolde",
    });
  });

  it("forgets the user as soon as a sign-out link is followed", async () => {
    const storage = memoryStorage({ [REMEMBERED_USER_KEY]: JSON.stringify(aUser()) });
    heldCurrentUser().answer(aUser());
    renderWithMemory("/", storage);
    const logout = await screen.findByRole("link", { name: "Logout" });
    // The server's sign-out is a navigation; the test stays on the page.
    const stay = (event: Event) => event.preventDefault();
    window.addEventListener("click", stay);
    stops.push(() => window.removeEventListener("click", stay));
    await userEvent.setup().click(logout);
    expect(storage.map.has(REMEMBERED_USER_KEY)).toBe(false);
  });

  it("stops remembering when told to", async () => {
    const storage = memoryStorage();
    const queryClient = createQueryClient();
    rememberSignedInUser(queryClient, storage, document)();
    heldCurrentUser().answer(aUser());
    render(<App queryClient={queryClient} hook={memoryLocation({ path: "/" }).hook} />);
    await screen.findByRole("heading", { name: "Welcome back, Ysolde" });
    expect(storage.map.has(REMEMBERED_USER_KEY)).toBe(false);
  });
});
