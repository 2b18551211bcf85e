import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { keyedDigest } from "../crypto/keyed-digest.js";
import { emailTokens, users, type EmailTokenPurpose } from "../db/schema.js";
import type { UserRow } from "./session-store.js";

/** How long each kind of link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60_000,
  reset_password: 30 * 60_000,
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const digestOf = (ctx: Pick<AppContext, "config">, purpose: EmailTokenPurpose, token: string) =>
  keyedDigest(ctx.config.sessionSecret, `email:${purpose}:${token}`);

/**
 * A new single-use link token for the user's current address: 32 random bytes (base64url) in the link, only its
 * HMAC stored.
 *
 * @example
 * const token = await issueEmailToken(ctx, user, "reset_password");
 */
export async function issueEmailToken(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  user: Pick<UserRow, "id" | "email">,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  await ctx.db.insert(emailTokens).values({
    digest: digestOf(ctx, purpose, token),
    userId: user.id,
    purpose,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The conditions of a usable token: known, of this purpose, unused and unexpired. */
function usable(ctx: Pick<AppContext, "config">, token: string, purpose: EmailTokenPurpose, now: Date) {
  return and(
    eq(emailTokens.digest, digestOf(ctx, purpose, token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** The account a token row was issued to, when it still has the address the token was mailed to. */
async function ownerOf(
  ctx: Pick<AppContext, "db">,
  row: { userId: string; email: string } | undefined,
): Promise<UserRow | null> {
  if (!row) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  return user && user.email === row.email ? user : null;
}

/**
 * The account a link token is for, without using it: the user when the token is known, of this purpose, unused,
 * unexpired and still for the account's address; null otherwise.
 *
 * @example
 * const owner = await peekEmailToken(ctx, body.token, "verify_email");
 */
export async function peekEmailToken(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<UserRow | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await ctx.db
    .select()
    .from(emailTokens)
    .where(usable(ctx, token, purpose, ctx.clock.now()))
    .limit(1);
  return ownerOf(ctx, row);
}

/**
 * Uses a link token once: returns its user when the token is known, of this purpose, unused, unexpired and still
 * for the account's address; null otherwise (two concurrent uses: one wins). The conditional update is the use.
 *
 * @example
 * const user = await consumeEmailToken(ctx, body.token, "verify_email");
 */
export async function consumeEmailToken(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<UserRow | null> {
  if (!TOKEN.test(token)) return null;
  const now = ctx.clock.now();
  const [used] = await ctx.db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable(ctx, token, purpose, now))
    .returning();
  return ownerOf(ctx, used);
}

/** Voids every unused link of this purpose for the user (after a reset, the other reset links stop working). */
export async function voidEmailTokens(
  ctx: Pick<AppContext, "db" | "clock">,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await ctx.db
    .update(emailTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
