import type { FastifyInstance, FastifyRequest } from "fastify";
import { userChanged } from "../users/user-changes.js";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { hashPassword, verifyPassword } from "../crypto/password-hash.js";
import { users } from "../db/schema.js";
import { ApiError, notFound } from "../http/api-error.js";
import { publicOrigin } from "../http/public-origin.js";
import { emailField, parseInput, requiredString } from "../http/validate.js";
import { linkMail } from "../mail/mailer.js";
import { requireUser } from "./authenticate.js";
import { consumeEmailToken, issueEmailToken, peekEmailToken, voidEmailTokens } from "./email-tokens.js";
import { newPasswordField } from "./password-rules.js";
import type { UserRow } from "./session-store.js";
import { startSession } from "./start-session.js";
import { countPasswordGuess } from "./password-guesses.js";

const tokenField = requiredString("The link is incomplete").max(100, "The link is not valid");
const previewSchema = z.object({ token: tokenField });
const verifySchema = z.object({
  token: tokenField,
  password: requiredString("Password is required")
    .min(1, "Password is required")
    .max(200, "Password must be at most 200 characters")
    .optional(),
});
const forgotSchema = z.object({ email: emailField() });
const resetSchema = z.object({ token: tokenField, password: newPasswordField() });

const invalidLink = () =>
  new ApiError(400, "This link has expired or was already used. Ask for a new one", "invalid_link");

/** What `POST /api/auth/forgot-password` always answers: the same whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER = {
  message:
    "If an account exists for this address, we sent it a link to reset the password. It works for 30 minutes.",
};

/**
 * Marks the address verified (once) and, when it is listed in ADMIN_EMAILS, makes the account an admin: the list
 * grants admin only to an address proved by the account's own holder (its session or its password beside the
 * mailed link, or a reset through a mailed link, which ends every other session).
 */
export async function markEmailVerified(ctx: AppContext, user: UserRow): Promise<UserRow> {
  const now = ctx.clock.now();
  const [updated = user] = await ctx.db
    .update(users)
    .set({
      emailVerifiedAt: user.emailVerifiedAt ?? now,
      ...(ctx.config.adminEmails.has(user.email) ? { role: "admin" as const } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  userChanged(user.id);
  return updated;
}

/**
 * A verification link proves the mailbox, not the account: whoever opens it without the account's session must
 * give the account's password (limited like a sign-in), so the owner of an address someone else registered cannot
 * verify that account for them by clicking the mail.
 */
async function checkAccountPassword(
  ctx: AppContext,
  request: FastifyRequest,
  owner: UserRow,
  password: string | undefined,
): Promise<void> {
  if (password === undefined) {
    throw new ApiError(401, "Enter the password of the account this link is for", "password_required");
  }
  await countPasswordGuess(ctx, request.ip, owner.email);
  if (!owner.passwordHash || !(await verifyPassword(password, owner.passwordHash))) {
    throw new ApiError(401, "This is not the password of that account", "invalid_credentials", {
      password: "This is not the password of that account",
    });
  }
}

/**
 * Sends the address-verification mail (a link to `/verify-email?token=…`, valid 24 hours). Not awaited by callers
 * beyond recording it: a slow mail server never holds a sign-up.
 *
 * @example
 * await sendVerificationMail(ctx, request, user);
 */
export async function sendVerificationMail(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<void> {
  const token = await issueEmailToken(ctx, user, "verify_email");
  void ctx.mailer.send(
    linkMail({
      to: user.email,
      subject: "Confirm your email for Realmheart",
      greeting: `Hello ${user.firstName},`,
      lead: "Confirm that this address is yours by opening this link within 24 hours:",
      link: `${publicOrigin(request, ctx.config)}/verify-email?token=${token}`,
      action: "Confirm my email",
      footer: "If you did not create a Realmheart account, you can ignore this mail.",
    }),
  );
}

/** Reset requests per requester, whatever the address: ten times the per-address mail limit. */
const resetPerIp = (ctx: AppContext) => ({
  ...ctx.limits.mail,
  name: "reset-ip",
  limit: ctx.limits.mail.limit * 10,
});

/**
 * Whether another reset link may be mailed to `email`: the requester's own limit (per IP and address) answers 429
 * to them alone; all requesters together get twice as many mails per address, past which the request is answered
 * alike but mails nothing. So nobody can lock an owner out of resetting (a stranger's requests never make the
 * owner's 429), the mails a stranger can cause are bounded, and every link already mailed keeps working.
 */
async function mayMailResetLink(ctx: AppContext, request: FastifyRequest, email: string): Promise<boolean> {
  try {
    await ctx.limiter.hit(
      { ...ctx.limits.mail, name: "reset-mails", limit: ctx.limits.mail.limit * 2 },
      email,
    );
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
    request.log.info("reset mail not sent: this address had as many as it may have this hour");
    return false;
  }
}

/**
 * Address verification and password reset (docs/product.md, "Email"): `POST /api/auth/verify-email/account {token}`
 * (whose account the link is for: its address, when it was created, whether this session is it),
 * `POST /api/auth/verify-email {token, password?}` (the password when the session is not that account's; 401
 * `password_required` without it), `POST /api/auth/resend-verification`, `POST /api/auth/forgot-password {email}` (202, the same answer for every
 * address) and `POST /api/auth/reset-password {token, password}` (sets it, ends every session, signs in). Local
 * accounts only: with OpenID Connect these answer 404.
 *
 * @example
 * await api.register(emailRoutes, { ctx });
 */
export async function emailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const localAccounts = ctx.config.oidc === null;

  // Which account a verification link is for, without using it: the page shows it before asking for its password.
  app.post("/auth/verify-email/account", async (request) => {
    if (!localAccounts) throw notFound();
    const { token } = parseInput(previewSchema, request.body);
    const owner = await peekEmailToken(ctx, token, "verify_email");
    if (!owner) throw invalidLink();
    return {
      email: owner.email,
      accountCreatedAt: owner.createdAt.toISOString(),
      signedIn: request.user?.id === owner.id,
    };
  });

  app.post("/auth/verify-email", async (request, reply) => {
    if (!localAccounts) throw notFound();
    const body = parseInput(verifySchema, request.body);
    const owner = await peekEmailToken(ctx, body.token, "verify_email");
    if (!owner) throw invalidLink();
    const signedIn = request.user?.id === owner.id;
    if (!signedIn) await checkAccountPassword(ctx, request, owner, body.password);
    const user = await consumeEmailToken(ctx, body.token, "verify_email");
    if (user?.id !== owner.id) throw invalidLink();
    const verified = await markEmailVerified(ctx, user);
    // The password proved the account: this browser is signed in to it (a new session, as a sign-in gives).
    if (!signedIn) await startSession(ctx, request, reply, verified);
    return reply.send({ email: verified.email, emailVerified: true });
  });

  app.post("/auth/resend-verification", async (request) => {
    if (!localAccounts) throw notFound();
    const user = requireUser(request);
    if (user.emailVerifiedAt) throw new ApiError(409, "Your email is already verified", "already_verified");
    await ctx.limiter.hit(ctx.limits.mail, `verify ${user.id}`);
    await sendVerificationMail(ctx, request, user);
    return { sent: true };
  });

  app.post("/auth/forgot-password", async (request, reply) => {
    if (!localAccounts) throw notFound();
    const { email } = parseInput(forgotSchema, request.body);
    await ctx.limiter.hit(resetPerIp(ctx), request.ip);
    await ctx.limiter.hit(ctx.limits.mail, `reset ${request.ip}\n${email}`);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (user?.passwordHash && (await mayMailResetLink(ctx, request, email))) {
      const token = await issueEmailToken(ctx, user, "reset_password");
      void ctx.mailer.send(
        linkMail({
          to: user.email,
          subject: "Reset your Realmheart password",
          greeting: `Hello ${user.firstName},`,
          lead: "Someone asked to reset your password. Choose a new one with this link within 30 minutes:",
          link: `${publicOrigin(request, ctx.config)}/reset-password?token=${token}`,
          action: "Choose a new password",
          footer: "If it was not you, ignore this mail: your password stays as it is.",
        }),
      );
    }
    return reply.status(202).send(FORGOT_PASSWORD_ANSWER);
  });

  app.post("/auth/reset-password", async (request, reply) => {
    if (!localAccounts) throw notFound();
    const body = parseInput(resetSchema, request.body);
    await ctx.limiter.hit(ctx.limits.loginPerIp, request.ip);
    const found = await consumeEmailToken(ctx, body.token, "reset_password");
    if (!found) throw invalidLink();
    const [updated = found] = await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: ctx.clock.now() })
      .where(eq(users.id, found.id))
      .returning();
    userChanged(found.id);
    await voidEmailTokens(ctx, found.id, "reset_password");
    await ctx.sessions.revokeAll(found.id);
    // The link came to the address: that proves it, as the verification mail would.
    const user = await markEmailVerified(ctx, updated);
    return reply.send(await startSession(ctx, request, reply, user));
  });
}
