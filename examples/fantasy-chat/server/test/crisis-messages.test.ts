// Issue #40: a message that tells of a crisis gets the crisis reply, costs nothing, never titles the chat, and is
// never said back, remembered or put in a prompt; later replies stay gentle for a few turns. Through the HTTP API.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMemories, chats, dataSweeps, messages } from "../src/db/schema.js";
import { GENTLE } from "../src/replies/voices/gentle.js";
import { crisisReply } from "../src/safety/crisis-reply.js";
import { CRISIS_SWEEP, sweepCrisisData } from "../src/safety/crisis-sweep.js";
import {
  DATABASES,
  createChat,
  setSubscription,
  startTestApp,
  verifiedUser,
  type Client,
  type TestApp,
} from "./support/test-app.js";
import { CRISES, LATER, holdsAny } from "./support/crisis-samples.js";
import { useLlmTestApp } from "./support/llm-test-app.js";

async function send(client: Client, chatId: string, content: string) {
  const answer = await client.post(`/api/chats/${chatId}/messages`, { content });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { reply: { content: string }; freeMessagesUsed: number };
}

describe.each(DATABASES)("crisis messages through the API on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { env: { PERSONA_SEED: "5" } });
  });
  afterAll(() => server.close());

  it.each(CRISES)(
    "answers a $family message ($language) with the crisis reply, for free, untitled, and never says it back",
    async ({ language, text, words }) => {
      const { client, user } = await verifiedUser(server);
      const chatId = await createChat(client, "aeron-stormwing");
      const crisis = await send(client, chatId, text);
      expect(crisis.reply.content).toBe(crisisReply(language));
      expect(crisis.freeMessagesUsed).toBe(0);
      expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
      expect((await client.get(`/api/chats/${chatId}`)).body.title).toBeNull();
      expect(
        (await client.get("/api/chats")).body.find((c: { id: string }) => c.id === chatId).title,
      ).toBeNull();

      // Premium, so that ten more messages go through (the long-term memory too once the window moves).
      await setSubscription(server, user.id, { subscriptionStatus: "active" });
      for (const content of LATER) {
        const { reply } = await send(client, chatId, content);
        expect(holdsAny(reply.content, words), `${content} → ${reply.content}`).toBeNull();
        expect(reply.content).not.toContain(text);
      }
      // The chat is titled by the first message that was not a crisis.
      expect((await client.get(`/api/chats/${chatId}`)).body.title).toBe("Hello again");
    },
  );

  it("keeps the crisis reply free of every paywall: a premium-only character, an expired trial, a spent allowance", async () => {
    const { client, user } = await verifiedUser(server);
    const chatId = await createChat(client, "nyx-varanis");
    await setSubscription(server, user.id, { trialEndDate: new Date(server.clock.now().getTime() - 1000) });
    const crisis = await send(client, chatId, "i can't go on, i want to die");
    expect(crisis.reply.content).toBe(crisisReply("en"));
    expect(crisis.freeMessagesUsed).toBe(0);
  });

  it("stays gentle for the next replies: no flirting opener, only the gentle lines, nothing said back", async () => {
    const { client, user } = await verifiedUser(server, { firstName: "Wren" });
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client, "kaelen-nightthorn");
    await send(client, chatId, "I want to kill myself.");
    const gentle = new Set<string>([
      ...GENTLE.openers.map((line) => line.replace("{name}", "Wren")),
      ...GENTLE.lines,
      ...GENTLE.closers,
    ]);
    for (const content of ["You're gorgeous, kiss me", "hold me closer, my love"]) {
      const { reply } = await send(client, chatId, content);
      for (const sentence of reply.content.split(/(?<=[.!?])\s+/))
        expect(gentle, sentence).toContain(sentence);
    }
    // Three turns on, role-play comes back.
    await send(client, chatId, "thank you");
    const { reply } = await send(client, chatId, "You're gorgeous, kiss me");
    expect(GENTLE.lines.some((line) => reply.content.includes(line))).toBe(false);
  });

  it("answers a regeneration of the crisis reply with the crisis reply again, for free", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    await send(client, chatId, "me quiero morir");
    const page = (await client.get(`/api/chats/${chatId}/messages`)).body as Array<{
      id: string;
      role: string;
    }>;
    const reply = page.find((m) => m.role === "character")!;
    const again = await client.post(`/api/chats/${chatId}/messages/${reply.id}/regenerate`);
    expect(again.status, again.text).toBe(200);
    expect(again.body.reply.content).toBe(crisisReply("es"));
    expect((await client.get("/api/auth/user")).body.freeMessagesUsed).toBe(0);
  });

  it("marks a message edited into a crisis, so that it is never said back or remembered", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client, "aeron-stormwing");
    await send(client, chatId, "My sister is called Mira.");
    const page = (await client.get(`/api/chats/${chatId}/messages`)).body as Array<{
      id: string;
      role: string;
    }>;
    const mine = page.find((m) => m.role === "user")!;
    const edited = await client.request("PATCH", `/api/chats/${chatId}/messages/${mine.id}`, {
      body: { content: "I want to end my life" },
    });
    expect(edited.status, edited.text).toBe(200);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, mine.id));
    expect(row?.crisis).toBe(true);
    const { reply } = await send(client, chatId, "what do you remember about me?");
    expect(holdsAny(reply.content, ["end your life", "end my life"])).toBeNull();
  });

  it.each([
    ["a profile's backstory", "PUT", "/api/profile"],
    ["a chat's title", "POST", "/api/chats"],
  ] as const)(
    "refuses %s that tells of a crisis with the crisis lines, storing nothing",
    async (_name, method, path) => {
      const { client } = await verifiedUser(server);
      const crisisText = "I have been wanting to kill myself for months and nobody knows about it at all.";
      const body =
        path === "/api/profile"
          ? {
              preferredName: "Wren",
              favoriteArchetype: null,
              backstory: crisisText,
              personalityTraits: ["brave"],
            }
          : { characterId: "aeron-stormwing", title: crisisText };
      const answer = await client.request(method, path, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("crisis_support");
      expect(answer.body.message).toContain("0800 567 567");
      if (path === "/api/profile")
        expect((await client.get("/api/profile")).body.backstory).not.toBe(crisisText);
      else expect((await client.get("/api/chats")).body).toEqual([]);
    },
  );
});

describe.each(DATABASES)("the crisis sweep of data stored before the assessment, on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("marks old crisis messages and their replies, untitles their chats, and removes the facts taken from them", async () => {
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client, "aeron-stormwing");
    const { db } = server.database;
    const at = server.clock.now();
    // As an older server stored it: unmarked, titled by it, and its wish remembered as a fact.
    const [said] = await db
      .insert(messages)
      .values({ chatId, role: "user", content: "I want to kill myself.", createdAt: at })
      .returning();
    const [answered] = await db
      .insert(messages)
      .values({ chatId, role: "character", content: "I remember you want to kill yourself.", createdAt: at })
      .returning();
    await db.update(chats).set({ title: "I want to kill myself." }).where(eq(chats.id, chatId));
    const other = await createChat(client, "kaelen-nightthorn");
    await db.insert(chatMemories).values({
      chatId: other,
      facts: ["you want to kill yourself", "your sister Ilse keeps bees"],
      topics: ["I want to kill myself.", "The harbour at dawn"],
      coveredSeq: 0,
      updatedAt: at,
    });
    await db
      .insert(chatMemories)
      .values({ chatId, facts: ["you want to kill yourself"], topics: [], coveredSeq: 0, updatedAt: at });
    await db.update(dataSweeps).set({ version: 0 });

    const report = await sweepCrisisData(db, server.clock.now());
    expect(report).toMatchObject({ messages: 1, replies: 1, titles: 1 });
    const marked = await db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId)));
    expect(marked.find((m) => m.id === said!.id)?.crisis).toBe(true);
    expect(marked.find((m) => m.id === answered!.id)?.crisis).toBe(true);
    expect((await client.get(`/api/chats/${chatId}`)).body.title).toBeNull();
    expect(await db.select().from(chatMemories).where(eq(chatMemories.chatId, chatId))).toEqual([]);
    const [kept] = await db.select().from(chatMemories).where(eq(chatMemories.chatId, other));
    expect(kept?.facts).toEqual(["your sister Ilse keeps bees"]);
    expect(kept?.topics).toEqual(["The harbour at dawn"]);

    // Done once per version: a second start finds it done.
    expect(await sweepCrisisData(db, server.clock.now())).toBeNull();
    const { reply } = await send(client, chatId, "what do you remember about me?");
    expect(holdsAny(reply.content, ["kill yourself", "kill myself"])).toBeNull();
    expect(CRISIS_SWEEP.version).toBeGreaterThanOrEqual(1);
  });
});

describe.each(DATABASES)("crisis messages with an OpenAI-compatible model server on %s", (kind) => {
  const setup = useLlmTestApp(kind);

  /** The completion requests' messages since the last call, as one text. */
  const promptsSince = (from: number) =>
    setup.llm.completions
      .slice(from)
      .map((request) => JSON.stringify(request.body.messages))
      .join("\n");

  it.each(CRISES)(
    "never puts a $family message ($language) or its reply in a prompt, and asks the model to be gentle next",
    async ({ language, text, words }) => {
      const { llm, server } = setup;
      const { client, user } = await verifiedUser(server);
      await setSubscription(server, user.id, { subscriptionStatus: "active" });
      const chatId = await createChat(client, "aeron-stormwing");
      const before = llm.completions.length;
      const crisis = await send(client, chatId, text);
      expect(crisis.reply.content).toBe(crisisReply(language));
      expect(llm.completions.length).toBe(before);

      for (const content of LATER) await send(client, chatId, content);
      const prompts = llm.completions.slice(before).map((request) => JSON.stringify(request.body.messages));
      expect(prompts).toHaveLength(LATER.length);
      const all = promptsSince(before);
      expect(all).not.toContain(text);
      expect(all).not.toContain(crisisReply(language).slice(0, 40));
      expect(holdsAny(all, words)).toBeNull();
      // Gentle for three turns (the crisis message and its reply are the chat's last messages), then not.
      expect(prompts[0]).toContain("Be gentle, calm and caring");
      expect(prompts[2]).toContain("Be gentle, calm and caring");
      expect(prompts[3]).not.toContain("Be gentle, calm and caring");
    },
  );

  it("leaves a crisis message out of a premium chat's long-term memory once the window has moved past it", async () => {
    const { llm, server } = setup;
    const { client, user } = await verifiedUser(server);
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client);
    await send(client, chatId, "My sister is called Mira. I want to kill myself.");
    const start = server.clock.now().getTime() + 1000;
    await server.database.db.insert(messages).values(
      Array.from({ length: 48 }, (_, i) => ({
        chatId,
        role: (i % 2 === 0 ? "user" : "character") as "user" | "character",
        content: i === 0 ? "I grew up in Westmarch." : `Turn ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const before = llm.completions.length;
    await send(client, chatId, "Do you remember me?");
    const prompt = promptsSince(before);
    expect(prompt).toContain("you grew up in Westmarch");
    expect(prompt).not.toContain("Mira");
    expect(holdsAny(prompt, ["kill yourself", "kill myself"])).toBeNull();
  });
});
