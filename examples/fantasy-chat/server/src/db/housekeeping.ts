import { lt } from "drizzle-orm";
import type { AppDb } from "./database.js";
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
