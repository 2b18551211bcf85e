// One simulated person using Realmheart for the length of a soak, as the web client would: signs up (from one of
// the loopback addresses registration allows), confirms the age, maybe pays (the built-in sandbox gateway, the
// whole redirect flow), then until the end alternates think time with a weighted random action: send a message,
// read a chat, list chats and characters, open a chat, read or save the profile, reload the current user, sign out
// and in again. Every answer goes through the recorder with the statuses the model expects for it; what the
// statuses alone cannot say (a 402 for the wrong reason, a message missing when its chat is read back, a free
// message too many) is recorded as a mismatch.
import { randomUUID } from "node:crypto";
import { LINES, registrationAddress, sessionCookieOf } from "./app-client.mjs";

/** Think time between two actions, uniform in [min, max) milliseconds. */
export const THINK_MS = [2000, 6000];
/** Free messages per UTC day (docs/product.md: 3 a day for users without an active subscription). */
export const FREE_MESSAGES_PER_DAY = 3;
/** Premium Realm, in cents, as `POST /api/initialize-payment` requires it. */
const PREMIUM_AMOUNT = 9900;
const PASSWORD = "soak-password-1";
/** Sign-ins are limited to 10 per 15 minutes per address and email; a user signs out and in at most every 3. */
const RELOGIN_EVERY_MS = 180_000;
const TRAITS = ["adventurous", "brave", "curious", "loyal", "witty", "gentle", "romantic", "creative"];
const ARCHETYPES = ["dark_fae_lord", "shadow_warrior", "warrior_general", "dragon_rider", null];
const SEND = "POST /api/chats/:id/messages";

/**
 * What the `index`th virtual user does about paying, 6 : 6 : 5 : 3 in every 20: "premium" subscribes right after
 * signing up; "trial" sets up the 7-day trial (a card check) and stays on the free allowance; "free" never pays
 * and keeps browsing after the allowance is used up; "convert" is free until the paywall, then subscribes.
 *
 * @example
 * userKind(0); // "premium"
 */
export function userKind(index) {
  const slot = index % 20;
  if (slot < 6) return "premium";
  if (slot < 12) return "trial";
  if (slot < 17) return "free";
  return "convert";
}

const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** How likely each action is, given the user's state (weights, not probabilities). */
const ACTIONS = {
  send: (user) => (user.premium || user.refusedOn !== utcDay() ? 30 : 3),
  readMessages: () => 18,
  listChats: () => 8,
  openChat: () => 4,
  listCharacters: () => 8,
  viewCharacter: () => 4,
  readProfile: () => 5,
  updateProfile: () => 3,
  currentUser: () => 8,
  relogin: (user) => (performance.now() - user.signedInAt >= RELOGIN_EVERY_MS ? 2 : 0),
  tryPremiumCharacter: (user) => (user.premium || user.triedPremiumCharacter ? 0 : 1),
};

/**
 * One virtual user. `run()` resolves at `stopAt` (a `performance.now()` time), after the action in flight, with
 * what the user did.
 *
 * @example
 * const summary = await new VirtualUser({ recorder, index: 7, random: seededRandom(7), stopAt, rampMs: 30_000 }).run();
 */
export class VirtualUser {
  constructor({ recorder, index, random, stopAt, rampMs }) {
    this.recorder = recorder;
    this.index = index;
    this.random = random;
    this.stopAt = stopAt;
    this.rampMs = rampMs;
    this.kind = userKind(index);
    this.premium = false;
    this.cookie = null;
    this.characters = [];
    this.chats = [];
    this.chat = null;
    this.sent = 0;
    this.accepted = 0;
    this.freeAccepted = new Map();
    this.refusedOn = null;
    this.triedPremiumCharacter = false;
    this.acceptedByChat = new Map();
  }

  async run() {
    await this.#pause(this.random() * this.rampMs);
    if (await this.#signUp()) {
      while (performance.now() < this.stopAt) {
        await this.#pause(THINK_MS[0] + this.random() * (THINK_MS[1] - THINK_MS[0]));
        if (performance.now() >= this.stopAt) break;
        await this[this.#pick()]();
      }
    }
    return {
      index: this.index,
      kind: this.kind,
      id: this.id ?? null,
      premium: this.premium,
      sent: this.sent,
      accepted: this.accepted,
    };
  }

  #pick() {
    const weighted = Object.entries(ACTIONS).map(([name, weight]) => [name, weight(this)]);
    let roll = this.random() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [name, weight] of weighted) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return "listCharacters";
  }

  #pause(ms) {
    const wait = Math.min(ms, this.stopAt - performance.now());
    return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
  }

  #call(route, method, path, expect, options = {}) {
    return this.recorder.request(route, method, path, { cookie: this.cookie, expect, ...options });
  }

  #mismatch(route, detail) {
    this.recorder.mismatch(route, `user ${this.index} (${this.kind}): ${detail}`);
  }

  async #signUp() {
    this.email = `soak-${process.pid}-${this.index}-${randomUUID().slice(0, 8)}@example.com`;
    const created = await this.#call("POST /api/auth/register", "POST", "/api/auth/register", [201], {
      body: { email: this.email, password: PASSWORD, firstName: "Soak", lastName: `User ${this.index}` },
      localAddress: registrationAddress(this.index),
    });
    if (created?.status !== 201) return false;
    this.cookie = sessionCookieOf(created);
    this.id = created.json.id;
    this.signedInAt = performance.now();
    const verified = await this.#call("POST /api/auth/verify-age", "POST", "/api/auth/verify-age", [200]);
    if (verified?.status !== 200) return false;
    if (!(await this.listCharacters())) return false;
    if (this.kind === "premium") await this.#subscribe();
    if (this.kind === "trial") await this.#setUpTrial();
    return true;
  }

  /** Approves a sandbox checkout as a browser does: opens the authorization page, then posts the form. */
  async #approveAtSandbox(page) {
    const route = "/sandbox/authorize/:reference";
    const shown = await this.#call(`GET ${route}`, "GET", page, [200]);
    if (shown?.status !== 200) return false;
    const decided = await this.#call(`POST ${route}`, "POST", page, [303], {
      body: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    return decided?.status === 303;
  }

  async #subscribe() {
    const started = await this.#call(
      "POST /api/initialize-payment",
      "POST",
      "/api/initialize-payment",
      [200],
      {
        body: { amount: PREMIUM_AMOUNT, email: this.email },
      },
    );
    if (started?.status !== 200 || !(await this.#approveAtSandbox(started.json.authorization_url))) return;
    const verified = await this.#call("POST /api/verify-payment", "POST", "/api/verify-payment", [200], {
      body: { reference: started.json.reference },
    });
    if (verified?.status !== 200) return;
    if (verified.json.subscriptionStatus === "active") this.premium = true;
    else this.#mismatch("POST /api/verify-payment", `paid but ${verified.json.subscriptionStatus}`);
  }

  async #setUpTrial() {
    const started = await this.#call("POST /api/setup-trial", "POST", "/api/setup-trial", [200], {
      body: { email: this.email, firstName: "Soak", lastName: `User ${this.index}` },
    });
    if (started?.status !== 200 || !(await this.#approveAtSandbox(started.json.data.authorization_url)))
      return;
    const completed = await this.#call("POST /api/trial/complete", "POST", "/api/trial/complete", [200], {
      body: { reference: started.json.data.reference },
    });
    if (completed?.status === 200 && !completed.json.paymentMethodSetup) {
      this.#mismatch("POST /api/trial/complete", "card approved but paymentMethodSetup is false");
    }
  }

  async send() {
    const chat = this.chat ?? (await this.openChat());
    if (chat) await this.#sendTo(chat, "quota_exhausted");
  }

  /** Sends one message; `refusal` is the 402 code a non-premium user may get in this chat. */
  async #sendTo(chat, refusal) {
    const content = `${LINES[this.sent % LINES.length]} (soak ${this.index}.${++this.sent})`;
    const premium = this.premium;
    const expect = premium ? [200, 429] : [200, 402, 429];
    const day = utcDay();
    const response = await this.#call(SEND, "POST", `/api/chats/${chat.id}/messages`, expect, {
      body: { content },
    });
    if (!response) return;
    if (response.status === 200) {
      this.accepted++;
      const { userMessage, reply } = response.json;
      this.recorder.accept({
        userIndex: this.index,
        userId: this.id,
        chatId: chat.id,
        id: userMessage.id,
        content,
        replyId: reply?.id ?? null,
        free: !premium,
      });
      this.acceptedByChat.set(chat.id, [...(this.acceptedByChat.get(chat.id) ?? []), userMessage.id]);
      if (!premium) {
        const used = (this.freeAccepted.get(day) ?? 0) + 1;
        this.freeAccepted.set(day, used);
        if (used > FREE_MESSAGES_PER_DAY) this.#mismatch(SEND, `free message ${used} accepted on ${day}`);
        if (refusal === "premium_character") this.#mismatch(SEND, "a premium character answered a free user");
      }
    } else if (response.status === 402) {
      const code = response.json?.code;
      if (code !== refusal) this.#mismatch(SEND, `402 ${code}, expected ${refusal}`);
      if (code === "quota_exhausted") {
        const used = this.freeAccepted.get(day) ?? 0;
        if (used < FREE_MESSAGES_PER_DAY) this.#mismatch(SEND, `allowance refused after ${used} messages`);
        this.refusedOn = day;
        if (this.kind === "convert") await this.#subscribe();
      }
    } else if (response.status === 429) {
      await this.#pause(Math.max(1, Number(response.headers["retry-after"] ?? 1)) * 1000);
    }
  }

  /** A free user opens a premium character's chat and tries to write: the paywall must answer. */
  async tryPremiumCharacter() {
    this.triedPremiumCharacter = true;
    const premiumCharacters = this.characters.filter((c) => c.premium);
    if (premiumCharacters.length === 0) return;
    const character = premiumCharacters[Math.floor(this.random() * premiumCharacters.length)];
    const created = await this.#call("POST /api/chats", "POST", "/api/chats", [201], {
      body: { characterId: character.id },
    });
    if (created?.status === 201) await this.#sendTo(created.json, "premium_character");
  }

  async openChat() {
    const allowed = this.characters.filter((c) => this.premium || !c.premium);
    if (allowed.length === 0) return null;
    const character = allowed[Math.floor(this.random() * allowed.length)];
    const created = await this.#call("POST /api/chats", "POST", "/api/chats", [201], {
      body: { characterId: character.id },
    });
    if (created?.status !== 201) return null;
    this.chat = { id: created.json.id, characterId: character.id };
    this.chats.push(this.chat);
    await this.#readChat(this.chat);
    return this.chat;
  }

  async readMessages() {
    if (this.chat) await this.#readChat(this.chat);
    else await this.listChats();
  }

  /** Reads a chat back; every message accepted in it must be there (read-your-writes). */
  async #readChat(chat) {
    const route = "GET /api/chats/:id/messages";
    const response = await this.#call(route, "GET", `/api/chats/${chat.id}/messages`, [200]);
    if (response?.status !== 200) return;
    const shown = new Set(response.json.map((message) => message.id));
    const missing = (this.acceptedByChat.get(chat.id) ?? []).filter((id) => !shown.has(id));
    if (missing.length > 0) this.#mismatch(route, `${missing.length} accepted messages not shown`);
  }

  async listChats() {
    const response = await this.#call("GET /api/chats", "GET", "/api/chats", [200]);
    if (response?.status !== 200) return;
    const listed = new Set(response.json.map((chat) => chat.id));
    const missing = this.chats.filter((chat) => !listed.has(chat.id));
    if (missing.length > 0) this.#mismatch("GET /api/chats", `${missing.length} opened chats not listed`);
    if (this.chats.length > 0) this.chat = this.chats[Math.floor(this.random() * this.chats.length)];
  }

  async listCharacters() {
    const response = await this.#call("GET /api/characters", "GET", "/api/characters", [200]);
    if (response?.status !== 200) return false;
    this.characters = response.json;
    return true;
  }

  async viewCharacter() {
    if (this.characters.length === 0) return;
    const { id } = this.characters[Math.floor(this.random() * this.characters.length)];
    await this.#call("GET /api/characters/:id", "GET", `/api/characters/${id}`, [200]);
  }

  async readProfile() {
    await this.#call("GET /api/profile", "GET", "/api/profile", [200]);
  }

  async updateProfile() {
    const traits = TRAITS.filter(() => this.random() < 0.3).slice(0, 6);
    await this.#call("PUT /api/profile", "PUT", "/api/profile", [200], {
      body: {
        preferredName: `Wanderer ${this.index}`,
        favoriteArchetype: ARCHETYPES[Math.floor(this.random() * ARCHETYPES.length)],
        backstory: `A traveller from the soak test, number ${this.index}, who has crossed many realms to be here.`,
        personalityTraits: traits.length > 0 ? traits : ["curious"],
      },
    });
  }

  /** Reloads the current user; its free-message count and status must agree with what this user has seen. */
  async currentUser() {
    const day = utcDay();
    const response = await this.#call("GET /api/auth/user", "GET", "/api/auth/user", [200]);
    if (response?.status !== 200 || day !== utcDay()) return;
    const { freeMessagesUsed, subscriptionStatus } = response.json;
    const used = this.freeAccepted.get(day) ?? 0;
    if (freeMessagesUsed !== used) {
      this.#mismatch("GET /api/auth/user", `freeMessagesUsed ${freeMessagesUsed}, accepted ${used}`);
    }
    if ((subscriptionStatus === "active") !== this.premium) {
      this.#mismatch("GET /api/auth/user", `status ${subscriptionStatus}, premium ${this.premium}`);
    }
  }

  /** Signs out (the old cookie must stop working) and in again. */
  async relogin() {
    const old = this.cookie;
    await this.#call("GET /api/logout", "GET", "/api/logout", [302]);
    await this.#call("GET /api/auth/user (signed out)", "GET", "/api/auth/user", [401], { cookie: old });
    this.cookie = null;
    const signedIn = await this.#call("POST /api/auth/login", "POST", "/api/auth/login", [200], {
      body: { email: this.email, password: PASSWORD },
    });
    this.signedInAt = performance.now();
    if (signedIn?.status === 200) this.cookie = sessionCookieOf(signedIn);
  }
}
