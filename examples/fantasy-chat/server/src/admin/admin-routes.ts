import type { FastifyInstance, FastifyRequest } from "fastify";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin } from "../auth/authenticate.js";
import type { AppContext } from "../context.js";
import { chats, messages, users } from "../db/schema.js";
import { notFound } from "../http/api-error.js";
import { isUuid, parseInput, requiredString } from "../http/validate.js";
import { publicOrigin } from "../http/public-origin.js";
import { callGateway } from "../payments/payment-errors.js";
import { cancelSubscription } from "../subscription/cancel-subscription.js";
import { subscriptionView } from "../subscription/subscription-view.js";
import type { AdminStats, AdminUserView } from "./admin-views.js";
import { billingMetrics } from "./billing-metrics.js";
import { refundPayment } from "./refund-payment.js";
import { subscriptionStatusAt, subscriptionStatusSql } from "../users/subscription-status.js";
import { changeRole } from "./change-role.js";

const roleSchema = z.object({ role: z.enum(["user", "admin"], 'Role must be "user" or "admin"') });

const refundSchema = z.object({
  reason: requiredString("A reason is required")
    .trim()
    .min(3, "A reason is required (at least 3 characters)")
    .max(500, "The reason must be at most 500 characters"),
});

/** Days in the dashboard's chart. */
export const CHART_DAYS = 30;

/**
 * The admin dashboard's calls: `GET /api/admin/stats`, `GET /api/admin/users`, `POST /api/admin/users/:id/role`,
 * and billing: `GET /api/admin/billing` (MRR, counts, trial conversion, a 30-day chart), `GET
 * /api/admin/users/:id/subscription`, `POST /api/admin/users/:id/subscription/cancel` and `POST
 * /api/admin/payments/:reference/refund {reason}`. The role is read from the database on every request (401 signed out,
 * 403 for non-admins).
 *
 * @example
 * await api.register(adminRoutes, { ctx });
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.addHook("preHandler", async (request) => {
    requireAdmin(request);
  });

  app.get("/admin/stats", async (): Promise<AdminStats> => {
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
    return rows.map((user): AdminUserView => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      subscriptionStatus: subscriptionStatusAt(user, now),
      createdAt: user.createdAt.toISOString(),
    }));
  });

  app.get("/admin/billing", async () => billingMetrics(ctx.db, ctx.clock.now(), CHART_DAYS));

  /** The user's row, or 404. */
  const findUser = async (id: string) => {
    const [user] = isUuid(id) ? await ctx.db.select().from(users).where(eq(users.id, id)) : [];
    if (!user) throw notFound("User not found");
    return user;
  };
  const viewOf = async (request: FastifyRequest, id: string) =>
    subscriptionView(ctx.db, await findUser(id), ctx.clock.now(), {
      managementUrl: `${publicOrigin(request, ctx.config)}/subscription`,
    });

  app.get<{ Params: { id: string } }>("/admin/users/:id/subscription", async (request) =>
    viewOf(request, request.params.id),
  );

  app.post<{ Params: { id: string } }>("/admin/users/:id/subscription/cancel", async (request) => {
    await findUser(request.params.id);
    await cancelSubscription(ctx.db, ctx.clock, request.params.id);
    return viewOf(request, request.params.id);
  });

  app.post<{ Params: { reference: string } }>("/admin/payments/:reference/refund", async (request) => {
    const { reason } = parseInput(refundSchema, request.body);
    const reference = request.params.reference.slice(0, 100);
    const payment = await callGateway(request, () => refundPayment(ctx, reference, reason));
    request.log.info({ reference, admin: requireAdmin(request).id }, "payment refunded by an admin");
    return {
      reference: payment.reference,
      status: payment.refundedAt ? "refunded" : payment.status,
      refundReason: payment.refundReason,
      refundedAt: payment.refundedAt?.toISOString() ?? null,
    };
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
