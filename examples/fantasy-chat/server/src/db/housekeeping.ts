import { getTableName, is, lt, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { AppDatabase, AppDb } from "./database.js";
import * as schema from "./schema.js";
import { rateLimits, sessions } from "./schema.js";

/** The app's own tables, as `VACUUM` names them (the system catalogues are left alone: ~75 ms more, no gain). */
const APP_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`)
  .join(", ");

/**
 * Deletes expired sessions and rate-limit windows. Expired rows are already ignored by every read, so this only
 * keeps the tables small; running it from several processes at once is harmless.
 *
 * @example
 * await purgeExpired(database.db, clock.now());
 */
export async function purgeExpired(db: AppDb, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

/**
 * The periodic upkeep: {@link purgeExpired}, and on PGlite a `VACUUM (ANALYZE)` of the app's tables. PGlite runs PostgreSQL in
 * single-user mode, where no autovacuum runs: without it the planner never gets statistics (every table looks
 * empty, so a long chat's page is sorted instead of read from its index) and the rows every send updates (the
 * send limit's counter, the chat's activity time) are never reclaimed. About 0.1 s for 20,000 messages, once an
 * hour; PostgreSQL's own autovacuum does this there.
 *
 * @example
 * await housekeep(database, clock.now());
 */
export async function housekeep(database: Pick<AppDatabase, "db" | "kind">, now: Date): Promise<void> {
  await purgeExpired(database.db, now);
  if (database.kind === "pglite") await database.db.execute(sql.raw(`vacuum (analyze) ${APP_TABLES}`));
}
