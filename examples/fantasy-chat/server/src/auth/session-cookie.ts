import type { FastifyReply, FastifyRequest } from "fastify";
import { parseCookies, serializeCookie } from "../http/cookies.js";
import { isBehindTls } from "../http/security-headers.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "rh_session";

/** The session token the request carries, if any. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return parseCookies(request.headers.cookie).get(SESSION_COOKIE);
}

/** Cookies are Secure over TLS and always in production (where TLS is expected to be terminated upstream). */
function secure(request: FastifyRequest, production: boolean): boolean {
  return production || isBehindTls(request);
}

/**
 * Sets the session cookie: httpOnly, SameSite=Lax, Path=/, Secure behind TLS, expiring with the session.
 *
 * @example
 * setSessionCookie(request, reply, session, config.nodeEnv === "production");
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  production: boolean,
): void {
  reply.header(
    "set-cookie",
    serializeCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: secure(request, production),
      expires: session.expiresAt,
    }),
  );
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, production: boolean): void {
  reply.header(
    "set-cookie",
    serializeCookie(SESSION_COOKIE, "", {
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      secure: secure(request, production),
      maxAgeSeconds: 0,
      expires: new Date(0),
    }),
  );
}
