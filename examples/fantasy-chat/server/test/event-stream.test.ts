import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPersonaEngine } from "../src/replies/persona-engine.js";
import type { ReplyEngine } from "../src/replies/reply-engine.js";
import {
  DATABASES,
  createChat,
  failingStream,
  parseEvents,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const SSE = { accept: "text/event-stream" };

/** Streams the persona reply, but fails half-way through on messages containing "[break]". */
const persona = createPersonaEngine();
const breakingEngine: ReplyEngine = {
  async *reply(request, signal) {
    let n = 0;
    for await (const chunk of persona.reply(request, signal)) {
      if (request.message.includes("[break]") && ++n > 3) throw new Error("connection to the model lost");
      yield chunk;
    }
  },
};

describe.each(DATABASES)("streamed replies on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { replyEngine: breakingEngine });
  });
  afterAll(() => server.close());

  it("streams chunk events and ends with done carrying the stored messages", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client, "aeron-stormwing");
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Take me flying" }, SSE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");

    const events = parseEvents(answer.text);
    const chunks = events.filter((e) => e.event === "chunk");
    expect(chunks.length).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    expect(done?.data).toMatchObject({
      userMessage: { role: "user", content: "Take me flying" },
      reply: { role: "character" },
      freeMessagesUsed: 1,
    });
    expect(
      chunks
        .map((c) => c.data.text)
        .join("")
        .trim(),
    ).toBe(done?.data.reply.content);
    expect((await client.get(`/api/chats/${chatId}/messages`)).body).toEqual([
      done?.data.userMessage,
      done?.data.reply,
    ]);
  });

  it("keeps HTTP statuses for refusals: checks run before the stream opens", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client, "nyx-varanis");
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello" }, SSE);
    expect(answer.status).toBe(402);
    expect(answer.headers.get("content-type")).toMatch(/application\/json/);
    expect(answer.body).toEqual({ message: "Subscription required", code: "premium_character" });
    const policy = await client.post(`/api/chats/${chatId}/messages`, { content: "naked 12 yo" }, SSE);
    expect(policy.status).toBe(400);
    expect(policy.body.code).toBe("content_policy");
  });

  it("keeps a reply cut short by an engine failure and ends the stream with done", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello [break]" }, SSE);
    const events = parseEvents(answer.text);
    expect(events.filter((e) => e.event === "chunk")).toHaveLength(3);
    const last = events.at(-1);
    expect(last?.event).toBe("done");
    const stored = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(stored.map((m: any) => m.role)).toEqual(["user", "character"]);
  });

  it("sends an error event and gives the message back when the engine fails before any text", async () => {
    const failing: ReplyEngine = { reply: () => failingStream("model unavailable") };
    const local = await startTestApp(kind, { replyEngine: failing });
    try {
      const { client } = await verifiedUser(local);
      const chatId = await createChat(client);
      const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello" }, SSE);
      expect(answer.status).toBe(200);
      expect(parseEvents(answer.text)).toEqual([
        {
          event: "error",
          data: { message: "The character could not answer. Please try again.", code: "reply_failed" },
        },
      ]);
      expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
    } finally {
      await local.close();
    }
  });
});
