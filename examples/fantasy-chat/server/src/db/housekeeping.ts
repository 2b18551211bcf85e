import { vacuumPgliteTables } from "@purchases-web/billing-server";
import { lt } from "drizzle-orm";
import type { AppDatabase, AppDb } from "./database.js";
import * as schema from "./schema.js";
import { rateLimits, sessions } from "./schema.js";

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
 * The periodic upkeep: {@link purgeExpired}, and on PGlite a `VACUUM (ANALYZE)` of the app's tables
 * (`vacuumPgliteTables`): without autovacuum the planner never gets statistics (a long chat's page is sorted
 * instead of read from its index) and the rows every send updates (the send limit's counter, the chat's activity
 * time) are never reclaimed. About 0.1 s for 20,000 messages, once an hour.
 *
 * @example
 * await housekeep(database, clock.now());
 */
export async function housekeep(database: Pick<AppDatabase, "db" | "kind">, now: Date): Promise<void> {
  await purgeExpired(database.db, now);
  await vacuumPgliteTables(database, schema);
}
