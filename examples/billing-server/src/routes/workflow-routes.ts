import type { FastifyInstance } from "fastify";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { WORKFLOW_ID_MAX_LENGTH } from "../catalogue/workflow-schema.js";
import type { BillingContext } from "../context.js";
import type { BillingDb } from "../db/database.js";
import { offerings, projects } from "../db/schema.js";
import { validAppUserId } from "../domain/customers.js";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import { parseInput } from "../http/validation.js";
import { uiConfigOf } from "./catalogue-routes.js";

const userParams = z.object({ appUserId: z.string() });
const workflowParams = z.object({
  appUserId: z.string(),
  workflowId: z.string().min(1).max(WORKFLOW_ID_MAX_LENGTH),
});
const listQuery = z.object({ type: z.string().max(100).optional() });

/** The project's offerings that have a workflow, in catalogue order, with the workflow. */
async function offeringWorkflows(db: BillingDb, projectId: string) {
  const rows = await db
    .select({ offeringId: offerings.identifier, workflow: offerings.workflow })
    .from(offerings)
    .where(and(eq(offerings.projectId, projectId), isNotNull(offerings.workflow)))
    .orderBy(asc(offerings.position));
  return rows.flatMap(({ offeringId, workflow }) => (workflow ? [{ offeringId, workflow }] : []));
}

/**
 * Multi-page paywalls (workflows), as purchases-js's `presentPaywall` asks for them: the list, to find the shown
 * offering's workflow, then that workflow. It falls back to the offering's `paywall_components` on any error.
 * Nothing here creates a customer.
 */
export async function workflowRoutes(app: FastifyInstance, { ctx }: { ctx: BillingContext }) {
  // Every workflow this server holds is a paywall: any other type lists none.
  app.get("/v1/subscribers/:appUserId/workflows", async (request) => {
    validAppUserId(parseInput(userParams, request.params).appUserId);
    const { type = "paywall" } = parseInput(listQuery, request.query);
    const found = type === "paywall" ? await offeringWorkflows(ctx.db, request.caller.projectId) : [];
    return {
      workflows: found.map(({ offeringId, workflow }) => ({
        id: workflow.id,
        type: "paywall",
        offering_id: offeringId,
      })),
    };
  });

  // Catalogues hold a handful of offerings: the project's workflows are read whole and the id matched here,
  // so the JSON column is never queried inside. Another project's workflow is indistinguishable from none.
  app.get("/v1/subscribers/:appUserId/workflows/:workflowId", async (request) => {
    const params = parseInput(workflowParams, request.params);
    validAppUserId(params.appUserId);
    const found = (await offeringWorkflows(ctx.db, request.caller.projectId)).find(
      ({ workflow }) => workflow.id === params.workflowId,
    );
    // The protocol has no code of its own for this: 7226 as for an unknown path (purchases-js falls back to the
    // offering's paywall on any failure).
    if (!found) {
      throw new BillingError(404, BillingErrorCode.BadRequest, `Unknown workflow ${params.workflowId}.`);
    }
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, request.caller.projectId));
    const { id, ...rest } = found.workflow;
    // purchases-js draws the workflow's screens with the answer's own `ui_config` (colour aliases, fonts).
    return { id, offering_id: found.offeringId, ...rest, ui_config: uiConfigOf(project) };
  });
}
