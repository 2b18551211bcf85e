import type { FastifyInstance } from "fastify";
import { userChanged } from "../users/user-changes.js";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { decoyPasswordHash, hashPassword, verifyPassword } from "../crypto/password-hash.js";
import { users } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { ApiError, notFound } from "../http/api-error.js";
import { isSameOriginNavigation } from "../http/same-origin-guard.js";
import { emailField, nameField, parseInput, requiredString } from "../http/validate.js";
import { freeMessagesUsed } from "../users/free-allowance.js";
import { toUserView } from "../users/user-view.js";
import { requireUser } from "./authenticate.js";
import { clearSessionCookie, readSessionToken } from "./session-cookie.js";
import type { UserRow } from "./session-store.js";
import { startSession } from "./start-session.js";
import { newPasswordField } from "./password-rules.js";
import { sendVerificationMail } from "./email-routes.js";
import { countPasswordGuess } from "./password-guesses.js";

const email = emailField();

// Both names, as the trial form asks (an OpenID identity without a family name adds it at /trial-setup).
const registerSchema = z.object({
  email,
  password: newPasswordField(),
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
});

const loginSchema = z.object({
  email,
  password: requiredString("Password is required")
    .min(1, "Password is required")
    .max(200, "Password must be at most 200 characters"),
});

const invalidCredentials = () => new ApiError(401, "Invalid email or password", "invalid_credentials");

/**
 * Local accounts: register, sign in, sign out, the current user and the age confirmation. A new session id is
 * issued on every sign-in and the previous one revoked, so a planted cookie is worthless (no fixation).
 *
 * @example
 * await api.register(authRoutes, { ctx });
 */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const production = ctx.config.nodeEnv === "production";
  // With OpenID Connect the provider owns identities: local accounts would let someone claim an address first.
  const localAccounts = ctx.config.oidc === null;

  app.post("/auth/register", async (request, reply) => {
    if (!localAccounts) throw notFound();
    const body = parseInput(registerSchema, request.body);
    await ctx.limiter.hit(ctx.limits.register, request.ip);
    const now = ctx.clock.now();
    let user: UserRow | undefined;
    try {
      [user] = await ctx.db
        .insert(users)
        .values({
          email: body.email,
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName,
          lastName: body.lastName,
          // ADMIN_EMAILS grants admin once the address is verified, never at registration.
          role: "user",
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError(409, "An account with this email already exists", "email_taken", {
          email: "An account with this email already exists",
        });
      }
      throw error;
    }
    if (!user) throw new Error("insert returned no row");
    await sendVerificationMail(ctx, request, user);
    return reply.status(201).send(await startSession(ctx, request, reply, user));
  });

  app.post("/auth/login", async (request, reply) => {
    if (!localAccounts) throw notFound();
    const body = parseInput(loginSchema, request.body);
    await countPasswordGuess(ctx, request.ip, body.email);
    const [found] = await ctx.db.select().from(users).where(eq(users.email, body.email)).limit(1);
    const matches = await verifyPassword(body.password, found?.passwordHash ?? (await decoyPasswordHash()));
    if (!found?.passwordHash || !matches) throw invalidCredentials();
    let user = found;
    if (ctx.config.adminEmails.has(user.email) && user.emailVerifiedAt && user.role !== "admin") {
      [user = found] = await ctx.db
        .update(users)
        .set({ role: "admin", updatedAt: ctx.clock.now() })
        .where(eq(users.id, found.id))
        .returning();
      userChanged(found.id);
    }
    return reply.send(await startSession(ctx, request, reply, user));
  });

  // Where the user is signed in (docs/product.md, "Sessions"): the list, one session ended, or all but this one.
  app.get("/auth/sessions", async (request) =>
    ctx.sessions.list(requireUser(request).id, readSessionToken(request) ?? null),
  );

  app.post("/auth/sessions/sign-out-others", async (request) => {
    const user = requireUser(request);
    return { ended: await ctx.sessions.revokeOthers(user.id, readSessionToken(request) ?? null) };
  });

  app.delete<{ Params: { id: string } }>("/auth/sessions/:id", async (request) => {
    const user = requireUser(request);
    if (!(await ctx.sessions.revokeById(user.id, request.params.id))) throw notFound("Session not found");
    return { ended: 1 };
  });

  // A navigation from the app's own pages (or typed in) signs out; one from another site's link or form only
  // lands on the home page: `GET /api/logout` must not let any page on the web sign a user out.
  app.get("/logout", async (request, reply) => {
    if (!isSameOriginNavigation(request)) return reply.redirect("/", 302);
    const token = readSessionToken(request);
    if (token) await ctx.sessions.revoke(token);
    clearSessionCookie(request, reply, production);
    return reply.redirect("/", 302);
  });

  app.get("/auth/user", async (request) => {
    const user = requireUser(request);
    const now = ctx.clock.now();
    return toUserView(user, await freeMessagesUsed(ctx.db, user.id, now), now);
  });

  app.post("/auth/verify-age", async (request) => {
    let user = requireUser(request);
    const now = ctx.clock.now();
    if (!user.ageVerified) {
      [user = user] = await ctx.db
        .update(users)
        .set({ ageVerified: true, ageVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
      userChanged(user.id);
    }
    return toUserView(user, await freeMessagesUsed(ctx.db, user.id, now), now);
  });
}
