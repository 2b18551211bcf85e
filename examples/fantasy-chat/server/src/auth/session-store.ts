import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { isStorableText } from "../http/validate.js";
import { onUserChanged } from "../users/user-changes.js";
import type { Clock } from "../clock.js";
import { rememberedDigests } from "../crypto/keyed-digest.js";
import type { AppDb } from "../db/database.js";
import { sessions, users } from "../db/schema.js";

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;

/** A new session: the token goes into the cookie, only its digest into the database. */
/** How many characters of a session's digest name it in the sessions list. */
const SESSION_ID_LENGTH = 16;

/** A session as its user sees it in the list. */
export interface SessionView {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  current: boolean;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sessions kept in the database: 32 random bytes per session, stored as an HMAC digest, with a fixed expiry.
 *
 * @example
 * const { token, expiresAt } = await store.create(user.id);
 * const user = await store.findUser(token);
 */
/**
 * How long a signed-in user read from the database is reused for the same session, in real time: the longest
 * another instance's change to the user (a role, a subscription) goes unseen here. This process's own changes
 * reach the cache at once (`userChanged`).
 */
export const SESSION_CACHE_TTL_MS = 3_000;
/** Sessions cached at most (the oldest go first). */
const SESSION_CACHE_LIMIT = 10_000;

interface CachedSession {
  user: UserRow;
  expiresAt: Date;
  cachedAt: number;
}

export class SessionStore {
  /** Session digest → its user, read at `cachedAt` (performance.now()). */
  private readonly cache = new Map<string, CachedSession>();
  private readonly stopListening: () => void;

  /** The keyed digest of a session token, remembered for the tokens in use (taken on every request). */
  private readonly digest: (token: string) => string;

  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
    secret: string,
  ) {
    const digests = rememberedDigests(secret, SESSION_CACHE_LIMIT);
    this.digest = (token) => digests(`session:${token}`);
    this.stopListening = onUserChanged((ids) => this.forgetUsers(ids));
  }

  /** Stops following user changes (the app closes). */
  close(): void {
    this.stopListening();
    this.cache.clear();
  }

  /** Starts a new session for the user, noting the browser's User-Agent (cut to 200 characters). */
  async create(userId: string, userAgent: string | null = null): Promise<NewSession> {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const agent = userAgent && isStorableText(userAgent) ? userAgent.slice(0, 200) : null;
    await this.db
      .insert(sessions)
      .values({ digest: this.digest(token), userId, createdAt: now, expiresAt, userAgent: agent });
    return { token, expiresAt };
  }

  /**
   * The user's running sessions, newest first: an opaque id (the start of the stored digest, which cannot sign
   * anyone in), when it began and ends, its browser, and whether it is the one `currentToken` belongs to.
   */
  async list(userId: string, currentToken: string | null): Promise<SessionView[]> {
    const current = currentToken && TOKEN.test(currentToken) ? this.digest(currentToken) : null;
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, this.clock.now())))
      .orderBy(desc(sessions.createdAt));
    return rows.map((row) => ({
      id: row.digest.slice(0, SESSION_ID_LENGTH),
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      userAgent: row.userAgent,
      current: row.digest === current,
    }));
  }

  /** Ends every session of the user (a password reset); returns how many ended. */
  async revokeAll(userId: string): Promise<number> {
    const ended = await this.db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ digest: sessions.digest });
    this.forgetUsers([userId]);
    return ended.length;
  }

  /** Ends every session of the user but `currentToken`'s; returns how many ended. */
  async revokeOthers(userId: string, currentToken: string | null): Promise<number> {
    const current = currentToken && TOKEN.test(currentToken) ? this.digest(currentToken) : "";
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.digest, current)))
      .returning({ digest: sessions.digest });
    for (const { digest } of ended) this.cache.delete(digest);
    return ended.length;
  }

  /** Ends one of the user's sessions by its listed id; returns whether one ended (never another user's). */
  async revokeById(userId: string, id: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{16}$/.test(id)) return false;
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`left(${sessions.digest}, ${SESSION_ID_LENGTH}) = ${id}`))
      .returning({ digest: sessions.digest });
    for (const { digest } of ended) this.cache.delete(digest);
    return ended.length > 0;
  }

  /**
   * The signed-in user, or null for an unknown, malformed or expired token. Reused from the cache for
   * {@link SESSION_CACHE_TTL_MS} (the session's expiry still checked on the app's clock).
   */
  async findUser(token: string): Promise<UserRow | null> {
    if (!TOKEN.test(token)) return null;
    const digest = this.digest(token);
    const now = this.clock.now();
    const cached = this.cache.get(digest);
    if (cached && performance.now() - cached.cachedAt < SESSION_CACHE_TTL_MS && cached.expiresAt > now) {
      return cached.user;
    }
    const readAt = performance.now();
    const [row] = await this.db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.digest, digest), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row) {
      this.cache.delete(digest);
      return null;
    }
    this.remember(digest, { user: row.user, expiresAt: row.expiresAt, cachedAt: readAt });
    return row.user;
  }

  private remember(digest: string, entry: CachedSession): void {
    this.cache.delete(digest);
    this.cache.set(digest, entry);
    if (this.cache.size > SESSION_CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }

  private forgetUsers(ids: readonly string[] | "all"): void {
    if (ids === "all") return this.cache.clear();
    const changed = new Set(ids);
    for (const [digest, entry] of this.cache) if (changed.has(entry.user.id)) this.cache.delete(digest);
  }

  /** Ends the session; unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    if (!TOKEN.test(token)) return;
    await this.db.delete(sessions).where(eq(sessions.digest, this.digest(token)));
    this.cache.delete(this.digest(token));
  }
}
