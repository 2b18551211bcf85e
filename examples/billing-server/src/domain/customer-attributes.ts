import { sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { customerAttributes } from "../db/schema.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** One subscriber attribute as stored: a null value is a deleted attribute, kept for its update time. */
export interface StoredAttribute {
  name: string;
  value: string | null;
  updatedAtMs: number;
}

/**
 * Saves attributes of a customer inside the caller's transaction. A value older than the stored one (an
 * out-of-order retry, or an older value of a customer being merged in) does not overwrite it.
 *
 * @example
 * await saveAttributes(tx, "realmheart", "user_42", [{ name: "$email", value: "a@b.co", updatedAtMs: Date.now() }]);
 */
export async function saveAttributes(
  tx: Db,
  projectId: string,
  appUserId: string,
  attributes: readonly StoredAttribute[],
): Promise<void> {
  if (attributes.length === 0) return;
  await tx
    .insert(customerAttributes)
    .values(attributes.map((a) => ({ projectId, appUserId, ...a })))
    .onConflictDoUpdate({
      target: [customerAttributes.projectId, customerAttributes.appUserId, customerAttributes.name],
      set: { value: sql`excluded.value`, updatedAtMs: sql`excluded.updated_at_ms` },
      setWhere: sql`excluded.updated_at_ms >= ${customerAttributes.updatedAtMs}`,
    });
}
