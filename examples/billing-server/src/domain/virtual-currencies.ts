import { and, asc, eq, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import {
  virtualCurrencies,
  virtualCurrencyBalances,
  virtualCurrencyGrants,
  type purchases,
} from "../db/schema.js";

type PurchaseRow = typeof purchases.$inferSelect;
type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** One currency's entry of `GET /v1/subscribers/{app_user_id}/virtual_currencies`. */
export interface WireVirtualCurrency {
  balance: number;
  code: string;
  name: string;
  description: string | null;
}

/**
 * What one purchase period grants: the product's amounts for a paid period (a purchase, an introductory period,
 * a renewal), nothing for a free trial, whose first grant comes with the first paid renewal.
 *
 * @example
 * periodGrants("normal", { GEMS: 100 }); // [["GEMS", 100]]
 * periodGrants("trial", { GEMS: 100 }); // []
 */
export function periodGrants(
  periodType: PurchaseRow["periodType"],
  grants: Readonly<Record<string, number>>,
): [code: string, amount: number][] {
  return periodType === "trial" ? [] : Object.entries(grants);
}

/**
 * Adds what a purchase period grants to the customer's balances, inside the caller's transaction. Each grant is
 * recorded under the period's store transaction id first and the balance moves only for records that are new, so
 * however often one purchase is reported (a replayed receipt or webhook, a retried renewal) it grants once.
 *
 * @example
 * const [row] = await tx.insert(purchases).values(…).onConflictDoNothing().returning();
 * if (row) await grantVirtualCurrencies(tx, row, product.virtualCurrencyGrants, now);
 */
export async function grantVirtualCurrencies(
  tx: Db,
  purchase: PurchaseRow,
  grants: Readonly<Record<string, number>>,
  at: Date,
): Promise<void> {
  const amounts = periodGrants(purchase.periodType, grants);
  if (amounts.length === 0) return;
  const { projectId, appUserId } = purchase;
  const recorded = await tx
    .insert(virtualCurrencyGrants)
    .values(
      amounts.map(([code, amount]) => ({
        projectId,
        storeTransactionId: purchase.storeTransactionId,
        code,
        appUserId,
        productId: purchase.productId,
        amount,
        grantedAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning();
  await addToBalances(tx, projectId, appUserId, recorded, at);
}

/**
 * Adds amounts to a customer's balances inside the caller's transaction, creating the balances it has not yet.
 *
 * @example
 * await addToBalances(tx, "realmheart", "user_42", [{ code: "GEMS", amount: 100 }], now);
 */
export async function addToBalances(
  tx: Db,
  projectId: string,
  appUserId: string,
  amounts: readonly { code: string; amount: number }[],
  at: Date,
): Promise<void> {
  if (amounts.length === 0) return;
  await tx
    .insert(virtualCurrencyBalances)
    .values(
      amounts.map(({ code, amount }) => ({ projectId, appUserId, code, balance: amount, updatedAt: at })),
    )
    .onConflictDoUpdate({
      target: [
        virtualCurrencyBalances.projectId,
        virtualCurrencyBalances.appUserId,
        virtualCurrencyBalances.code,
      ],
      set: {
        balance: sql`${virtualCurrencyBalances.balance} + excluded.balance`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * The body of `GET /v1/subscribers/{app_user_id}/virtual_currencies`: every currency of the project, in catalogue
 * order, with the customer's balance (0 for a currency never granted, and for a customer never seen).
 */
export async function virtualCurrenciesResponse(
  db: Db,
  projectId: string,
  appUserId: string,
): Promise<{ virtual_currencies: Record<string, WireVirtualCurrency> }> {
  const rows = await db
    .select({
      code: virtualCurrencies.code,
      name: virtualCurrencies.name,
      description: virtualCurrencies.description,
      balance: virtualCurrencyBalances.balance,
    })
    .from(virtualCurrencies)
    .leftJoin(
      virtualCurrencyBalances,
      and(
        eq(virtualCurrencyBalances.projectId, virtualCurrencies.projectId),
        eq(virtualCurrencyBalances.code, virtualCurrencies.code),
        eq(virtualCurrencyBalances.appUserId, appUserId),
      ),
    )
    .where(eq(virtualCurrencies.projectId, projectId))
    .orderBy(asc(virtualCurrencies.position));
  return {
    virtual_currencies: Object.fromEntries(
      rows.map((r) => [
        r.code,
        { balance: r.balance ?? 0, code: r.code, name: r.name, description: r.description },
      ]),
    ),
  };
}
