import type { FastifyInstance } from "fastify";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { chats, messages, users } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { isUuid, parseInput } from "../http/validate.js";
import { subscriptionStatusAt, subscriptionStatusSql } from "../users/subscription-status.js";
import { changeRole } from "./change-role.js";

const roleSchema = z.object({ role: z.enum(["user", "admin"], 'Role must be "user" or "admin"') });

/**
 * The admin dashboard's calls: `GET /api/admin/stats`, `GET /api/admin/users` and
 * `POST /api/admin/users/:id/role`. The role is read from the database on every request (401 signed out,
 * 403 for non-admins).
 *
 * @example
 * await api.register(adminRoutes, { ctx });
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook("preHandler", async (request) => {
    requireAdmin(request);
  });

  app.get("/admin/stats", async () => {
    const status = subscriptionStatusSql(ctx.clock.now());
    const [byStatus] = await ctx.db
      .select({
        total: count(),
        active: count(sql`case when ${status} = 'active' then 1 end`),
        trial: count(sql`case when ${status} = 'trial' then 1 end`),
      })
      .from(users);
    const [chatCount] = await ctx.db.select({ n: count() }).from(chats);
    const [messageCount] = await ctx.db.select({ n: count() }).from(messages);
    return {
      totalUsers: Number(byStatus?.total ?? 0),
      activeSubscriptions: Number(byStatus?.active ?? 0),
      trialUsers: Number(byStatus?.trial ?? 0),
      totalChats: Number(chatCount?.n ?? 0),
      totalMessages: Number(messageCount?.n ?? 0),
    };
  });

  app.get("/admin/users", async () => {
    const now = ctx.clock.now();
    const rows = await ctx.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
    return rows.map((user) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      subscriptionStatus: subscriptionStatusAt(user, now),
      createdAt: user.createdAt.toISOString(),
    }));
  });

  app.post<{ Params: { id: string } }>("/admin/users/:id/role", async (request) => {
    if (!isUuid(request.params.id)) throw notFound("User not found");
    const { role } = parseInput(roleSchema, request.body);
    await changeRole(ctx.db, request.params.id, role, ctx.clock.now());
    const [user] = await ctx.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, request.params.id));
    return user;
  });
}
