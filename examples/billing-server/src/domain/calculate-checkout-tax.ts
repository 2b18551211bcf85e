import { eq } from "drizzle-orm";
import type { BillingContext } from "../context.js";
import { checkoutSessions, projects } from "../db/schema.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import { appliedDiscountsWire, discountedPlan } from "./checkout-discount.js";
import { releaseRedemptions, reserveDiscount } from "./promotion-code-reservations.js";
import { elementsConfiguration } from "./checkout-plan.js";
import {
  assertOpen,
  findSession,
  gatewayState,
  type CheckoutGatewayState,
  type CheckoutSessionRow,
} from "./checkout-session.js";
import { calculateTax } from "./tax-table.js";

/** The billing address a pricing request names. */
export interface PricingAddress {
  country_code?: string | null;
  postal_code?: string | null;
}

/**
 * Calculates tax for an open session's billing address (when the project's branding collects tax), stores it as
 * the latest calculation and answers the totals, the tax lines, the applied discount and the elements' new amount.
 *
 * @example
 * await calculateCheckoutTax(ctx, projectId, "opsess_…", { country_code: "ZA", postal_code: "8001" });
 */
export async function calculateCheckoutTax(
  ctx: BillingContext,
  projectId: string,
  id: string,
  body: PricingAddress,
) {
  const session = await findSession(ctx.db, projectId, id);
  assertOpen(session);
  return priceSession(ctx, session, gatewayState(session), body);
}

/**
 * `PATCH /rcbilling/v1/checkout/{id}`: applies (`discount_code`: a code), removes (null) or keeps (absent) the
 * session's promotion code, then prices it for the address as {@link calculateCheckoutTax} does. Applying a code
 * reserves one of its uses for the session (7818 when none is left); replacing or removing it gives that back. A
 * code cannot change once the checkout was submitted (7878): the payment was requested for the amount then shown.
 *
 * @example
 * await refreshCheckoutPricing(ctx, projectId, "opsess_…", { country_code: "ZA", discount_code: "WELCOME10" });
 */
export async function refreshCheckoutPricing(
  ctx: BillingContext,
  projectId: string,
  id: string,
  body: PricingAddress & { discount_code?: string | null },
) {
  const session = await findSession(ctx.db, projectId, id);
  assertOpen(session);
  const code = body.discount_code;
  const state =
    code === undefined
      ? gatewayState(session)
      : await ctx.db.transaction(async (tx) => {
          // Locked so that two PATCHes of one session leave it holding the code it shows.
          const [locked] = await tx
            .select()
            .from(checkoutSessions)
            .where(eq(checkoutSessions.id, session.id))
            .for("update");
          if (!locked) throw new Error(`operation session ${session.id} vanished`);
          assertOpen(locked);
          const current = gatewayState(locked);
          const { plan } = current;
          const holder = { projectId, holderId: session.id };
          const now = ctx.now();
          const discount =
            code === null
              ? null
              : await reserveDiscount(tx, holder, code, {
                  productId: session.productId,
                  chargeMicros: plan.chargeMicros,
                  currency: plan.currency,
                  now,
                });
          if (locked.status !== "started" && (current.discount?.code ?? null) !== (discount?.code ?? null)) {
            throw badRequest(
              `Operation session ${session.id} was submitted; its promotion code can no longer change.`,
              BillingErrorCode.PurchaseCannotBeCompleted,
            );
          }
          if (!discount) await releaseRedemptions(tx, holder, now);
          const next = { ...current, discount };
          await tx
            .update(checkoutSessions)
            .set({ gateway: next, updatedAt: now })
            .where(eq(checkoutSessions.id, session.id));
          return next;
        });
  return priceSession(ctx, session, state, body);
}

async function priceSession(
  ctx: BillingContext,
  session: CheckoutSessionRow,
  state: CheckoutGatewayState,
  address: PricingAddress,
) {
  const plan = discountedPlan(state.plan, state.discount);
  const [project] = await ctx.db
    .select({ branding: projects.branding })
    .from(projects)
    .where(eq(projects.id, session.projectId));
  const enabled =
    (project?.branding as { gateway_tax_collection_enabled?: boolean } | undefined)
      ?.gateway_tax_collection_enabled === true;
  const result = enabled
    ? calculateTax(
        { countryCode: address.country_code, postalCode: address.postal_code },
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
    original_amount_in_micros: state.plan.priceMicros,
    applied_discounts: appliedDiscountsWire(state.discount),
    pricing_phases: { base: { tax_breakdown: result.ok ? result.lines : [] } },
    gateway_params: { elements_configuration: elementsConfiguration(plan, totalMicros) },
    failed_reason: result.ok ? null : result.reason,
  };
}
