import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { freeMessagesUsed } from "../users/free-allowance.js";
import { toUserView, type UserView } from "../users/user-view.js";
import { readSessionToken, setSessionCookie } from "./session-cookie.js";
import type { UserRow } from "./session-store.js";

/**
 * Signs `user` in: revokes the session the browser sent (no fixation), creates a new one, sets its cookie, and
 * answers the user's view.
 *
 * @example
 * return reply.send(await startSession(ctx, request, reply, user));
 */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<UserView> {
  const now = ctx.clock.now();
  // Read before the session is written: a database failure after it would answer an error that signs in.
  const view = toUserView(user, await freeMessagesUsed(ctx.db, user.id, now), now);
  const previous = readSessionToken(request);
  if (previous) await ctx.sessions.revoke(previous);
  setSessionCookie(
    request,
    reply,
    await ctx.sessions.create(user.id, request.headers["user-agent"] ?? null),
    ctx.config.nodeEnv === "production",
  );
  return view;
}
