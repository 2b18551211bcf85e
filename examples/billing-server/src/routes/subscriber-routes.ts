import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { BillingErrorCode } from "../http/billing-error.js";
import type { BillingContext } from "../context.js";
import { customerInfoFor } from "../manage/management-link.js";
import { customerAttributes } from "../db/schema.js";
import { ensureCustomer, validAppUserId } from "../domain/customers.js";
import { parseInput } from "../http/validation.js";
import { virtualCurrenciesResponse } from "../domain/virtual-currencies.js";

const userParams = z.object({ appUserId: z.string() });
const attributesBody = z.object({
  attributes: z
    .record(
      z.string().min(1).max(200),
      z.object({ value: z.string().max(5000).nullable(), updated_at_ms: z.number().int().nonnegative() }),
    )
    .refine((a) => Object.keys(a).length <= 100, "at most 100 attributes per request"),
});

/** Customer info, subscriber attributes and virtual currency balances. */
export async function subscriberRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  app.get("/v1/subscribers/:appUserId", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    const { projectId } = request.caller;
    return customerInfoFor(ctx, request, projectId, appUserId);
  });

  // A customer never seen has a zero balance of every currency: the answer creates nothing.
  app.get("/v1/subscribers/:appUserId/virtual_currencies", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    return virtualCurrenciesResponse(ctx.db, request.caller.projectId, appUserId);
  });

  app.post("/v1/subscribers/:appUserId/attributes", async (request) => {
    const appUserId = validAppUserId(parseInput(userParams, request.params).appUserId);
    const { attributes } = parseInput(
      attributesBody,
      request.body,
      BillingErrorCode.InvalidSubscriberAttributesBody,
    );
    const { projectId } = request.caller;
    await ctx.db.transaction(async (tx) => {
      await ensureCustomer(tx, projectId, appUserId, ctx.now());
      const rows = Object.entries(attributes).map(([name, a]) => ({
        projectId,
        appUserId,
        name,
        value: a.value,
        updatedAtMs: a.updated_at_ms,
      }));
      if (rows.length === 0) return;
      // A value older than the stored one (an out-of-order retry) does not overwrite it.
      await tx
        .insert(customerAttributes)
        .values(rows)
        .onConflictDoUpdate({
          target: [customerAttributes.projectId, customerAttributes.appUserId, customerAttributes.name],
          set: { value: sql`excluded.value`, updatedAtMs: sql`excluded.updated_at_ms` },
          setWhere: sql`excluded.updated_at_ms >= ${customerAttributes.updatedAtMs}`,
        });
    });
    return { attributes_saved: Object.keys(attributes).length };
  });
}
