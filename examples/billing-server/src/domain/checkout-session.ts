import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { BillingError, BillingErrorCode, badRequest } from "../http/billing-error.js";
import type { BillingDb } from "../db/database.js";
import { checkoutSessions } from "../db/schema.js";
import type { AppliedDiscount } from "./checkout-discount.js";
import type { CheckoutPlan, ElementsConfiguration } from "./checkout-plan.js";
import type { TaxResult } from "./tax-table.js";

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** Stripe's side of a session, once checkout/complete created it. */
export interface StripeSessionState {
  customerId: string;
  intentId: string;
  intentType: "setup_intent" | "payment_intent";
  clientSecret: string;
  /** Minor units the PaymentIntent charges; null for a SetupIntent. */
  amount: number | null;
  /** The saved card, once Stripe reports the intent succeeded (renewals charge it). */
  paymentMethodId?: string | null;
}

/** The session's `gateway` column: the plan agreed at start, the Elements params sent, and Stripe's ids. */
export interface CheckoutGatewayState {
  plan: CheckoutPlan;
  elementsConfiguration: ElementsConfiguration;
  stripe?: StripeSessionState;
  /** The promotion code applied to the first charge, if any (`PATCH /rcbilling/v1/checkout/{id}`). */
  discount?: AppliedDiscount | null;
}

/** The session's `tax` column: the last successful calculation, or null (untaxed). */
export type StoredTax = Extract<TaxResult, { ok: true }> | null;

/** `error.code` of a failed operation (docs/protocol.md "Payment operation codes"). */
export const OperationErrorCode = {
  SetupIntentCreationFailed: 1,
  PaymentMethodCreationFailed: 2,
  PaymentChargeFailed: 3,
  SetupIntentCompletionFailed: 4,
  AlreadyPurchased: 5,
} as const;

export const gatewayState = (row: CheckoutSessionRow) => row.gateway as CheckoutGatewayState;
export const storedTax = (row: CheckoutSessionRow) => (row.tax ?? null) as StoredTax;

/** A new operation session id: `opsess_` and 32 hex characters. */
export const newOperationSessionId = () => `opsess_${randomUUID().replace(/-/g, "")}`;

/**
 * The caller's session, or 404 with 7877: a session of another project is indistinguishable from none.
 *
 * @example
 * const session = await findSession(ctx.db, request.caller.projectId, "opsess_…");
 */
export async function findSession(db: BillingDb, projectId: string, id: string): Promise<CheckoutSessionRow> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.projectId, projectId)));
  if (!row) {
    throw new BillingError(404, BillingErrorCode.InvalidOperationSession, `Unknown operation session ${id}.`);
  }
  return row;
}

/** Throws 7878 when the session has already succeeded or failed: nothing about it can change any more. */
export function assertOpen(row: CheckoutSessionRow): void {
  if (row.status === "succeeded" || row.status === "failed") {
    throw badRequest(
      `Operation session ${row.id} has already ${row.status}; start a new checkout.`,
      BillingErrorCode.PurchaseCannotBeCompleted,
    );
  }
}

/**
 * The body of `GET /rcbilling/v1/checkout/{id}` (docs/protocol.md): purchase fields once it succeeded, the
 * operation error once it failed.
 *
 * @example
 * operationResponse(session).operation.status; // "in_progress"
 */
export function operationResponse(row: CheckoutSessionRow) {
  const succeeded = row.status === "succeeded";
  return {
    operation: {
      status: row.status,
      operation_session_id: row.id,
      product_identifier: row.productId,
      ...(succeeded && row.storeTransactionId && row.purchaseDate
        ? {
            store_transaction_identifier: row.storeTransactionId,
            purchase_date: row.purchaseDate.toISOString(),
          }
        : {}),
      redemption_info: null,
      ...(row.status === "failed"
        ? {
            error: {
              code: row.errorCode ?? OperationErrorCode.PaymentChargeFailed,
              message: row.errorMessage ?? "The purchase failed.",
            },
          }
        : {}),
    },
  };
}
