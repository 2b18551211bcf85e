import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Message } from "../src/api/types";
import { pageNavigation } from "../src/api/navigation";
import { CONVERSATION_STARTERS } from "../src/chat/starters";
import { aChat, aMessage, aUser, CHARACTERS } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, controlledStream, eventStream, server } from "./support/server";

/** A chat with `messages` (changeable through the returned array) and counters of the calls made. */
function chatWith(initial: Message[]) {
  const state = { messages: [...initial], messageReads: 0, posts: [] as unknown[] };
  server.use(
    http.get("*/api/chats/chat-1", () => HttpResponse.json(aChat())),
    http.get("*/api/chats/chat-1/messages", () => {
      state.messageReads += 1;
      return HttpResponse.json(state.messages);
    }),
  );
  return state;
}

const input = () => screen.getByPlaceholderText("Type your message...") as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;

afterEach(() => vi.restoreAllMocks());

describe("chat screen", () => {
  it("shows the header with portrait, name, title, Online, the 'N left' badge and a back link", async () => {
    chatWith([
      aMessage({ content: "Hello" }),
      aMessage({ id: "m-2", role: "character", content: "Welcome." }),
    ]);
    renderApp("/chat/chat-1", aUser({ freeMessagesUsed: 1 }));
    expect(await screen.findByRole("heading", { name: "Kaelen Nightthorn" })).toBeTruthy();
    expect(screen.getByText("Lord of the Unseelie Court")).toBeTruthy();
    expect(screen.getByText("Online")).toBeTruthy();
    expect(screen.getByText("2 left")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(await screen.findByText("Welcome.")).toBeTruthy();
    expect(screen.queryByText("Start the conversation")).toBeNull();
  });

  it("shows 'Unlimited' to premium users", async () => {
    chatWith([]);
    renderApp("/chat/chat-1", aUser({ subscriptionStatus: "active", trialEndDate: null }));
    expect(await screen.findByText("Unlimited")).toBeTruthy();
  });

  it("shows a premium-only companion as locked before any message is refused, and not to premium users", async () => {
    chatWith([]);
    server.use(
      http.get("*/api/characters/:id", () => HttpResponse.json({ ...CHARACTERS[0], premium: true })),
    );
    renderApp("/chat/chat-1", aUser({ freeMessagesUsed: 1 }));
    expect(await screen.findByText("Premium only")).toBeTruthy();
    expect(screen.queryByText("2 left")).toBeNull();
    const note = screen.getByRole("note");
    expect(note.textContent).toBe(
      "Kaelen Nightthorn is a Premium Realm companion. Upgrade to Premium to talk without limits.",
    );
    expect(within(note).getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/subscribe?return=%2Fchat%2Fchat-1",
    );
  });

  it("shows a premium-only companion without a lock to premium users", async () => {
    chatWith([]);
    server.use(
      http.get("*/api/characters/:id", () => HttpResponse.json({ ...CHARACTERS[0], premium: true })),
    );
    renderApp("/chat/chat-1", aUser({ subscriptionStatus: "active", trialEndDate: null }));
    expect(await screen.findByText("Unlimited")).toBeTruthy();
    expect(screen.queryByText("Premium only")).toBeNull();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("shows the loading texts while the chat, the character and the messages load", async () => {
    let releaseChat!: () => void;
    let releaseCharacter!: () => void;
    const chatGate = new Promise<void>((r) => (releaseChat = r));
    const characterGate = new Promise<void>((r) => (releaseCharacter = r));
    server.use(
      http.get("*/api/chats/chat-1", async () => {
        await chatGate;
        return HttpResponse.json(aChat());
      }),
      http.get("*/api/characters/kaelen-nightthorn", async ({ request }) => {
        await characterGate;
        const { CHARACTERS } = await import("./support/fixtures");
        void request;
        return HttpResponse.json(CHARACTERS[0]);
      }),
      http.get("*/api/chats/chat-1/messages", () => new Promise<never>(() => {})),
    );
    renderApp("/chat/chat-1", aUser());
    expect(await screen.findByText("Loading chat...")).toBeTruthy();
    releaseChat();
    expect(await screen.findByText("Loading character...")).toBeTruthy();
    releaseCharacter();
    expect(await screen.findByText("Loading messages...")).toBeTruthy();
  });

  it("asks to choose a character on /chat/new without one", async () => {
    renderApp("/chat/new", aUser());
    expect(await screen.findByRole("heading", { name: "No character selected" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose Character" }).getAttribute("href")).toBe("/characters");
  });

  it("shows 'No messages yet' and the four starters in an empty chat; a starter fills the input and sends nothing", async () => {
    const state = chatWith([]);
    server.use(
      http.post("*/api/chats/chat-1/messages", async ({ request }) => {
        state.posts.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    const starters = screen.getAllByRole("button").filter((b) => b.classList.contains("starter"));
    expect(starters).toHaveLength(4);
    await app.user.click(screen.getByText(CONVERSATION_STARTERS[2]!.title));
    expect(input().value).toBe(CONVERSATION_STARTERS[2]!.text);
    expect(state.posts).toEqual([]);
  });

  it("keeps the send button disabled while the input is blank, and Shift+Enter makes a new line", async () => {
    chatWith([]);
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("No messages yet");
    expect(sendButton().disabled).toBe(true);
    await app.user.type(input(), "   ");
    expect(sendButton().disabled).toBe(true);
    await app.user.clear(input());
    await app.user.type(input(), "first{Shift>}{Enter}{/Shift}second");
    expect(input().value).toBe("first\nsecond");
  });

  it("creates the chat on the first send in a new chat, replaces the address and keeps the text unsent", async () => {
    const created: unknown[] = [];
    const state = chatWith([]);
    server.use(
      http.post("*/api/chats", async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(aChat({ title: null }), { status: 201 });
      }),
      http.post("*/api/chats/chat-1/messages", async ({ request }) => {
        state.posts.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const app = renderApp("/chat/new?character=kaelen-nightthorn", aUser());
    expect(await screen.findByText(CONVERSATION_STARTERS[0]!.title)).toBeTruthy();
    await app.user.type(input(), "Hello there{Enter}");
    await waitFor(() => expect(app.path()).toBe("/chat/chat-1"));
    expect(created).toEqual([{ characterId: "kaelen-nightthorn", title: null }]);
    expect(app.location.history).toEqual(["/chat/chat-1"]);
    expect(state.posts).toEqual([]);
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    expect(input().value).toBe("Hello there");
  });

  it("streams the reply in as it is generated, then refreshes the messages and clears the input", async () => {
    const state = chatWith([]);
    const stream = controlledStream();
    const sent: unknown[] = [];
    server.use(
      http.post("*/api/chats/chat-1/messages", async ({ request }) => {
        sent.push({ body: await request.json(), accept: request.headers.get("accept") });
        return stream.response();
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("No messages yet");
    await app.user.type(input(), "  Tell me a secret  {Enter}");
    expect(await screen.findByText("Tell me a secret", { selector: ".bubble" })).toBeTruthy();
    stream.send("chunk", { text: "The moon " });
    expect(await screen.findByText("The moon")).toBeTruthy();
    stream.send("chunk", { text: "keeps my secrets." });
    expect(await screen.findByText("The moon keeps my secrets.")).toBeTruthy();
    expect(sendButton).toThrow();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();
    state.messages = [
      aMessage({ id: "u1", content: "Tell me a secret" }),
      aMessage({ id: "r1", role: "character", content: "The moon keeps my secrets." }),
    ];
    stream.send("done", { userMessage: state.messages[0], reply: state.messages[1], freeMessagesUsed: 2 });
    stream.close();
    await waitFor(() => expect(input().value).toBe(""));
    expect(sent).toEqual([{ body: { content: "Tell me a secret" }, accept: "text/event-stream" }]);
    await waitFor(() => expect(screen.getAllByText("The moon keeps my secrets.")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("opens the paywall on 402 with focus inside; Escape and 'Maybe Later' close it and 'Upgrade to Premium' goes to /subscribe", async () => {
    chatWith([]);
    server.use(
      http.post("*/api/chats/chat-1/messages", () =>
        apiError(402, "Subscription required", "quota_exhausted"),
      ),
    );
    const app = renderApp("/chat/chat-1", aUser({ freeMessagesUsed: 3 }));
    expect(await screen.findByText("0 left")).toBeTruthy();
    await app.user.type(input(), "One more?{Enter}");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/used today's free messages/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("link", { name: "Upgrade to Premium" }));
    await app.user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await app.user.type(input(), "{Enter}");
    await app.user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Maybe Later" }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(input().value).toBe("One more?");
    await app.user.type(input(), "{Enter}");
    await app.user.click(
      within(await screen.findByRole("dialog")).getByRole("link", { name: "Upgrade to Premium" }),
    );
    // /subscribe knows the chat to come back to, and the typed message waits there for the user.
    expect(app.path()).toBe("/subscribe?return=%2Fchat%2Fchat-1");
    expect(window.sessionStorage.getItem("realmheart:draft:chat-1")).toBe("One more?");
  });

  it("shows the content policy message when the server refuses the text", async () => {
    chatWith([]);
    server.use(
      http.post("*/api/chats/chat-1/messages", () =>
        apiError(400, "Message violates content guidelines", "content_policy"),
      ),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await app.user.type(await screen.findByPlaceholderText("Type your message..."), "bad words{Enter}");
    await findToast("Error", "Message violates content guidelines");
  });

  it("says 'Failed to send message' for any other failure, including an error event in the stream", async () => {
    chatWith([]);
    server.use(
      http.post("*/api/chats/chat-1/messages", () => apiError(429, "Too many messages", "rate_limited")),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await app.user.type(await screen.findByPlaceholderText("Type your message..."), "hi{Enter}");
    await findToast("Error", "Failed to send message");

    server.use(
      http.post("*/api/chats/chat-1/messages", () =>
        eventStream([
          { event: "error", data: { message: "The character could not answer.", code: "reply_failed" } },
        ]),
      ),
    );
    await app.user.click(sendButton());
    await findToast("Error", "Failed to send message");
  });

  it("on a 401 when sending, says the user is logged out and goes to /api/login after 500 ms", async () => {
    const go = vi.spyOn(pageNavigation, "assign").mockImplementation(() => {});
    chatWith([]);
    server.use(http.post("*/api/chats/chat-1/messages", () => apiError(401, "Unauthorized")));
    const app = renderApp("/chat/chat-1", aUser());
    await app.user.type(await screen.findByPlaceholderText("Type your message..."), "hi{Enter}");
    await findToast("Unauthorized", "You are logged out. Logging in again...");
    const shownAt = Date.now();
    expect(go).not.toHaveBeenCalled();
    await waitFor(() => expect(go).toHaveBeenCalledWith("/api/login"));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(400);
  });

  it("on a 401 when creating the chat, also goes to /api/login", async () => {
    const go = vi.spyOn(pageNavigation, "assign").mockImplementation(() => {});
    server.use(http.post("*/api/chats", () => apiError(401, "Unauthorized")));
    const app = renderApp("/chat/new?character=riven-ashe", aUser());
    await app.user.type(await screen.findByPlaceholderText("Type your message..."), "hi{Enter}");
    await findToast("Unauthorized", "You are logged out. Logging in again...");
    await waitFor(() => expect(go).toHaveBeenCalledWith("/api/login"));
  });

  it("says 'Failed to create chat' when the chat cannot be created", async () => {
    server.use(http.post("*/api/chats", () => apiError(500, "Internal server error")));
    const app = renderApp("/chat/new?character=riven-ashe", aUser());
    await app.user.type(await screen.findByPlaceholderText("Type your message..."), "hi{Enter}");
    await findToast("Error", "Failed to create chat");
    expect(app.path()).toBe("/chat/new?character=riven-ashe");
  });
});

describe("chat message actions", () => {
  const conversation = () => [
    aMessage({ id: "u1", content: "Tell me a secret" }),
    aMessage({
      id: "r1",
      role: "character",
      content: "The moon keeps them.",
      versionIndex: 0,
      versionCount: 1,
    }),
  ];

  it("regenerates the latest reply as a stream and then shows the swipe counter", async () => {
    const state = chatWith(conversation());
    const stream = controlledStream();
    let accept: string | null = null;
    server.use(
      http.post("*/api/chats/chat-1/messages/r1/regenerate", ({ request }) => {
        accept = request.headers.get("accept");
        return stream.response();
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("The moon keeps them.");
    expect(screen.getAllByRole("button", { name: "Regenerate reply" })).toHaveLength(1);
    await app.user.click(screen.getByRole("button", { name: "Regenerate reply" }));
    stream.send("chunk", { text: "Another tale entirely." });
    expect(await screen.findByText("Another tale entirely.")).toBeTruthy();
    expect(screen.queryByText("The moon keeps them.")).toBeNull();
    state.messages = [
      conversation()[0]!,
      aMessage({
        id: "r1",
        role: "character",
        content: "Another tale entirely.",
        versionIndex: 1,
        versionCount: 2,
      }),
    ];
    stream.send("done", { reply: state.messages[1] });
    stream.close();
    expect(await screen.findByText("2/2")).toBeTruthy();
    expect(accept).toBe("text/event-stream");
  });

  it("opens the paywall when a regeneration is refused for an exhausted allowance", async () => {
    chatWith(conversation());
    server.use(
      http.post("*/api/chats/chat-1/messages/r1/regenerate", () =>
        apiError(402, "You have used today's free messages", "quota_exhausted"),
      ),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("The moon keeps them.");
    await app.user.click(screen.getByRole("button", { name: "Regenerate reply" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/used today's free messages/)).toBeTruthy();
    expect(screen.getByText("The moon keeps them.")).toBeTruthy();
  });

  it("switches between versions of the reply with the swipe buttons", async () => {
    const state = chatWith([
      conversation()[0]!,
      aMessage({ id: "r1", role: "character", content: "Second take.", versionIndex: 1, versionCount: 2 }),
    ]);
    const bodies: unknown[] = [];
    server.use(
      http.put("*/api/chats/chat-1/messages/r1/version", async ({ request }) => {
        bodies.push(await request.json());
        state.messages = [
          conversation()[0]!,
          aMessage({ id: "r1", role: "character", content: "First take.", versionIndex: 0, versionCount: 2 }),
        ];
        return HttpResponse.json({ message: state.messages[1] });
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("Second take.");
    expect((screen.getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(screen.getByRole("button", { name: "Previous version" }));
    expect(await screen.findByText("First take.")).toBeTruthy();
    expect(screen.getByText("1/2")).toBeTruthy();
    expect(bodies).toEqual([{ index: 0 }]);
  });

  it("edits the user's own message", async () => {
    const state = chatWith(conversation());
    const bodies: unknown[] = [];
    server.use(
      http.patch("*/api/chats/chat-1/messages/u1", async ({ request }) => {
        bodies.push(await request.json());
        state.messages = [
          aMessage({ id: "u1", content: "Tell me two secrets", editedAt: "2026-11-21T10:00:00.000Z" }),
          conversation()[1]!,
        ];
        return HttpResponse.json({ message: state.messages[0] });
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("Tell me a secret");
    expect(screen.getAllByRole("button", { name: "Edit message" })).toHaveLength(1);
    await app.user.click(screen.getByRole("button", { name: "Edit message" }));
    const box = screen.getByLabelText("Edit message") as HTMLTextAreaElement;
    await app.user.clear(box);
    await app.user.type(box, "Tell me two secrets");
    await app.user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Tell me two secrets")).toBeTruthy();
    expect(screen.getByText("(edited)")).toBeTruthy();
    expect(bodies).toEqual([{ content: "Tell me two secrets" }]);
  });

  it("deletes a user message and its reply after confirmation", async () => {
    const state = chatWith(conversation());
    let deleted = 0;
    server.use(
      http.delete("*/api/chats/chat-1/messages/u1", () => {
        deleted += 1;
        state.messages = [];
        return HttpResponse.json({ deletedIds: ["u1", "r1"] });
      }),
    );
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("Tell me a secret");
    await app.user.click(screen.getByRole("button", { name: "Delete message" }));
    await app.user.click(screen.getByRole("button", { name: "Keep" }));
    expect(deleted).toBe(0);
    await app.user.click(screen.getByRole("button", { name: "Delete message" }));
    await app.user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    expect(deleted).toBe(1);
  });

  it("says what failed when an edit is refused", async () => {
    chatWith(conversation());
    server.use(http.patch("*/api/chats/chat-1/messages/u1", () => apiError(403, "Forbidden")));
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("Tell me a secret");
    await app.user.click(screen.getByRole("button", { name: "Edit message" }));
    await app.user.type(screen.getByLabelText("Edit message"), "!");
    await app.user.click(screen.getByRole("button", { name: "Save" }));
    await findToast("Error", "Failed to edit message");
  });

  it("stops a streaming reply and reads the messages again (the server keeps the partial text)", async () => {
    const state = chatWith([]);
    const stream = controlledStream();
    server.use(http.post("*/api/chats/chat-1/messages", () => stream.response()));
    const app = renderApp("/chat/chat-1", aUser());
    await screen.findByText("No messages yet");
    await app.user.type(input(), "Tell me everything{Enter}");
    stream.send("chunk", { text: "Once upon" });
    expect(await screen.findByText("Once upon")).toBeTruthy();
    const readsBefore = state.messageReads;
    state.messages = [
      aMessage({ id: "u1", content: "Tell me everything" }),
      aMessage({ id: "r1", role: "character", content: "Once upon" }),
    ];
    await app.user.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(state.messageReads).toBeGreaterThan(readsBefore));
    expect(await screen.findByRole("button", { name: "Send" })).toBeTruthy();
    expect(screen.getAllByText("Once upon")).toHaveLength(1);
    expect(screen.queryByRole("status", { name: /Error/ })).toBeNull();
  });
});
