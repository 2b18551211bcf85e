// A send's reply to a model server begins before its claim returns when this instance kept the chat's context
// (issue #19): the model thinks while the database works. It must be the reply a read would give, cut off when
// the claim reads something else or refuses the send, and never begun for someone else's chat.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, rateLimits } from "../src/db/schema.js";
import { until, type FakeLlm } from "./support/fake-llm.js";
import { useLlmTestApp } from "./support/llm-test-app.js";
import { DATABASES, createChat, setSubscription, verifiedUser, type TestApp } from "./support/test-app.js";

/** Answers that take a while, so that a request cut off is cut off before it ends. */
const slowAnswers = (llm: FakeLlm, count: number) =>
  llm.answers.push(
    ...Array.from({ length: count }, () => ({ chunks: ["Slow ", "and ", "sure."], delayMs: 15 })),
  );

describe.each(DATABASES)("a reply begun before the claim returns on %s", (kind) => {
  const setup = useLlmTestApp(kind, { SEND_LIMIT_PER_MINUTE: "4" });
  let llm: FakeLlm;
  let server: TestApp;
  beforeAll(() => {
    ({ llm, server } = setup);
  });

  /** A premium user's chat with `count` earlier messages, and one send made so that its context is kept. */
  const keptChat = async (count = 0) => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    if (count > 0) {
      const start = server.clock.now().getTime() - 3_600_000;
      await server.database.db.insert(messages).values(
        Array.from({ length: count }, (_, i) => ({
          chatId,
          role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
          content: `Earlier turn ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    }
    expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Warm up" })).status).toBe(200);
    llm.requests.length = 0;
    llm.closedEarly = 0;
    return { client, user, chatId };
  };

  /**
   * Sends `content` while the claim's table is held (the claim counts a hit on the send limit), until the model is
   * asked: so the early request has surely left before the claim reads the chat. Gives the answer, and whether it
   * came before the model was asked.
   */
  const sendWhileClaimWaits = async (
    client: Awaited<ReturnType<typeof keptChat>>["client"],
    chatId: string,
    content: string,
  ) => {
    const asked = llm.completions.length;
    let answered = false;
    const { send } = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${rateLimits} in exclusive mode`);
      const pending = client.post(`/api/chats/${chatId}/messages`, { content });
      void pending.then(() => (answered = true));
      await until(() => llm.completions.length === asked + 1);
      // Wrapped: a promise returned as such would be awaited before the transaction ends.
      return { send: { pending, answeredFirst: answered } };
    });
    return { answer: await send.pending, answeredFirst: send.answeredFirst };
  };

  it("asks the model while the send's claim waits for the database, and answers from that request", async () => {
    const { client, chatId } = await keptChat();
    llm.answers.push({ chunks: ["Answered ", "early."] });
    const { answer, answeredFirst } = await sendWhileClaimWaits(client, chatId, "Are you there?");
    expect(answeredFirst).toBe(false);
    expect(answer.status).toBe(200);
    expect(answer.body.reply.content).toBe("Answered early.");
    expect(llm.completions).toHaveLength(1);
    expect(llm.completions[0]?.body.messages.at(-1)).toEqual({ role: "user", content: "Are you there?" });
    expect(llm.closedEarly).toBe(0);
  });

  it("keeps the early request when a premium chat's memory moves send after send", async () => {
    const { client, chatId } = await keptChat(45);
    // The window (40) is full: each send folds the message leaving it into the memory stored with the reply.
    for (const content of ["One", "Two", "Three"]) {
      expect((await sendWhileClaimWaits(client, chatId, content)).answer.status).toBe(200);
    }
    expect(llm.completions).toHaveLength(3);
    expect(llm.closedEarly).toBe(0);
  });

  it("cuts the early request off when the chat changed elsewhere, and asks again from what the claim read", async () => {
    const { client, chatId } = await keptChat();
    await server.database.db
      .insert(messages)
      .values({ chatId, role: "user", content: "Written elsewhere", createdAt: server.clock.now() });
    slowAnswers(llm, 2);
    const { answer } = await sendWhileClaimWaits(client, chatId, "Did you see that?");
    expect(answer.status).toBe(200);
    expect(llm.completions).toHaveLength(2);
    await until(() => llm.closedEarly === 1);
    const [early, asked] = llm.completions.map((c) =>
      c.body.messages.map((m: { content: string }) => m.content),
    );
    expect(early).not.toContain("Written elsewhere");
    expect(asked).toContain("Written elsewhere");
  });

  it("cuts off a refused send's early request, and the chat's next send waits for its claim", async () => {
    // The send limit is 4 a minute: the warm-up and three more are accepted, the fifth is refused.
    const { client, chatId } = await keptChat();
    for (const content of ["Two", "Three", "Four"]) {
      expect((await client.post(`/api/chats/${chatId}/messages`, { content })).status).toBe(200);
    }
    expect(llm.completions).toHaveLength(3);
    slowAnswers(llm, 2);
    expect((await sendWhileClaimWaits(client, chatId, "Five")).answer.status).toBe(429);
    expect(llm.completions).toHaveLength(4);
    await until(() => llm.closedEarly === 1);
    expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Six" })).status).toBe(429);
    expect(llm.completions).toHaveLength(4);
  });

  it("never asks the model for someone else's chat", async () => {
    const { chatId } = await keptChat();
    const stranger = await verifiedUser(server);
    await setSubscription(server, stranger.user.id, { subscriptionStatus: "active" });
    // Signed in and known to the server (its session is cached), as the owner is.
    expect((await stranger.client.get("/api/auth/user")).status).toBe(200);
    // The claim is held, as when an early request would leave: none does, however long it waits.
    const { send } = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${rateLimits} in exclusive mode`);
      const pending = stranger.client.post(`/api/chats/${chatId}/messages`, { content: "Let me in" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(llm.completions).toHaveLength(0);
      return { send: pending };
    });
    expect((await send).status).toBe(404);
    expect(llm.completions).toHaveLength(0);
  });
});
