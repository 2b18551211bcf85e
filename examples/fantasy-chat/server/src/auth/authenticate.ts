import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/api-error.js";
import { readSessionToken } from "./session-cookie.js";
import type { SessionStore, UserRow } from "./session-store.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, read fresh from the database for each request (so role changes apply at once). */
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers everyone alike and never reads `request.user`, so the session is not looked up (the
     * characters list, on every landing page).
     */
    anonymous?: boolean;
  }
}

/**
 * Loads the session's user onto `request.user` for every request of `app` (but routes marked
 * `config: { anonymous: true }`).
 *
 * @example
 * installAuthentication(api, ctx.sessions);
 */
export function installAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.anonymous === true) return;
    const token = readSessionToken(request);
    request.user = token ? await sessions.findUser(token) : null;
  });
}

/**
 * The signed-in user, or a 401.
 *
 * @example
 * const user = requireUser(request);
 */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The signed-in admin: 401 when signed out, 403 for anyone whose stored role is not admin.
 *
 * @example
 * requireAdmin(request);
 */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (user.role !== "admin") throw forbidden("admin_only");
  return user;
}
