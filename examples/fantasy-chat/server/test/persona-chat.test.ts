import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_VOICE, VOICES } from "../src/replies/persona-voices.js";
import {
  DATABASES,
  createChat,
  setSubscription,
  startTestApp,
  verifiedUser,
  type Client,
  type TestApp,
} from "./support/test-app.js";

const TEN_TURNS = [
  "Hello there",
  "My sister is called Mira.",
  "Where are we flying today?",
  "The wind is cold up here",
  "Tell me about your dragon",
  "Do you ever get tired of the sky?",
  "I like the way you laugh",
  "What lies beyond the peaks?",
  "Should we land soon?",
  "Let's rest by the fire",
];

/** A premium user (so the free allowance does not end the chat) with Lyra's profile, in a new chat. */
async function lyra(
  server: TestApp,
  characterId = "aeron-stormwing",
): Promise<{ client: Client; chatId: string }> {
  const { client, user } = await verifiedUser(server);
  await setSubscription(server, user.id, { subscriptionStatus: "active" });
  const profile = await client.put("/api/profile", {
    preferredName: "Lyra",
    favoriteArchetype: "dragon_rider",
    backstory:
      "I was raised by the river witches of Emberfall, and I left them to find my own kind of magic.",
    personalityTraits: ["brave"],
  });
  expect(profile.status).toBe(200);
  return { client, chatId: await createChat(client, characterId) };
}

async function chat(client: Client, chatId: string, messages: readonly string[]): Promise<string[]> {
  const replies: string[] = [];
  for (const content of messages) {
    const answer = await client.post(`/api/chats/${chatId}/messages`, { content });
    expect(answer.status, answer.text).toBe(200);
    replies.push(answer.body.reply.content);
  }
  return replies;
}

describe.each(DATABASES)("the persona engine through the API on %s", (kind) => {
  let server: TestApp;
  let twin: TestApp;
  beforeAll(async () => {
    [server, twin] = await Promise.all([
      startTestApp(kind, { env: { PERSONA_SEED: "11" } }),
      startTestApp(kind, { env: { PERSONA_SEED: "11" } }),
    ]);
  });
  afterAll(() => Promise.all([server.close(), twin.close()]));

  it("names Lyra in at most a third of the replies and at least once in any four, brings back what she said at turn 2 by turn 10 in other words, and uses her trait", async () => {
    const { client, chatId } = await lyra(server);
    const replies = await chat(client, chatId, TEN_TURNS);
    for (let i = 0; i + 3 < replies.length; i++)
      expect(replies.slice(i, i + 4).some((reply) => reply.includes("Lyra"))).toBe(true);
    expect(replies.filter((reply) => reply.includes("Lyra")).length).toBeLessThanOrEqual(10 / 3);
    expect(replies.slice(2).some((reply) => /\bMira\b/.test(reply) && /\bsister\b/.test(reply))).toBe(true);
    expect(replies.some((reply) => reply.includes("your sister is called Mira"))).toBe(false);
    expect(replies.some((reply) => reply.includes("brave"))).toBe(true);
  });

  it("never gives the same reply twice in 20 turns, even to the same words", async () => {
    const { client, chatId } = await lyra(server, "rowan-blackwood");
    const replies = await chat(
      client,
      chatId,
      Array.from({ length: 20 }, () => "Hello"),
    );
    expect(new Set(replies).size).toBe(20);
  });

  it("says back a fact told in ordinary words to a free user within the recent window, and what was never told", async () => {
    const { client } = await verifiedUser(server, { firstName: "Mara" });
    const chatId = await createChat(client, "aeron-stormwing");
    const replies = await chat(client, chatId, [
      "Hey there. I work as a blacksmith in Harrowgate, and my dog Biscuit follows me everywhere.",
      "What's my dog called?",
      "What's my sister called?",
    ]);
    expect(replies[1]).toMatch(/Biscuit\b.*\bdog\b|\bdog\b.*\bBiscuit\b/);
    const neverTold = [...VOICES.dragon_rider.unknown, ...SHARED_VOICE.unknown];
    expect(
      neverTold.some((line) => replies[2]!.includes(line)),
      replies[2],
    ).toBe(true);
  });

  it("answers from the character's card when asked about it, and names the facts asked for in a premium chat", async () => {
    const { client, chatId } = await lyra(server, "kaelen-nightthorn");
    const replies = await chat(client, chatId, [
      "Good evening! I'm a cartographer from the southern coast, and honestly I hate the cold.",
      "Tell me about your bargains. What do you trade in?",
      "What do I do for a living?",
    ]);
    expect(replies[1]).toContain("I trade in secrets and keep every promise to the letter.");
    expect(replies[2]).toContain("cartographer");
  });

  it("gives the same replies on another server with the same seed", async () => {
    const first = await lyra(server, "thane-ironheart");
    const second = await lyra(twin, "thane-ironheart");
    const turns = TEN_TURNS.slice(0, 6);
    expect(await chat(second.client, second.chatId, turns)).toEqual(
      await chat(first.client, first.chatId, turns),
    );
  });
});
