import { and, eq, notInArray, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { promotionCodes } from "../db/schema.js";
import { normalizePromotionCode, type CataloguePromotionCode } from "./promotion-code-schema.js";

type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/**
 * Makes a project's promotion codes match the catalogue inside the seeding transaction: definitions are
 * replaced, codes no longer listed are deleted, and the redemption count of a code that stays is kept (a
 * restart must not hand out a code's uses again).
 *
 * @example
 * await seedPromotionCodes(tx, "realmheart", project.promotion_codes);
 */
export async function seedPromotionCodes(
  tx: Tx,
  projectId: string,
  codes: readonly CataloguePromotionCode[],
): Promise<void> {
  const rows = codes.map((definition) => ({
    projectId,
    code: normalizePromotionCode(definition.code),
    definition,
  }));
  await tx.delete(promotionCodes).where(
    and(
      eq(promotionCodes.projectId, projectId),
      rows.length > 0
        ? notInArray(
            promotionCodes.code,
            rows.map((row) => row.code),
          )
        : undefined,
    ),
  );
  if (rows.length === 0) return;
  await tx
    .insert(promotionCodes)
    .values(rows)
    .onConflictDoUpdate({
      target: [promotionCodes.projectId, promotionCodes.code],
      set: { definition: sql`excluded.definition` },
    });
}
