import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../src/api/api-error";
import { isApiError, needsSubscription } from "../src/api/api-error";
import { readEventStream } from "../src/api/event-stream";
import { createQueryClient } from "../src/api/query-client";
import { apiRequest, getQueryFn } from "../src/api/request";
import { server } from "./support/server";

describe("request helper", () => {
  it("sends JSON with cookies and turns a non-OK answer into 'status: body'", async () => {
    let seen: { type: string | null; body: unknown } | null = null;
    server.use(
      http.post("*/api/thing", async ({ request }) => {
        seen = { type: request.headers.get("content-type"), body: await request.json() };
        return HttpResponse.json(
          { message: "Subscription required", code: "quota_exhausted" },
          { status: 402 },
        );
      }),
    );
    const error = await apiRequest("POST", "/api/thing", { a: 1 }).catch((e: unknown) => e);
    expect(seen).toEqual({ type: "application/json", body: { a: 1 } });
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('402: {"message":"Subscription required","code":"quota_exhausted"}');
    expect(apiError.code).toBe("quota_exhausted");
    expect(needsSubscription(apiError)).toBe(true);
  });

  it("uses the status text when the body is empty", async () => {
    server.use(
      http.get(
        "*/api/empty",
        () => new HttpResponse(null, { status: 503, statusText: "Service Unavailable" }),
      ),
    );
    await expect(apiRequest("GET", "/api/empty")).rejects.toThrow("503: Service Unavailable");
  });

  it("reads the query key joined with '/', and answers null for a 401 only when asked to", async () => {
    server.use(
      http.get("*/api/chats/c1/messages", () => HttpResponse.json([{ id: "m" }])),
      http.get("*/api/auth/user", () => HttpResponse.json({ message: "Unauthorized" }, { status: 401 })),
    );
    const context = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal }) as never;
    await expect(getQueryFn({ on401: "throw" })(context(["/api/chats", "c1", "messages"]))).resolves.toEqual([
      { id: "m" },
    ]);
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/auth/user"]))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(context(["/api/auth/user"]))).rejects.toThrow(/^401: /);
  });

  it("configures queries never stale, not refetched on focus, not polled and never retried", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe("event stream reader", () => {
  it("parses events split across chunks and CRLF line ends", async () => {
    const encoder = new TextEncoder();
    const parts = [
      'event: chunk\r\ndata: {"text":"Hel',
      'lo"}\r\n\r\nevent: done\n',
      'data: {"ok":true}\n\n',
    ];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEventStream(body)) events.push(event);
    expect(events).toEqual([
      { event: "chunk", data: { text: "Hello" } },
      { event: "done", data: { ok: true } },
    ]);
  });
});
