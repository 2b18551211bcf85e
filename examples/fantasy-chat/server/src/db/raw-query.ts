import type { Placeholder, SQL } from "drizzle-orm";
import type { AppDb, AppTx } from "./database.js";

/** The hot statements (a send's claim and stores) are compiled once and run as named prepared statements. */
export { preparedStatement } from "@purchases-web/billing-server";

/** A statement's value: given, or marked for a compiled statement to fill in on each call (`preparedStatement`). */
export type Bound<T> = T | SQL | Placeholder;

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
