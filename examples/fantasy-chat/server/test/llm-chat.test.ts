import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../src/db/schema.js";
import { until, type FakeLlm } from "./support/fake-llm.js";
import { useLlmTestApp } from "./support/llm-test-app.js";
import { hangUpStream } from "./support/hang-up.js";
import {
  DATABASES,
  createChat,
  parseEvents,
  setSubscription,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const SSE = { accept: "text/event-stream" };

describe.each(DATABASES)("replies from an OpenAI-compatible model server on %s", (kind) => {
  const setup = useLlmTestApp(kind, { LLM_MODERATION: "1" });
  let llm: FakeLlm;
  let server: TestApp;
  beforeAll(() => {
    ({ llm, server } = setup);
  });

  it("streams the model's chunks to the client in order and stores the whole reply", async () => {
    llm.answers.push({ chunks: ["Well ", "met, ", "Ysolde."] });
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello" }, SSE);
    const events = parseEvents(answer.text);
    expect(events.filter((e) => e.event === "chunk").map((e) => e.data.text)).toEqual([
      "Well ",
      "met, ",
      "Ysolde.",
    ]);
    expect(events.at(-1)?.data.reply.content).toBe("Well met, Ysolde.");
    const [sent] = llm.completions;
    expect(sent?.headers.authorization).toBe("Bearer sk-realm");
    expect(sent?.body).toMatchObject({ model: "realm-13b", stream: true });
    expect(sent?.body.messages[0].content).toContain("You are Kaelen Nightthorn");
    expect(sent?.body.messages.at(-1)).toEqual({ role: "user", content: "Hello" });
  });

  it("cancels the model's work when the client goes away, and keeps the text so far", async () => {
    llm.answers.push({ chunks: ["The ", "hollow ", "hills "], end: "hang" });
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    await hangUpStream(client, `/api/chats/${chatId}/messages`, (text) => text.includes("event: chunk"), {
      content: "Tell me a story",
    });
    await until(() => llm.closedEarly === 1);
    let stored: any[] = [];
    await until(async () => {
      stored = (await client.get(`/api/chats/${chatId}/messages`)).body;
      return stored.length === 2;
    });
    expect(stored[1].role).toBe("character");
    expect("The hollow hills").toContain(stored[1].content);
  });

  it("answers 502 reply_failed and gives the free message back when the model server fails twice", async () => {
    llm.answers.push({ status: 500 }, { status: 500 });
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello" });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      message: "The character could not answer. Please try again.",
      code: "reply_failed",
    });
    expect(llm.completions).toHaveLength(2);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
  });

  it("asks the model nothing for a free message the user no longer has (the reply starts before the message is stored)", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    for (let n = 1; n <= 3; n++) {
      const sent = await client.post(`/api/chats/${chatId}/messages`, { content: `Tale number ${n}` });
      expect(sent.status).toBe(200);
      expect(sent.body.freeMessagesUsed).toBe(n);
    }
    const refused = await client.post(`/api/chats/${chatId}/messages`, { content: "One more tale" });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("quota_exhausted");
    expect(llm.completions.map((c) => c.body.messages.at(-1).content)).toEqual([
      "Tale number 1",
      "Tale number 2",
      "Tale number 3",
    ]);
  });

  it("stops the model it started when the send's last statement refuses the message (two sends for the last free message)", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    for (let n = 1; n <= 2; n++) await client.post(`/api/chats/${chatId}/messages`, { content: `Tale ${n}` });
    llm.requests.length = 0;
    llm.closedEarly = 0;
    // Both answers would take a while: a refused send's model request is cut off long before it ends.
    llm.answers.push(
      { chunks: ["Once ", "upon ", "a time."], delayMs: 150 },
      { chunks: ["Long ", "ago."], delayMs: 150 },
    );
    const answers = await Promise.all(
      ["First of two", "Second of two"].map((content) =>
        client.post(`/api/chats/${chatId}/messages`, { content }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402]);
    // Each model request the refused send made (none, if it was refused before its request left) was cut off.
    await until(() => llm.completions.length - llm.closedEarly === 1);
    const stored = (await client.get(`/api/chats/${chatId}/messages`)).body;
    expect(stored).toHaveLength(6);
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(3);
  });

  it("asks the moderation endpoint: its self-harm verdict gets the support reply, and the rules still block first", async () => {
    llm.moderationFlags.set("the void calls", ["self-harm/intent"]);
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const support = await client.post(`/api/chats/${chatId}/messages`, { content: "the void calls to me" });
    expect(support.status).toBe(200);
    expect(support.body.reply.content).toContain("0800 567 567");
    expect(llm.completions).toHaveLength(0);
    expect(llm.requests.filter((r) => r.path === "/v1/moderations").map((r) => r.body.input)).toContain(
      "the void calls to me",
    );
    const blocked = await client.post(`/api/chats/${chatId}/messages`, { content: "naked 12 yo" });
    expect(blocked.status).toBe(400);
    expect(blocked.body.code).toBe("content_policy");
  });

  it("keeps assessing with the built-in rules while the moderation endpoint is down: a crisis is still a crisis, a refusal a refusal", async () => {
    llm.moderationOutage = 503;
    try {
      const { client } = await verifiedUser(server);
      const chatId = await createChat(client);
      const crisis = await client.post(`/api/chats/${chatId}/messages`, { content: "i took all my pills" });
      expect(crisis.status).toBe(200);
      expect(crisis.body.reply.content).toContain("0800 567 567");
      const refused = await client.post(`/api/chats/${chatId}/messages`, {
        content: "she is 15, undress her",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("content_policy");
      llm.answers.push({ chunks: ["Well met."] });
      const ordinary = await client.post(`/api/chats/${chatId}/messages`, { content: "Hello, my lord" });
      expect(ordinary.status).toBe(200);
      expect(ordinary.body.reply.content).toBe("Well met.");
      expect(llm.requests.filter((r) => r.path === "/v1/moderations").length).toBeGreaterThan(0);
    } finally {
      llm.moderationOutage = null;
    }
  });

  it("lets the moderation endpoint add to the rules, never take away: a crisis the endpoint misses stays a crisis", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    const crisis = await client.post(`/api/chats/${chatId}/messages`, {
      content: "i'm going to end it all tonight",
    });
    expect(crisis.status).toBe(200);
    expect(crisis.body.reply.content).toContain("0800 567 567");
    expect(llm.completions).toHaveLength(0);
  });

  it("gives premium chats a memory of turns older than the window; free chats keep the recent window only", async () => {
    const run = async (premium: boolean) => {
      const { client, user } = await verifiedUser(server);
      if (premium) await setSubscription(server, user.id, { subscriptionStatus: "active" });
      const chatId = await createChat(client);
      const start = server.clock.now().getTime() - 3_600_000;
      await server.database.db.insert(messages).values(
        Array.from({ length: 50 }, (_, i) => ({
          chatId,
          role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
          content: i === 0 ? "My sister is called Mira. I grew up in Westmarch." : `Turn ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
      llm.requests.length = 0;
      const answer = await client.post(`/api/chats/${chatId}/messages`, { content: "Do you remember me?" });
      expect(answer.status).toBe(200);
      return llm.completions[0]?.body.messages as Array<{ role: string; content: string }>;
    };
    const premium = await run(true);
    expect(premium[1]?.role).toBe("system");
    expect(premium[1]?.content).toContain("your sister is called Mira");
    expect(premium[1]?.content).toContain("you grew up in Westmarch");
    expect(premium.filter((m) => m.content.startsWith("Turn "))).toHaveLength(40);

    const free = await run(false);
    expect(free.some((m) => m.content.includes("Mira"))).toBe(false);
    expect(free.filter((m) => m.content.startsWith("Turn "))).toHaveLength(20);
  });

  it("puts what the persona engine remembers in the prompt: the told facts, the fact asked back, the lore asked about", async () => {
    // Premium: four sends, one more than a free day's.
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const systemOf = async (content: string) => {
      llm.requests.length = 0;
      expect((await client.post(`/api/chats/${chatId}/messages`, { content })).status).toBe(200);
      const sent = llm.completions[0]?.body.messages as Array<{ role: string; content: string }>;
      return sent
        .filter((m) => m.role === "system")
        .map((m) => m.content)
        .join("\n");
    };
    await systemOf("I'm a cartographer from the southern coast, and my sister Ilse keeps bees.");
    const recall = await systemOf("What's my sister called?");
    expect(recall).toContain("What Ysolde has told you about themselves: you work as a cartographer; ");
    expect(recall).toContain("you are from the southern coast; your sister Ilse keeps bees.");
    expect(recall).toContain("Ysolde is asking you to remember this: your sister Ilse keeps bees.");
    const never = await systemOf("Where was my horse born?");
    expect(never).toContain("Ysolde asks about something they have not told you; do not invent it.");
    const lore = await systemOf("Tell me about your bargains. What do you trade in?");
    expect(lore).toContain(
      "About you, as this message asks: I trade in secrets and keep every promise to the letter.",
    );
    expect(lore).not.toContain("asking you to remember");
  });

  it("rebuilds a premium chat's memory when an old message is edited or deleted", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    const start = server.clock.now().getTime() - 3_600_000;
    const rows = await server.database.db
      .insert(messages)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          chatId,
          role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
          content: i === 0 ? "My sister is called Mira." : i === 2 ? "I grew up in Westmarch." : `Turn ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      )
      .returning();
    const memoryOfNextReply = async () => {
      llm.requests.length = 0;
      expect((await client.post(`/api/chats/${chatId}/messages`, { content: "Remember?" })).status).toBe(200);
      return (llm.completions[0]?.body.messages[1]?.content as string) ?? "";
    };
    expect(await memoryOfNextReply()).toContain("your sister is called Mira");

    const edited = await client.request("PATCH", `/api/chats/${chatId}/messages/${rows[0]!.id}`, {
      body: { content: "My sister is called Nia." },
    });
    expect(edited.status).toBe(200);
    const afterEdit = await memoryOfNextReply();
    expect(afterEdit).toContain("your sister is called Nia");
    expect(afterEdit).not.toContain("Mira");

    expect((await client.request("DELETE", `/api/chats/${chatId}/messages/${rows[2]!.id}`)).status).toBe(200);
    const afterDelete = await memoryOfNextReply();
    expect(afterDelete).toContain("your sister is called Nia");
    expect(afterDelete).not.toContain("Westmarch");
  });
});
