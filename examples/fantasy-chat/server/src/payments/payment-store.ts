import { randomBytes } from "node:crypto";
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import type { AppDb, AppTx } from "../db/database.js";
import { paymentMethods, payments, type GatewayName, type PaymentKind } from "../db/schema.js";
import type { CardDetails } from "./gateways/payment-gateway.js";
import type { Money } from "../premium/money.js";

/** A payment row as stored. */
export type PaymentRow = typeof payments.$inferSelect;
/** A saved card as stored. */
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * A new payment reference: 96 random bits, in the characters Paystack allows (letters, digits, `-`, `.`, `=`).
 * Knowing a reference is what lets a browser or webhook settle a payment, so it must not be guessable.
 *
 * @example
 * newReference(); // "rh-4f0c9a1b2c3d4e5f60718293"
 */
export function newReference(): string {
  return `rh-${randomBytes(12).toString("hex")}`;
}

/** What a new payment row needs. */
export interface NewPayment {
  reference: string;
  userId: string;
  kind: PaymentKind;
  gateway: GatewayName;
  price: Money;
  email: string;
  renewalFor?: Date | null;
  now: Date;
}

/**
 * Records a pending payment, bound to its user. Returns null when a pending or successful payment for the same user
 * and period (`renewalFor`) already exists (another worker claimed it, or a card update is paying it).
 *
 * @example
 * await insertPayment(db, { reference: newReference(), userId, kind: "subscription", gateway: "sandbox", price: PREMIUM_PRICE, email, now });
 */
export async function insertPayment(db: AppDb | AppTx, input: NewPayment): Promise<PaymentRow | null> {
  const [row] = await db
    .insert(payments)
    .values({
      reference: input.reference,
      userId: input.userId,
      kind: input.kind,
      gateway: input.gateway,
      amount: input.price.amount,
      currency: input.price.currency,
      email: input.email,
      status: "pending",
      renewalFor: input.renewalFor ?? null,
      createdAt: input.now,
      attemptedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The payment with this reference, or null. */
export async function findPayment(db: AppDb | AppTx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row ?? null;
}

/** Saves (or replaces) the user's card. */
export async function savePaymentMethod(
  tx: AppTx,
  input: {
    userId: string;
    gateway: GatewayName;
    authorizationCode: string;
    email: string;
    card: CardDetails | null;
    now: Date;
  },
): Promise<void> {
  const values = {
    userId: input.userId,
    gateway: input.gateway,
    authorizationCode: input.authorizationCode,
    email: input.email,
    brand: input.card?.brand ?? null,
    last4: input.card?.last4 ?? null,
    expMonth: input.card?.expMonth ?? null,
    expYear: input.card?.expYear ?? null,
    updatedAt: input.now,
  };
  await tx
    .insert(paymentMethods)
    .values(values)
    .onConflictDoUpdate({ target: paymentMethods.userId, set: values });
}

/**
 * Claims up to `limit` payments matching `condition` for a retry, oldest attempt first: their `attemptedAt` moves to
 * `now` in one statement over rows locked with `SKIP LOCKED`, so concurrent workers never claim the same payment,
 * and a claimed one is not due again until its retry interval has passed anew.
 *
 * @example
 * const claimed = await claimForRetry(db, and(eq(payments.status, "pending"), lte(payments.attemptedAt, cutoff)), now, 20);
 */
export async function claimForRetry(
  db: AppDb,
  condition: SQL | undefined,
  now: Date,
  limit: number,
): Promise<PaymentRow[]> {
  const due = db
    .select({ reference: payments.reference })
    .from(payments)
    .where(condition)
    .orderBy(asc(payments.attemptedAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db.update(payments).set({ attemptedAt: now }).where(inArray(payments.reference, due)).returning();
}
