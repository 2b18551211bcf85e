// Starts a real Realmheart server on 127.0.0.1 over a real database: PGlite (restored from the migrated template)
// always, and PostgreSQL as well when TEST_DATABASE_URL is set (each server in its own schema, dropped after).
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { buildApp, type BuildAppOptions } from "../../src/app.js";
import type { Clock } from "../../src/clock.js";
import { loadConfig, type AppConfig } from "../../src/config.js";
import { openAppDatabase, type AppDatabase } from "../../src/db/database.js";
import { LOGIN_IP_LIMIT, REGISTER_LIMIT } from "../../src/http/rate-limiter.js";
import { userChanged } from "../../src/users/user-changes.js";
import { appPaths } from "../../src/paths.js";
import { users, type StoredSubscriptionStatus } from "../../src/db/schema.js";

export type DatabaseKind = "pglite" | "postgres";

/** The databases every suite runs against. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** The address listed in ADMIN_EMAILS for test servers. */
export const ADMIN_EMAIL = "keeper@realmheart.test";

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(public current = new Date("2026-11-21T12:00:00Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** Makes the server's test controls (`/api/test/…`, the mail outbox among them) available. */
  set(to: Date): void {
    this.current = new Date(to);
  }
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  database: AppDatabase;
  /** The PostgreSQL schema of this server's tables (on PostgreSQL), so a second process can open the same data. */
  pgSchema: string | null;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

/** Starts a server; `env` is applied over the test defaults. */
export async function startTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    /** The URL the server reaches PostgreSQL at instead of TEST_DATABASE_URL (a fault proxy in front of it). */
    connectVia?: (databaseUrl: string) => string;
    /** PGlite on a thread of its own, as the server runs it (in-process otherwise, which opens faster). */
    pgliteThread?: boolean;
  } & Partial<Omit<BuildAppOptions, "config" | "database">> = {},
): Promise<TestApp> {
  const { env, connectVia, pgliteThread, ...rest } = options;
  const pgSchema = `test_${randomBytes(6).toString("hex")}`;
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const database =
    kind === "postgres" && databaseUrl
      ? await openAppDatabase({ databaseUrl: connectVia ? connectVia(databaseUrl) : databaseUrl, pgSchema })
      : await openAppDatabase({
          loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]),
          pgliteThread: pgliteThread ?? false,
        });
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...env,
  });
  const clock = new TestClock();
  // Every test client comes from 127.0.0.1: the per-IP limits are raised (tests of those limits set their own).
  const rateLimits = {
    register: { ...REGISTER_LIMIT, limit: 1_000_000 },
    loginPerIp: { ...LOGIN_IP_LIMIT, limit: 1_000_000 },
  };
  // Server tests see the client as not built, whether or not web/dist exists (tests that serve one pass `paths`).
  const paths = { webDist: join(tmpdir(), "realmheart-no-web-client"), public: appPaths.public };
  const app = await buildApp({ config, database, clock, rateLimits, paths, ...rest });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    url: address,
    database,
    pgSchema: kind === "postgres" && databaseUrl ? pgSchema : null,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (kind === "postgres" && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
        await client.end();
      }
    },
  };
}

/** A parsed response. */
export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** An HTTP client with its own cookie jar (one browser). */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly server: TestApp) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (options.body !== undefined || options.rawBody !== undefined)
      headers["content-type"] ??= "application/json";
    const response = await fetch(`${this.server.url}${path}`, {
      method,
      headers,
      redirect: "manual",
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /Max-Age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, text, headers: response.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, { headers });
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("POST", path, { body, headers });
  put = (path: string, body?: unknown) => this.request("PUT", path, { body });
}

let counter = 0;

/** A unique email for a test user. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString("hex")}@realmheart.test`;
}

/** The password test users register with. */
export const PASSWORD = "dragonfire-42";

/** The link token in the newest mail to `email` whose link goes to `path` (e.g. "/verify-email"). */
export async function mailedToken(server: TestApp, email: string, path: string): Promise<string> {
  const outbox = (await new Client(server).get("/api/test/outbox")).body as { to: string; text: string }[];
  const mail = outbox.filter((m) => m.to === email && m.text.includes(`${path}?token=`)).at(-1);
  const token = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} mail to ${email}`);
  return token;
}

/**
 * Registers a new user and returns their signed-in client and user view. The address is verified through the
 * verification mail's link (as its owner would), unless `verifyEmail: false`; ADMIN_EMAIL becomes admin then.
 */
export async function registerUser(
  server: TestApp,
  overrides: { email?: string; firstName?: string; lastName?: string; verifyEmail?: boolean } = {},
): Promise<{ client: Client; user: any }> {
  const client = new Client(server);
  const email = overrides.email ?? uniqueEmail();
  const answer = await client.post("/api/auth/register", {
    email,
    password: PASSWORD,
    firstName: overrides.firstName ?? "Ysolde",
    lastName: overrides.lastName ?? "Marrow",
  });
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${answer.text}`);
  if (overrides.verifyEmail === false) return { client, user: answer.body };
  const token = await mailedToken(server, answer.body.email, "/verify-email");
  const verified = await client.post("/api/auth/verify-email", { token });
  if (verified.status !== 200) throw new Error(`verify-email failed: ${verified.status} ${verified.text}`);
  return { client, user: (await client.get("/api/auth/user")).body };
}

/** A registered user who has confirmed their age. */
export async function verifiedUser(server: TestApp, overrides: { firstName?: string } = {}) {
  const registered = await registerUser(server, overrides);
  const verified = await registered.client.post("/api/auth/verify-age");
  if (verified.status !== 200) throw new Error(`verify-age failed: ${verified.status}`);
  return { client: registered.client, user: verified.body };
}

/** Sets a user's stored subscription fields directly (for tests about what the status allows, not how it is reached). */
export async function setSubscription(
  server: TestApp,
  userId: string,
  fields: {
    subscriptionStatus?: StoredSubscriptionStatus;
    trialEndDate?: Date | null;
    role?: "user" | "admin";
  },
): Promise<void> {
  await server.database.db.update(users).set(fields).where(eq(users.id, userId));
  // As every write in the app does: the session cache reads the user afresh.
  userChanged(userId);
}

/** Creates a chat with a character and returns its id. */
export async function createChat(client: Client, characterId = "kaelen-nightthorn"): Promise<string> {
  const answer = await client.post("/api/chats", { characterId, title: null });
  if (answer.status !== 201) throw new Error(`create chat failed: ${answer.status} ${answer.text}`);
  return answer.body.id;
}

/** Parses a server-sent events body into `{ event, data }` pairs. */
export function parseEvents(text: string): Array<{ event: string; data: any }> {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) };
    });
}

/** A reply stream that fails before its first chunk, as an engine whose model is down. */
export function failingStream(message: string): AsyncIterable<string> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error(message)) }) };
}
