import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Clock } from "../clock.js";
import { keyedDigest } from "../crypto/keyed-digest.js";
import type { AppDb } from "../db/database.js";
import { sessions, users } from "../db/schema.js";

/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;

/** A new session: the token goes into the cookie, only its digest into the database. */
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
export class SessionStore {
  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /** Starts a new session for the user. */
  async create(userId: string): Promise<NewSession> {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db.insert(sessions).values({ digest: this.digest(token), userId, createdAt: now, expiresAt });
    return { token, expiresAt };
  }

  /** The signed-in user, or null for an unknown, malformed or expired token. */
  async findUser(token: string): Promise<UserRow | null> {
    if (!TOKEN.test(token)) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.digest, this.digest(token)), gt(sessions.expiresAt, this.clock.now())))
      .limit(1);
    return row?.user ?? null;
  }

  /** Ends the session; unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    if (!TOKEN.test(token)) return;
    await this.db.delete(sessions).where(eq(sessions.digest, this.digest(token)));
  }

  private digest(token: string): string {
    return keyedDigest(this.secret, `session:${token}`);
  }
}
