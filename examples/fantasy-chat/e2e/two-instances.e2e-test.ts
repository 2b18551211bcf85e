// Issue #19 (scale out): two built servers (dist/server/main.js) on one PostgreSQL database, behind a round-robin
// proxy on loopback, behave as one app: a session made on either works on both, the free allowance holds across
// them, a role change and an imported character reach the other instance within its cache's time, and a change
// to a chat made through one is what the other serves. Runs only when TEST_DATABASE_URL is set (vitest.config.ts
// leaves the file out otherwise: PGlite is one process's database, so there is nothing to scale out on it).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_CARD } from "../server/test/support/cards";
import { ADMIN_EMAIL, startApp, type RunningApp } from "./support/app-server";
import { startRoundRobinProxy, type RoundRobinProxy } from "../bench/support/round-robin-proxy.mjs";
import { CookieClient } from "./support/cookie-client";
import { PASSWORD, uniqueEmail } from "./support/users";

/** What every instance shares besides the database: a session cookie made by one opens it on the other. */
const SHARED_ENV = {
  SESSION_SECRET: "two-instances-session-secret-0123456789",
  BILLING_WEBHOOK_SECRET: "two-instances-billing-webhook-secret-0123",
};
/** The caches' lifetimes (auth/session-store.ts, characters/character-snapshot.ts) and a margin for a busy machine. */
const SESSION_TTL_MS = 3_000;
const CHARACTERS_TTL_MS = 5_000;
const MARGIN_MS = 2_500;

/** One person's session by cookie; the assertions read the JSON answers loosely. */
class Visitor extends CookieClient {
  override call(base: string, method: string, path: string, body?: unknown) {
    return super.call<any>(base, method, path, body);
  }
}

describe("two instances on one PostgreSQL behind a round-robin proxy", () => {
  let a: RunningApp;
  let b: RunningApp;
  let proxy: RoundRobinProxy;
  let database: pg.Client;

  beforeAll(async () => {
    a = await startApp({ database: "postgres", env: SHARED_ENV });
    b = await startApp({ env: { ...SHARED_ENV, DATABASE_URL: a.databaseUrl! } });
    proxy = await startRoundRobinProxy([a.url, b.url]);
    database = new pg.Client({ connectionString: a.databaseUrl! });
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    await proxy?.close();
    await b?.stop();
    await a?.stop();
  });

  /** A new user registered through the proxy, age confirmed, signed in. */
  async function newUser(name: string, email = uniqueEmail(name)): Promise<{ visitor: Visitor; id: string }> {
    const visitor = new Visitor();
    const registered = await visitor.call(proxy.url, "POST", "/api/auth/register", {
      email,
      password: PASSWORD,
      firstName: name,
      lastName: "Tester",
    });
    expect(registered.status).toBe(201);
    expect((await visitor.call(proxy.url, "POST", "/api/auth/verify-age")).status).toBe(200);
    return { visitor, id: registered.body.id };
  }

  /** The admin: ADMIN_EMAIL, its address proved through the mail the registering instance sent (made once). */
  let boss: Promise<Visitor> | null = null;
  const admin = () => (boss ??= makeAdmin());
  async function makeAdmin(): Promise<Visitor> {
    const visitor = new Visitor();
    await visitor.call(a.url, "POST", "/api/auth/register", {
      email: ADMIN_EMAIL,
      password: PASSWORD,
      firstName: "Morgana",
      lastName: "Tester",
    });
    const outbox = (await visitor.call(a.url, "GET", "/api/test/outbox")).body as {
      to: string;
      text: string;
    }[];
    const token = outbox
      .filter((mail) => mail.to === ADMIN_EMAIL)
      .at(-1)
      ?.text.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect((await visitor.call(a.url, "POST", "/api/auth/verify-email", { token })).status).toBe(200);
    expect(
      (await visitor.call(a.url, "POST", "/api/auth/login", { email: ADMIN_EMAIL, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect((await visitor.call(b.url, "GET", "/api/admin/stats")).status).toBe(200);
    return visitor;
  }

  /** Polls `probe` until it holds; gives how long that took (ms), failing after `limitMs`. */
  async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await probe())) {
      if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Date.now() - started;
  }

  it("opens a session made through either instance on both", async () => {
    const { visitor } = await newUser("Ysolde");
    const onA = await visitor.call(a.url, "GET", "/api/auth/user");
    const onB = await visitor.call(b.url, "GET", "/api/auth/user");
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect(onB.body.id).toBe(onA.body.id);
    // Signing out through one instance ends the session on the other within the session cache's time (the
    // visitor keeps sending the old cookie, as a stolen copy would).
    expect((await visitor.call(a.url, "GET", "/api/logout")).status).toBe(302);
    expect((await visitor.call(a.url, "GET", "/api/auth/user")).status).toBe(401);
    await within(
      SESSION_TTL_MS + MARGIN_MS,
      async () => (await visitor.call(b.url, "GET", "/api/auth/user")).status === 401,
    );
  });

  it("accepts exactly 3 of 20 simultaneous free sends split across both instances", async () => {
    const { visitor, id } = await newUser("Tamsin");
    const chat = await visitor.call(proxy.url, "POST", "/api/chats", {
      characterId: "riven-ashe",
      title: null,
    });
    expect(chat.status).toBe(201);
    const before = [...proxy.counts];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        visitor.call(proxy.url, "POST", `/api/chats/${chat.body.id}/messages`, { content: `Hello ${i}` }),
      ),
    );
    expect(proxy.counts.map((count, i) => count - before[i]!)).toEqual([10, 10]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array.from({ length: 17 }, () => [402, "quota_exhausted"]),
    );
    const stored = await database.query(
      "select count(*)::int as n from messages where chat_id = $1 and role = 'user'",
      [chat.body.id],
    );
    expect(stored.rows[0].n).toBe(3);
    const usage = await database.query(
      "select sum(count)::int as n from daily_message_usage where user_id = $1",
      [id],
    );
    expect(usage.rows[0].n).toBe(3);
  });

  it("serves, on either instance, the chat as the other just changed it", async () => {
    const { visitor } = await newUser("Odile");
    const chat = await visitor.call(a.url, "POST", "/api/chats", { characterId: "riven-ashe", title: null });
    // Each instance reads (and keeps) the empty chat's latest page.
    expect((await visitor.call(a.url, "GET", `/api/chats/${chat.body.id}/messages`)).body).toEqual([]);
    expect((await visitor.call(b.url, "GET", `/api/chats/${chat.body.id}/messages`)).body).toEqual([]);
    const sent = await visitor.call(a.url, "POST", `/api/chats/${chat.body.id}/messages`, {
      content: "Hello there",
    });
    expect(sent.status).toBe(200);
    const ids = [sent.body.userMessage.id, sent.body.reply.id];
    const readOn = async (app: RunningApp) =>
      (await visitor.call(app.url, "GET", `/api/chats/${chat.body.id}/messages`)).body.map(
        (m: { id: string }) => m.id,
      );
    expect(await readOn(a)).toEqual(ids);
    // The other instance hears of the change from the database (NOTIFY on commit), well under a second.
    expect(await within(1_000, async () => (await readOn(b)).length === 2)).toBeLessThan(1_000);
    expect(await readOn(b)).toEqual(ids);
  });

  it("sees a role change made on one instance on the other within the session cache's time", async () => {
    const boss = await admin();
    const { visitor, id } = await newUser("Corvin");
    expect((await visitor.call(b.url, "GET", "/api/admin/stats")).status).toBe(403);
    const promoted = await boss.call(a.url, "POST", `/api/admin/users/${id}/role`, { role: "admin" });
    expect(promoted.status).toBe(200);
    const took = await within(
      SESSION_TTL_MS + MARGIN_MS,
      async () => (await visitor.call(b.url, "GET", "/api/admin/stats")).status === 200,
    );
    expect(took).toBeLessThanOrEqual(SESSION_TTL_MS + MARGIN_MS);
  });

  it("lists a character imported on one instance on both within the characters snapshot's time", async () => {
    const boss = await admin();
    const name = `Lyra ${Date.now()}`;
    const card = { ...FOREIGN_CARD, data: { ...FOREIGN_CARD.data, name } };
    const imported = await boss.call(a.url, "POST", "/api/admin/characters/import", card);
    expect(imported.status).toBe(201);
    const listed = (app: RunningApp) => async () =>
      ((await new Visitor().call(app.url, "GET", "/api/characters")).body as { name: string }[]).some(
        (c) => c.name === name,
      );
    expect(await listed(a)()).toBe(true);
    const took = await within(CHARACTERS_TTL_MS + MARGIN_MS, listed(b));
    expect(took).toBeLessThanOrEqual(CHARACTERS_TTL_MS + MARGIN_MS);
  });

  // Last: it moves both instances' clocks past the trials' end.
  it("charges each subscriber once at trial end when both instances' renewal workers run at once", async () => {
    const subscribers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = uniqueEmail(`renewing${i}`);
      const { visitor, id } = await newUser(`Renewing${i}`, email);
      const setup = await visitor.call(proxy.url, "POST", "/api/setup-trial", {
        email,
        firstName: `Renewing${i}`,
        lastName: "Tester",
      });
      expect(setup.status).toBe(200);
      const { authorization_url: authorize, reference } = setup.body.data;
      // The sandbox gateway's page, approved as its form would be.
      const approved = await fetch(new URL(authorize, proxy.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "decision=approve",
        redirect: "manual",
      });
      expect(approved.status).toBe(303);
      expect((await visitor.call(proxy.url, "POST", "/api/trial/complete", { reference })).status).toBe(200);
      subscribers.push(id);
    }
    const trialDays = 8 * 24 * 60 * 60 * 1000;
    for (const app of [a, b]) {
      expect(
        (await new Visitor().call(app.url, "POST", "/api/test/clock", { advanceMs: trialDays })).status,
      ).toBe(200);
    }
    const passes = await Promise.all(
      [a, b, a, b].map((app) => new Visitor().call(app.url, "POST", "/api/test/renewals")),
    );
    expect(passes.map((pass) => pass.status)).toEqual([200, 200, 200, 200]);
    const charges = await database.query(
      "select user_id, count(*)::int as n from payments where kind = 'renewal' and status = 'success' and user_id = any($1) group by user_id",
      [subscribers],
    );
    expect(Object.fromEntries(charges.rows.map((row) => [row.user_id, row.n]))).toEqual(
      Object.fromEntries(subscribers.map((id) => [id, 1])),
    );
  });
});
