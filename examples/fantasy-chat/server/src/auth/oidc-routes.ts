import type { FastifyInstance, FastifyRequest } from "fastify";
import { userChanged } from "../users/user-changes.js";
import { eq } from "drizzle-orm";
import { timingSafeEqual } from "node:crypto";
import type { AppContext } from "../context.js";
import { keyedDigest } from "../crypto/keyed-digest.js";
import { users } from "../db/schema.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { ApiError } from "../http/api-error.js";
import { parseCookies, serializeCookie } from "../http/cookies.js";
import { describeError } from "../http/log-safety.js";
import { publicOrigin } from "../http/public-origin.js";
import { isBehindTls } from "../http/security-headers.js";
import { OidcClient, type OidcIdentity, type PendingLogin } from "./oidc-client.js";
import type { UserRow } from "./session-store.js";
import { startSession } from "./start-session.js";

/** Holds a sign-in's state, nonce and PKCE verifier between the redirect and the callback. */
export const OIDC_COOKIE = "rh_oidc";
const OIDC_COOKIE_TTL_S = 10 * 60;
const NAME_MAX = 50;

const signInFailed = () => new ApiError(400, "Sign-in failed. Please try again.", "oidc_failed");

function sealPending(secret: string, pending: PendingLogin): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString("base64url");
  return `${payload}.${keyedDigest(secret, `oidc:${payload}`)}`;
}

function openPending(secret: string, value: string | undefined): PendingLogin | null {
  const [payload, mac] = (value ?? "").split(".");
  if (!payload || !mac) return null;
  const expected = Buffer.from(keyedDigest(secret, `oidc:${payload}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const pending = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PendingLogin;
    return typeof pending.state === "string" &&
      typeof pending.nonce === "string" &&
      typeof pending.codeVerifier === "string"
      ? pending
      : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The names an identity gives, split as the app stores them. */
function namesOf(identity: OidcIdentity): { firstName: string; lastName: string } {
  const [first = "", ...rest] = (identity.name ?? "").trim().split(/\s+/);
  return {
    firstName: (identity.given_name ?? first).trim().slice(0, NAME_MAX),
    lastName: (identity.family_name ?? rest.join(" ")).trim().slice(0, NAME_MAX),
  };
}

/**
 * OpenID Connect sign-in, registered in place of the local sign-in page when OIDC_ISSUER_URL is set:
 * `GET /api/login` redirects to the provider (authorization code flow with state, nonce and PKCE S256; the three
 * are kept in a signed, httpOnly, 10-minute cookie), and `GET /api/callback` checks the state, exchanges the code,
 * validates the ID token, signs the user in (a new session) and redirects to `/`. Failures answer 400
 * `oidc_failed` and sign nobody in.
 *
 * Accounts are found by issuer and subject. A first sign-in links to an existing account with the same email only
 * when the provider says the email is verified and the account's holder had verified it too (else 409
 * `email_taken`; an unverified one is released); the link ends the account's sessions and clears its password.
 * Otherwise it creates one. ADMIN_EMAILS promotes only verified emails.
 *
 * @example
 * await api.register(oidcRoutes, { ctx });
 */
export async function oidcRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const settings = ctx.config.oidc;
  if (!settings) throw new Error("oidcRoutes needs OIDC configuration");
  const client = new OidcClient(settings);
  const secret = ctx.config.sessionSecret;
  const production = ctx.config.nodeEnv === "production";
  const redirectUri = (request: FastifyRequest) => `${publicOrigin(request, ctx.config)}/api/callback`;
  const cookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
    serializeCookie(OIDC_COOKIE, value, {
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET from another site, which must carry it.
      sameSite: "Lax",
      path: "/api",
      secure: production || isBehindTls(request),
      maxAgeSeconds,
    });

  app.get("/login", async (request, reply) => {
    if (request.user) return reply.redirect("/", 302);
    let started;
    try {
      started = await client.startLogin(redirectUri(request));
    } catch (error) {
      request.log.warn({ reason: describeError(error) }, "OpenID Connect discovery failed");
      throw new ApiError(502, "The sign-in provider could not be reached. Please try again.", "oidc_failed");
    }
    reply.header("set-cookie", cookie(request, sealPending(secret, started.pending), OIDC_COOKIE_TTL_S));
    return reply.header("cache-control", "no-store").redirect(started.url, 302);
  });

  app.get<{ Querystring: { code?: unknown; state?: unknown; error?: unknown } }>(
    "/callback",
    async (request, reply) => {
      const pending = openPending(secret, parseCookies(request.headers.cookie).get(OIDC_COOKIE));
      reply.header("set-cookie", cookie(request, "", 0));
      const { code, state } = request.query;
      if (
        !pending ||
        typeof state !== "string" ||
        !sameText(state, pending.state) ||
        typeof code !== "string"
      ) {
        throw signInFailed();
      }
      let identity: OidcIdentity;
      try {
        identity = await client.finishLogin(code, redirectUri(request), pending, ctx.clock.now());
      } catch (error) {
        request.log.warn({ reason: describeError(error) }, "OpenID Connect sign-in refused");
        throw signInFailed();
      }
      const user = await findOrCreateUser(ctx, identity);
      // Linked, promoted or created just now: sessions cached before read it afresh.
      userChanged(user.id);
      await startSession(ctx, request, reply, user);
      return reply.redirect("/", 302);
    },
  );
}

/**
 * Takes the address away from an unverified local account (it becomes `unverified+{id}@invalid`, which no mail
 * reaches) and ends its sessions, so whoever registered it first keeps nothing of the real owner's identity.
 */
async function releaseUnverifiedAccount(ctx: AppContext, user: UserRow, now: Date): Promise<void> {
  await ctx.db
    .update(users)
    .set({ email: `unverified+${user.id}@invalid`, role: "user", updatedAt: now })
    .where(eq(users.id, user.id));
  await ctx.sessions.revokeAll(user.id);
  userChanged(user.id);
}

async function findOrCreateUser(ctx: AppContext, identity: OidcIdentity): Promise<UserRow> {
  const subject = `${identity.issuer} ${identity.sub}`;
  const email = identity.email?.trim().toLowerCase() ?? "";
  const verified = identity.email_verified === true;
  const admin = verified && ctx.config.adminEmails.has(email);
  const now = ctx.clock.now();

  const promote = async (user: UserRow) => {
    if (!admin || user.role === "admin") return user;
    const [promoted = user] = await ctx.db
      .update(users)
      .set({ role: "admin", updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return promoted;
  };

  const [known] = await ctx.db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  if (known) return promote(known);
  if (!email) throw new ApiError(400, "The sign-in provider did not share an email address", "oidc_failed");

  const [sameEmail] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (sameEmail && verified && sameEmail.oidcSubject === null && sameEmail.emailVerifiedAt === null) {
    // A local account nobody ever proved the address of may be a squat: it is not merged into this identity.
    // It loses the address (and its sessions end); the provider's verified user gets a fresh account below.
    await releaseUnverifiedAccount(ctx, sameEmail, now);
  } else if (sameEmail) {
    if (!verified || sameEmail.oidcSubject !== null) {
      throw new ApiError(409, "An account with this email already exists", "email_taken");
    }
    // The provider's verified user takes the account over: whoever held it before (a password, a session) keeps
    // nothing, so a verification someone else obtained for it never shares the owner's identity with them.
    const [linked = sameEmail] = await ctx.db
      .update(users)
      .set({ oidcSubject: subject, passwordHash: null, updatedAt: now })
      .where(eq(users.id, sameEmail.id))
      .returning();
    await ctx.sessions.revokeAll(sameEmail.id);
    return promote(linked);
  }

  try {
    const [created] = await ctx.db
      .insert(users)
      .values({
        email,
        oidcSubject: subject,
        ...namesOf(identity),
        // The provider vouches for the address when it says so.
        emailVerifiedAt: verified ? now : null,
        role: admin ? "admin" : "user",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("insert returned no row");
    return created;
  } catch (error) {
    // The same person's first sign-in in two tabs at once: the other one created the account.
    if (!isUniqueViolation(error)) throw error;
    const [raced] = await ctx.db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
    if (!raced) throw new ApiError(409, "An account with this email already exists", "email_taken");
    return raced;
  }
}
