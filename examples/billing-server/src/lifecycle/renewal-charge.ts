import { and, eq } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { checkoutSessions, products, purchases } from "../db/schema.js";
import { storedTax, type CheckoutSessionRow } from "../domain/checkout-session.js";
import { calculateTax } from "../domain/tax-table.js";
import { nextRenewalPeriod, renewalChainPosition, type SubscriptionPhases } from "./next-renewal-period.js";

type PurchaseRow = typeof purchases.$inferSelect;
type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/**
 * The checkout that started the subscription `period` belongs to (its email, saved card and billing address), or
 * null for one that did not start in a checkout (the Test Store).
 *
 * @example
 * (await subscriptionCheckout(db, period))?.email; // "ada@example.com"
 */
export async function subscriptionCheckout(
  db: BillingDb,
  period: Pick<PurchaseRow, "projectId" | "storeTransactionId">,
): Promise<CheckoutSessionRow | null> {
  const { originalTransactionId } = renewalChainPosition(period.storeTransactionId);
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.projectId, period.projectId),
        eq(checkoutSessions.storeTransactionId, originalTransactionId),
      ),
    )
    .limit(1);
  return session ?? null;
}

/**
 * What a renewal's card charge comes to: its price plus tax at the checkout's billing address, at today's rate,
 * as the card renewal charger charges it (tax is added on top of catalogue prices).
 *
 * @example
 * renewalChargeMicros(session, 99_000_000, "ZAR"); // 113_850_000 for a South African address
 */
export function renewalChargeMicros(
  session: CheckoutSessionRow | null,
  amountMicros: number,
  currency: string,
): number {
  const location = session ? storedTax(session) : null;
  const tax = location ? calculateTax(location, amountMicros, currency) : null;
  return tax?.ok ? tax.totalMicros : amountMicros;
}

/**
 * The renewal of `period` that is due (the next period's price, which a trial or an intro price changes, with tax):
 * what the customer is asked to confirm. Null when the plan has left the catalogue.
 *
 * @example
 * await renewalAmountDue(db, period); // { amountMicros: 113_850_000, currency: "ZAR" }
 */
export async function renewalAmountDue(
  db: BillingDb,
  period: PurchaseRow,
): Promise<{ amountMicros: number; currency: string } | null> {
  const [product] = await db
    .select({ options: products.purchaseOptions })
    .from(products)
    .where(and(eq(products.projectId, period.projectId), eq(products.identifier, period.productId)));
  const option = (product?.options as Record<string, Partial<SubscriptionPhases>> | undefined)?.[
    period.optionId
  ];
  if (!option?.base || !period.expiresDate) return null;
  const next = nextRenewalPeriod({
    previous: { storeTransactionId: period.storeTransactionId, expiresDate: period.expiresDate },
    firstPeriodType: await firstPeriodType(db, period),
    option: option as SubscriptionPhases,
  });
  return {
    amountMicros: renewalChargeMicros(
      await subscriptionCheckout(db, period),
      next.priceMicros,
      next.currency,
    ),
    currency: next.currency,
  };
}

/** The period type the subscription began with (trial, intro or normal): where its renewals stand in the plan. */
export async function firstPeriodType(db: Db, period: PurchaseRow): Promise<PurchaseRow["periodType"]> {
  const { originalTransactionId, renewalNumber } = renewalChainPosition(period.storeTransactionId);
  if (renewalNumber === 0) return period.periodType;
  const [original] = await db
    .select({ periodType: purchases.periodType })
    .from(purchases)
    .where(
      and(eq(purchases.projectId, period.projectId), eq(purchases.storeTransactionId, originalTransactionId)),
    );
  return original?.periodType ?? "normal";
}
