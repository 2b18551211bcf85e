import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { keyedDigest } from "../crypto/keyed-digest.js";
import { adminSetupTokens, users } from "../db/schema.js";
import { ApiError } from "../http/api-error.js";
import { parseInput, requiredString } from "../http/validate.js";
import { freeMessagesUsed } from "../users/free-allowance.js";
import { userChanged } from "../users/user-changes.js";
import { toUserView } from "../users/user-view.js";
import { requireUser } from "./authenticate.js";

/** How long a printed setup link works (a restart prints a new one meanwhile, voiding it). */
export const ADMIN_SETUP_TTL_MS = 24 * 60 * 60_000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const digestOf = (ctx: Pick<AppContext, "config">, token: string) =>
  keyedDigest(ctx.config.sessionSecret, `admin-setup:${token}`);

const setupSchema = z.object({
  token: requiredString("The link is incomplete").max(100, "The link is not valid"),
});

const spentLink = () =>
  new ApiError(
    400,
    "This setup link has expired, was already used, or an administrator exists. Use the newest link the server printed",
    "invalid_link",
  );

/** Whether any account is an admin. */
async function hasAdmin(ctx: Pick<AppContext, "db">): Promise<boolean> {
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return admin !== undefined;
}

/**
 * The self-hoster's way to the first admin, needing no mail server: while no account is an admin, each start makes
 * a new single-use setup token (voiding the older ones) and returns it for the operator's console; null once an
 * admin exists. Only its HMAC is stored.
 *
 * @example
 * const token = await offerAdminSetup(ctx);
 * if (token) console.log(`open ${origin}/admin-setup?token=${token}`);
 */
export async function offerAdminSetup(
  ctx: Pick<AppContext, "db" | "clock" | "config">,
): Promise<string | null> {
  if (await hasAdmin(ctx)) return null;
  const now = ctx.clock.now();
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction(async (tx) => {
    await tx.update(adminSetupTokens).set({ usedAt: now }).where(isNull(adminSetupTokens.usedAt));
    await tx.insert(adminSetupTokens).values({
      digest: digestOf(ctx, token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ADMIN_SETUP_TTL_MS),
    });
  });
  return token;
}

/**
 * `POST /api/auth/admin-setup {token}`: makes the signed-in account the admin with the link the server printed at
 * start. The token is used in the same statement that checks no admin exists, so of two claims one wins, and a
 * link printed before an admin existed is worthless after. 400 `invalid_link` otherwise; limited like sign-ins.
 *
 * @example
 * await api.register(adminSetupRoutes, { ctx });
 */
export async function adminSetupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post("/auth/admin-setup", async (request) => {
    const user = requireUser(request);
    const { token } = parseInput(setupSchema, request.body);
    await ctx.limiter.hit(ctx.limits.loginPerIp, request.ip);
    if (!TOKEN.test(token)) throw spentLink();
    const now = ctx.clock.now();
    const promoted = await ctx.db.transaction(async (tx) => {
      const [used] = await tx
        .update(adminSetupTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminSetupTokens.digest, digestOf(ctx, token)),
            isNull(adminSetupTokens.usedAt),
            gt(adminSetupTokens.expiresAt, now),
            sql`not exists (select 1 from ${users} where ${users.role} = 'admin')`,
          ),
        )
        .returning();
      if (!used) return null;
      const [row] = await tx
        .update(users)
        .set({ role: "admin", updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      return row ?? null;
    });
    if (!promoted) throw spentLink();
    userChanged(user.id);
    request.log.warn({ admin: user.id }, "the first admin was made with the setup link");
    return toUserView(promoted, await freeMessagesUsed(ctx.db, promoted.id, now), now);
  });
}
