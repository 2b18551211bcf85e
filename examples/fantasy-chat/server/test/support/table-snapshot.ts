// A fingerprint of every app table (row count and an md5 of the rows), to prove that a request wrote nothing.
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../src/db/schema.js";
import type { AppDatabase } from "../../src/db/database.js";

/** Every table of the app's schema, by name. */
export const APP_TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

const SNAPSHOT_SQL = APP_TABLES.map(
  (t) =>
    `select '${t}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${t} x`,
).join(" union all ");

export type TableSnapshot = Record<string, string>;

/** `{ table: "count:md5" }` for every app table. */
export async function snapshotTables(database: AppDatabase): Promise<TableSnapshot> {
  const result = (await database.db.execute(sql.raw(SNAPSHOT_SQL))) as unknown as {
    rows: { t: string; n: number; h: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return APP_TABLES.filter((t) => before[t] !== after[t]);
}
