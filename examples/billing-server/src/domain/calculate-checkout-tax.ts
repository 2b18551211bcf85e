import { eq } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { checkoutSessions, projects } from "../db/schema.js";
import { elementsConfiguration } from "./checkout-plan.js";
import { assertOpen, findSession, gatewayState } from "./checkout-session.js";
import { calculateTax } from "./tax-table.js";

/**
 * Calculates tax for an open session's billing address (when the project's branding collects tax), stores it as
 * the latest calculation and answers the totals, the tax lines and the elements' new amount.
 */
export async function calculateCheckoutTax(
  ctx: BillingContext,
  projectId: string,
  id: string,
  body: { country_code?: string | null; postal_code?: string | null },
) {
  const session = await findSession(ctx.db, projectId, id);
  assertOpen(session);
  const { plan } = gatewayState(session);
  const [project] = await ctx.db
    .select({ branding: projects.branding })
    .from(projects)
    .where(eq(projects.id, session.projectId));
  const enabled =
    (project?.branding as { gateway_tax_collection_enabled?: boolean } | undefined)
      ?.gateway_tax_collection_enabled === true;
  const result = enabled
    ? calculateTax(
        { countryCode: body.country_code, postalCode: body.postal_code },
        plan.priceMicros,
        plan.currency,
      )
    : ({ ok: false, reason: "tax_collection_disabled" } as const);
  // The latest answer is what the customer sees, so it replaces any earlier calculation, a failure included.
  await ctx.db
    .update(checkoutSessions)
    .set({ tax: result.ok ? result : null, updatedAt: ctx.now() })
    .where(eq(checkoutSessions.id, session.id));
  const taxMicros = result.ok ? result.taxAmountMicros : 0;
  const totalMicros = plan.priceMicros + taxMicros;
  return {
    operation_session_id: session.id,
    currency: plan.currency,
    tax_inclusive: false,
    total_amount_in_micros: totalMicros,
    tax_amount_in_micros: taxMicros,
    total_excluding_tax_in_micros: plan.priceMicros,
    pricing_phases: { base: { tax_breakdown: result.ok ? result.lines : [] } },
    gateway_params: { elements_configuration: elementsConfiguration(plan, totalMicros) },
    failed_reason: result.ok ? null : result.reason,
  };
}
