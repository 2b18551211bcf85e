import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Clock } from "../../clock.js";
import type { AppDb } from "../../db/database.js";
import { sandboxTransactions } from "../../db/schema.js";
import { isStorableText } from "../../http/validate.js";
import {
  PaymentGatewayError,
  type CardDetails,
  type ChargeInput,
  type GatewayTransaction,
  type InitializeInput,
  type InitializedTransaction,
  type PaymentGateway,
} from "./payment-gateway.js";

/** The sandbox's path prefix; its authorization page is `/sandbox/authorize/{reference}`. */
export const SANDBOX_PREFIX = "/sandbox";

/** A sandbox transaction row. */
export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;

/** What the customer chose on the authorization page. */
export type SandboxDecision = "approve" | "decline";

/**
 * The sandbox's pretend card behind an authorization: a Visa whose last four digits and expiry (2030–2035) come
 * from the authorization code, so a new card visibly differs from the old one and a charge reports the same card.
 */
function sandboxCard(code: string): CardDetails {
  const bits = parseInt(code.slice(-8), 16) || 0;
  return {
    brand: "visa",
    last4: String(bits % 10_000).padStart(4, "0"),
    expMonth: 1 + (bits % 12),
    expYear: 2030 + (bits % 6),
  };
}

function toTransaction(row: SandboxTransaction): GatewayTransaction {
  const code = row.authorizationCode;
  return {
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    authorization: code ? { code, reusable: true, card: sandboxCard(code) } : null,
    customerEmail: row.email,
    gatewayResponse: row.status === "success" ? "Approved" : row.status === "failed" ? "Declined" : null,
  };
}

/**
 * The built-in payment gateway used when no Paystack key is configured: it keeps its transactions in the app's
 * database and shows its own authorization page (see `sandbox-routes.ts`) where the customer approves or declines,
 * then sends the browser back to the app's callback exactly as Paystack does. No money moves. Charges on an
 * approved authorization succeed, unless the customer ticked "decline later charges" on the page (or a test set
 * it with {@link SandboxGateway.setDeclineCharges}).
 *
 * @example
 * const gateway = new SandboxGateway(db, clock);
 * await gateway.initialize({ reference, email, amount: 9900, currency: "ZAR", callbackUrl });
 * // → { authorizationUrl: "/sandbox/authorize/rh-…", reference }
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;

  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
  ) {}

  async initialize(input: InitializeInput): Promise<InitializedTransaction> {
    const [row] = await this.db
      .insert(sandboxTransactions)
      .values({
        reference: input.reference,
        kind: "checkout",
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        callbackUrl: input.callbackUrl,
        status: "pending",
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new PaymentGatewayError("rejected", "Sandbox: duplicate transaction reference", 400);
    return {
      authorizationUrl: `${SANDBOX_PREFIX}/authorize/${encodeURIComponent(row.reference)}`,
      reference: row.reference,
    };
  }

  async verify(reference: string): Promise<GatewayTransaction | null> {
    const row = await this.find(reference);
    return row ? toTransaction(row) : null;
  }

  async chargeAuthorization(input: ChargeInput): Promise<GatewayTransaction> {
    const [checkout] = await this.db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.authorizationCode, input.authorizationCode),
          eq(sandboxTransactions.kind, "checkout"),
          eq(sandboxTransactions.status, "success"),
        ),
      )
      .limit(1);
    if (!checkout) throw new PaymentGatewayError("rejected", "Sandbox: invalid authorization code", 400);
    const now = this.clock.now();
    const [row] = await this.db
      .insert(sandboxTransactions)
      .values({
        reference: input.reference,
        kind: "charge",
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        status: checkout.declineCharges ? "failed" : "success",
        authorizationCode: input.authorizationCode,
        createdAt: now,
        decidedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Like Paystack, a reference is charged at most once.
    if (!row) throw new PaymentGatewayError("rejected", "Sandbox: duplicate transaction reference", 400);
    return toTransaction(row);
  }

  async refund(reference: string): Promise<void> {
    const [row] = await this.db
      .update(sandboxTransactions)
      .set({ refundedAt: this.clock.now() })
      .where(
        and(
          eq(sandboxTransactions.reference, reference),
          eq(sandboxTransactions.status, "success"),
          // Like Paystack, a transaction is refunded at most once.
          isNull(sandboxTransactions.refundedAt),
        ),
      )
      .returning({ reference: sandboxTransactions.reference });
    if (!row) {
      throw new PaymentGatewayError(
        "rejected",
        "Sandbox: no successful, unrefunded transaction to refund",
        400,
      );
    }
  }

  /** The transaction with this reference, for the authorization page. */
  async find(reference: string): Promise<SandboxTransaction | null> {
    // A reference from a URL may hold what no stored reference can (the query would fail).
    if (!isStorableText(reference)) return null;
    const [row] = await this.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference))
      .limit(1);
    return row ?? null;
  }

  /**
   * Records the customer's choice on a pending checkout, once: an approval creates a reusable authorization. A
   * second submission (a double click, the back button) changes nothing. Returns the transaction as it now is,
   * or null when there is none.
   */
  async decide(
    reference: string,
    decision: SandboxDecision,
    options: { declineCharges?: boolean } = {},
  ): Promise<SandboxTransaction | null> {
    const approved = decision === "approve";
    const [row] = await this.db
      .update(sandboxTransactions)
      .set({
        status: approved ? "success" : "failed",
        authorizationCode: approved ? `AUTH_sandbox_${randomBytes(10).toString("hex")}` : null,
        declineCharges: approved && options.declineCharges === true,
        decidedAt: this.clock.now(),
      })
      .where(
        and(
          eq(sandboxTransactions.reference, reference),
          eq(sandboxTransactions.kind, "checkout"),
          eq(sandboxTransactions.status, "pending"),
          isNull(sandboxTransactions.decidedAt),
        ),
      )
      .returning();
    return row ?? (await this.find(reference));
  }

  /** Makes later charges on the authorization the checkout `reference` created fail (or succeed again). */
  async setDeclineCharges(reference: string, decline: boolean): Promise<void> {
    await this.db
      .update(sandboxTransactions)
      .set({ declineCharges: decline })
      .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.kind, "checkout")));
  }
}
