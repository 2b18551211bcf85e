import type { AppContext } from "../context.js";

/**
 * Counts one password guess for the account `email` from `ip` against the sign-in limits (per address and IP, and
 * per IP): a sign-in and a verification link's password prompt share them, so neither is a way around the other.
 * Throws the 429 (with Retry-After) once over.
 *
 * @example
 * await countPasswordGuess(ctx, request.ip, body.email);
 */
export async function countPasswordGuess(
  ctx: Pick<AppContext, "limiter" | "limits">,
  ip: string,
  email: string,
): Promise<void> {
  await ctx.limiter.hit(ctx.limits.loginPerIp, ip);
  await ctx.limiter.hit(ctx.limits.login, `${ip}\n${email}`);
}
