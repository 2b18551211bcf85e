import { sql } from "drizzle-orm";
import type { Clock } from "../clock.js";
import { keyedDigest, rememberedDigests } from "../crypto/keyed-digest.js";
import type { AppDb } from "../db/database.js";
import { rateLimits } from "../db/schema.js";
import { tooManyRequests } from "./api-error.js";

/** A fixed-window limit: at most `limit` hits per `windowMs`. */
export interface RateLimitRule {
  /** Names the counter, e.g. "login". */
  name: string;
  limit: number;
  windowMs: number;
}

/** Sign-in attempts per IP and email. */
export const LOGIN_LIMIT: RateLimitRule = { name: "login", limit: 10, windowMs: 15 * 60_000 };
/** Sign-in attempts per IP, whatever the email (rotating emails must not buy unlimited password hashing). */
export const LOGIN_IP_LIMIT: RateLimitRule = { name: "login-ip", limit: 50, windowMs: 15 * 60_000 };
/** Verification and reset mails per address (and reset requests per IP, with ten times the limit). */
export const MAIL_LIMIT: RateLimitRule = { name: "mail", limit: 5, windowMs: 60 * 60_000 };
/** Account creations per IP. */
export const REGISTER_LIMIT: RateLimitRule = { name: "register", limit: 20, windowMs: 60 * 60_000 };
/** Chat messages per user. */
export const SEND_LIMIT: RateLimitRule = { name: "send", limit: 30, windowMs: 60_000 };

/** Payments and trial setups started per user (each one creates a transaction at the gateway). */
export const PAYMENT_START_LIMIT: RateLimitRule = { name: "payment-start", limit: 10, windowMs: 15 * 60_000 };
/** Payment verifications per user (each one may call the gateway). */
export const PAYMENT_VERIFY_LIMIT: RateLimitRule = {
  name: "payment-verify",
  limit: 60,
  windowMs: 15 * 60_000,
};

/** The limits the app applies. */
export interface RateLimits {
  login: RateLimitRule;
  loginPerIp: RateLimitRule;
  mail: RateLimitRule;
  register: RateLimitRule;
  send: RateLimitRule;
  paymentStart: RateLimitRule;
  paymentVerify: RateLimitRule;
}

/** The production limits. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: LOGIN_LIMIT,
  loginPerIp: LOGIN_IP_LIMIT,
  mail: MAIL_LIMIT,
  register: REGISTER_LIMIT,
  send: SEND_LIMIT,
  paymentStart: PAYMENT_START_LIMIT,
  paymentVerify: PAYMENT_VERIFY_LIMIT,
};

/**
 * Rate limits counted in the database, so every process on it agrees. Each hit is one atomic upsert of the
 * window's counter; the subject (an email, an IP) is stored only as a keyed digest.
 *
 * @example
 * await limiter.hit(limits.login, `${request.ip} ${email}`); // throws 429 with Retry-After when over
 */
export class RateLimiter {
  /** The digests of the user ids counted on every send, remembered (see {@link counter}). */
  private readonly userDigest: (userId: string) => string;

  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {
    this.userDigest = rememberedDigests(secret);
  }

  /** Counts one hit for `subject`; throws a 429 `ApiError` when the window's limit is exceeded. */
  async hit(rule: RateLimitRule, subject: string): Promise<void> {
    const counter = this.counterOf(rule, keyedDigest(this.secret, subject));
    const [row] = await this.db
      .insert(rateLimits)
      .values(counter.row)
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    counter.check(row?.count ?? 0);
  }

  /**
   * One hit's counter row for a user in the current window, and the check of the count the upsert returned, for
   * callers that fold the upsert into a statement of their own (a send counts its hit in the same round trip as
   * its ownership check): insert `row`, add 1 on conflict of (key, window_start), then `check(count)`. The user
   * id's digest is remembered (taken once per user, not on every send); an email or an IP never is.
   *
   * @example
   * const counter = limiter.counter(limits.send, user.id);
   * counter.check(countFromMyStatement);
   */
  counter(rule: RateLimitRule, userId: string): RateLimitCounter {
    return this.counterOf(rule, this.userDigest(userId));
  }

  /** The counter of {@link counter} for a subject's digest. */
  private counterOf(rule: RateLimitRule, subjectDigest: string): RateLimitCounter {
    const now = this.clock.now().getTime();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const windowEnd = windowStart + rule.windowMs;
    return {
      row: {
        key: `${rule.name}:${subjectDigest}`,
        windowStart: new Date(windowStart),
        count: 1,
        expiresAt: new Date(windowEnd),
      },
      check(count) {
        if (count > rule.limit) throw tooManyRequests(Math.max(1, Math.ceil((windowEnd - now) / 1000)));
      },
    };
  }
}

/** A hit's counter row and the check of the window's count after it (see {@link RateLimiter.counter}). */
export interface RateLimitCounter {
  row: { key: string; windowStart: Date; count: 1; expiresAt: Date };
  /** Throws the 429 (with Retry-After) when `count` is over the limit. */
  check(count: number): void;
}
