import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { BillingContext } from "../context.js";
import { auditLog } from "../db/schema.js";
import { auditEntries, type AuditRow } from "../access/audit-log.js";
import { DEFAULT_PAGE_SIZE, listOf, listPage, pageQuery } from "../merchant/list-page.js";
import { MerchantError } from "../http/merchant-error.js";
import type { MerchantApi } from "../merchant/merchant-route.js";

const auditEntrySchema = z.object({
  object: z.literal("audit_log_entry"),
  id: z.string(),
  actor: z.string().describe("Who: secret_key key_…, cli user@host, dashboard user"),
  action: z.string().describe("What: customer.promotional_grant, subscription.cancel, catalogue.import…"),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown().describe("The record before the write; null when it was created"),
  after: z.unknown().describe("The record after the write; null when it was deleted"),
  created_at: z.number().int().describe("When, in ms since the epoch"),
});

function toItem(row: AuditRow): z.infer<typeof auditEntrySchema> {
  return {
    object: "audit_log_entry",
    id: row.id,
    actor: row.actor,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    created_at: row.at.getTime(),
  };
}

/** The audit log of the project's writes (API, CLI, dashboard), newest first, optionally of one target. */
export async function merchantAuditRoutes(
  app: FastifyInstance,
  { ctx, api }: { ctx: BillingContext; api: MerchantApi },
) {
  api.route(
    app,
    {
      method: "GET",
      url: "/v2/projects/:project_id/audit_logs",
      api: "v2",
      scope: "audit_log:read",
      operationId: "list-audit-logs",
      summary: "List the audit log: every write through the API, the CLI or the dashboard, newest first",
      tag: "Audit log",
      params: z.object({ project_id: z.string().max(255) }),
      query: z.object({
        ...pageQuery,
        target_type: z.string().min(1).max(100).optional().describe("Only entries about this kind of object"),
        target_id: z.string().min(1).max(512).optional().describe("Only entries about this object"),
      }),
      responses: { 200: listOf(auditEntrySchema) },
    },
    async ({ projectId, query }) => {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      let startingAfter: AuditRow | null = null;
      if (query.starting_after) {
        [startingAfter = null] = await ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.projectId, projectId), eq(auditLog.id, query.starting_after)));
        if (!startingAfter) {
          throw new MerchantError(404, "resource_missing", "No audit log entry has that id.", {
            param: "starting_after",
          });
        }
      }
      const rows = await auditEntries(ctx.db, {
        projectId,
        targetType: query.target_type,
        targetId: query.target_id,
        startingAfter,
        limit: limit + 1,
      });
      return listPage(rows.map(toItem), limit, `/v2/projects/${projectId}/audit_logs`, (i) => i.id, {
        target_type: query.target_type,
        target_id: query.target_id,
      });
    },
  );
}
