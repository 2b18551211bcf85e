import type { SQL } from "drizzle-orm";
import { preparedRows } from "@purchases-web/billing-server";
import type { AppDb, AppTx } from "./database.js";

/**
 * Runs a hand-written statement (one that folds several steps into one round trip, which the query builder cannot
 * express) and gives its rows. Both drivers answer `{ rows }`; column names are as the statement spells them.
 *
 * @example
 * const [row] = await queryRows<{ n: number }>(db, sql`select 1 as n`);
 */
export async function queryRows<T>(db: AppDb | AppTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * {@link queryRows} for the hot statements (a send's claim and stores): run as a named prepared statement, parsed
 * and planned once instead of on every call. The statement's text must be fixed (values as parameters).
 *
 * @example
 * const [row] = await queryPreparedRows<{ n: number }>(db, sql`select ${1}::int as n`);
 */
export function queryPreparedRows<T>(db: AppDb, statement: SQL): Promise<T[]> {
  return preparedRows<T>(db, statement);
}
