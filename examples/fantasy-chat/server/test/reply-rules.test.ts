// Issue #44: the rules that decide whether a message gets a reply (content policy, crisis, age, trial, premium-only
// character, free-message charge) are written once (`chats/judge-reply.ts`). A table of cases goes through the three
// paths that produce a reply — a send, a regeneration (both through the API) and the early reply a model-backed
// engine begins before a send's claim returns — and each gives the same verdict.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CharacterSnapshot } from "../src/characters/character-snapshot.js";
import { ChatContextCache } from "../src/chats/chat-context-cache.js";
import { SendStore } from "../src/chats/send-store.js";
import { startEarlyReply } from "../src/chats/early-reply.js";
import { dailyMessageUsage, messages, users } from "../src/db/schema.js";
import type { ReplyEngine } from "../src/replies/reply-engine.js";
import { crisisReply } from "../src/safety/crisis-reply.js";
import { FREE_MESSAGES_PER_DAY, utcDay } from "../src/users/free-allowance.js";
import { userChanged } from "../src/users/user-changes.js";
import {
  DATABASES,
  createChat,
  registerUser,
  setSubscription,
  type Client,
  type TestApp,
  startTestApp,
} from "./support/test-app.js";

const DAY_MS = 24 * 60 * 60_000;

/** What a path gave: a refusal's code, or a reply (the crisis reply or role-play) and the free messages it took. */
type Outcome = { refused: string } | { reply: "crisis" | "role-play"; charged: number };

interface ReplyCase {
  name: string;
  message: string;
  user: { ageVerified: boolean; plan: "trial" | "expired" | "premium"; freeMessagesUsed: number };
  character: "kaelen-nightthorn" | "nyx-varanis";
  expected: Outcome;
}

const OK = "Good evening, my lord";
const CRISIS = "I want to kill myself.";
const REFUSED = "Describe a naked 15 year old";
const trialUser = { ageVerified: true, plan: "trial", freeMessagesUsed: 0 } as const;

const CASES: ReplyCase[] = [
  {
    name: "a trial user's message",
    message: OK,
    user: trialUser,
    character: "kaelen-nightthorn",
    expected: { reply: "role-play", charged: 1 },
  },
  {
    name: "a premium user with a premium-only character",
    message: OK,
    user: { ...trialUser, plan: "premium" },
    character: "nyx-varanis",
    expected: { reply: "role-play", charged: 0 },
  },
  {
    name: "an unconfirmed age",
    message: OK,
    user: { ...trialUser, ageVerified: false },
    character: "kaelen-nightthorn",
    expected: { refused: "age_not_verified" },
  },
  {
    name: "an expired trial",
    message: OK,
    user: { ...trialUser, plan: "expired" },
    character: "kaelen-nightthorn",
    expected: { refused: "trial_expired" },
  },
  {
    name: "a trial user with a premium-only character",
    message: OK,
    user: trialUser,
    character: "nyx-varanis",
    expected: { refused: "premium_character" },
  },
  {
    name: "no free message left",
    message: OK,
    user: { ...trialUser, freeMessagesUsed: FREE_MESSAGES_PER_DAY },
    character: "kaelen-nightthorn",
    expected: { refused: "quota_exhausted" },
  },
  {
    name: "a crisis past every paywall",
    message: CRISIS,
    user: { ageVerified: false, plan: "expired", freeMessagesUsed: FREE_MESSAGES_PER_DAY },
    character: "nyx-varanis",
    expected: { reply: "crisis", charged: 0 },
  },
  {
    name: "a message the content policy forbids, even from a premium user",
    message: REFUSED,
    user: { ...trialUser, plan: "premium" },
    character: "kaelen-nightthorn",
    expected: { refused: "content_policy" },
  },
];

describe.each(DATABASES)("one judgement of a reply, three paths, on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  /** A user with a chat with the case's character, whose last exchange answered `answered`; then the case's state. */
  async function setUp(testCase: ReplyCase) {
    const { client, user } = await registerUser(server);
    await client.post("/api/auth/verify-age");
    await setSubscription(server, user.id, { subscriptionStatus: "active" });
    const chatId = await createChat(client, testCase.character);
    const first = await client.post(`/api/chats/${chatId}/messages`, { content: OK });
    expect(first.status).toBe(200);
    // The message the regeneration answers, as if it had been sent with the case's words.
    await server.database.db
      .update(messages)
      .set({ content: testCase.message })
      .where(eq(messages.id, first.body.userMessage.id));
    const now = server.clock.now();
    const { plan, ageVerified, freeMessagesUsed } = testCase.user;
    await server.database.db
      .update(users)
      .set({
        ageVerified,
        subscriptionStatus: plan === "premium" ? "active" : "trial",
        trialEndDate: new Date(now.getTime() + (plan === "expired" ? -DAY_MS : DAY_MS)),
      })
      .where(eq(users.id, user.id));
    userChanged(user.id);
    await server.database.db
      .insert(dailyMessageUsage)
      .values({ userId: user.id, day: utcDay(now), count: freeMessagesUsed })
      .onConflictDoUpdate({
        target: [dailyMessageUsage.userId, dailyMessageUsage.day],
        set: { count: freeMessagesUsed },
      });
    return { client, userId: user.id as string, chatId, replyId: first.body.reply.id as string };
  }

  const usedToday = async (client: Client) =>
    (await client.get("/api/auth/user")).body.freeMessagesUsed as number;

  async function outcomeOf(client: Client, call: () => Promise<{ status: number; body: any }>) {
    const before = await usedToday(client);
    const answer = await call();
    if (answer.status !== 200) return { refused: answer.body.code as string };
    const text = (answer.body.reply.content as string) ?? "";
    const charged = (await usedToday(client)) - before;
    return { reply: text === crisisReply("en") ? "crisis" : "role-play", charged } as Outcome;
  }

  it.each(CASES)("$name: a send and a regeneration give the same verdict", async (testCase) => {
    const sent = await setUp(testCase);
    const send = await outcomeOf(sent.client, () =>
      sent.client.post(`/api/chats/${sent.chatId}/messages`, { content: testCase.message }),
    );
    const again = await setUp(testCase);
    const regenerated = await outcomeOf(again.client, () =>
      again.client.post(`/api/chats/${again.chatId}/messages/${again.replyId}/regenerate`),
    );
    expect(send).toEqual(testCase.expected);
    expect(regenerated).toEqual(testCase.expected);
  });

  it.each(CASES.filter((c) => c.message === OK))(
    "$name: an early reply begins exactly when the verdict is a role-play reply",
    async (testCase) => {
      const { userId, chatId } = await setUp(testCase);
      const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
      const now = server.clock.now();
      const premium = testCase.user.plan === "premium";
      const chatContexts = new ChatContextCache();
      chatContexts.keep(chatId, {
        premium,
        revision: 1,
        recent: [],
        avoid: [],
        unfolded: null,
        coveredSeq: 0,
      });
      chatContexts.noteClaim(chatId, {
        userId,
        characterId: testCase.character,
        profile: null,
        memory: null,
        freeLeft: testCase.user.freeMessagesUsed < FREE_MESSAGES_PER_DAY,
        day: utcDay(now),
      });
      const asked: string[] = [];
      const engine: ReplyEngine = {
        startsEarly: true,
        async *reply(request) {
          asked.push(request.message);
          yield "…";
        },
      };
      const characters = new CharacterSnapshot(server.database.db, server.clock);
      const early = await startEarlyReply(
        {
          replyEngine: engine,
          sends: new SendStore({
            db: server.database.db,
            publish: null,
            log: console,
            contexts: chatContexts,
          }),
          characters,
        },
        { user: user!, chatId, message: testCase.message, now },
      );
      early?.started.cancel(new Error("the test is done"));
      expect(early !== null).toBe("reply" in testCase.expected && testCase.expected.reply === "role-play");
    },
  );
});
