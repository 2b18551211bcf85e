import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type { User } from "../../src/api/types";
import { CHARACTERS, PROFILE, aBilling } from "./fixtures";

let currentUser: User | null = null;

/**
 * The API as msw answers it by default: the current user (see {@link signedIn}), the shared fixtures. Tests add
 * their own handlers with `server.use`, which take precedence.
 */
export const server = setupServer(
  http.get("*/api/auth/user", () =>
    currentUser
      ? HttpResponse.json(currentUser)
      : HttpResponse.json({ message: "Unauthorized" }, { status: 401 }),
  ),
  http.get("*/api/characters", () => HttpResponse.json(CHARACTERS)),
  http.get("*/api/characters/:id", ({ params }) => {
    const found = CHARACTERS.find((c) => c.id === params.id);
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: "Not found" }, { status: 404 });
  }),
  http.get("*/api/chats", () => HttpResponse.json([])),
  http.get("*/api/profile", () => HttpResponse.json(PROFILE)),
  http.get("*/api/admin/billing", () => HttpResponse.json(aBilling())),
  http.get("*/api/auth/sessions", () =>
    HttpResponse.json([
      {
        id: "current-session-1",
        createdAt: "2026-11-20T10:00:00.000Z",
        expiresAt: "2026-12-20T10:00:00.000Z",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
        current: true,
      },
    ]),
  ),
  http.get("*/api/config", () =>
    HttpResponse.json({ sdkApiKey: "test_key", billingBaseUrl: "/billing", paymentProvider: "sandbox" }),
  ),
);

/** Makes `user` the one `GET /api/auth/user` answers (null: 401, signed out). */
export function signedIn(user: User | null): void {
  currentUser = user;
}

/** A `text/event-stream` response made of the given events. */
export function eventStream(events: { event: string; data: unknown }[]): Response {
  const body = events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join("");
  return new HttpResponse(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
}

/** A JSON error answer as the server sends them. */
export const apiError = (status: number, message: string, code?: string) =>
  HttpResponse.json(code ? { message, code } : { message }, { status });

/** An event stream the test writes to as it goes: `send` an event, `close` to end it. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () =>
      new HttpResponse(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      try {
        controller.close();
      } catch {
        // already closed by the client's abort
      }
    },
  };
}
