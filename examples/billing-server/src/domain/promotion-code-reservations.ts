import { and, count, eq, lt, ne, sql } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { promotionCodes, promotionRedemptions, purchases } from "../db/schema.js";
import { BillingErrorCode, badRequest } from "../http/billing-error.js";
import { normalizePromotionCode, type CataloguePromotionCode } from "../catalogue/promotion-code-schema.js";
import { judgePromotionCode, type AppliedDiscount, type DiscountTarget } from "./checkout-discount.js";

// A code's `max_redemptions` must hold before money is asked for, and under concurrency: every use is a row of
// `billing_promotion_redemptions` held by one checkout session (or Test Store receipt), written while the code's
// row is locked, so two checkouts judge a code's last use one after the other.

type Tx = Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/**
 * How long a code applied to a checkout stays held when the checkout neither pays nor fails. Sessions never
 * expire, so an abandoned one would keep a single-use code forever; its hold lapses this long after the code was
 * last applied or checked at complete, and the next checkout to judge the code releases it.
 */
export const RESERVATION_HOLD_MS = 30 * 60_000;

/** Who holds a use of a code: an operation session (`opsess_…`) or a Test Store receipt (its fetch token). */
export interface RedemptionHolder {
  projectId: string;
  holderId: string;
}

/**
 * Reserves a use of a code for a checkout session, in the caller's transaction, or throws its refusal as a 400
 * (7815 unknown; the rest as {@link judgePromotionCode}). Uses are the purchases counted so far plus the live
 * holds of other sessions; the session's own hold is renewed, and any other code it held is released (a code
 * replaced on the session). Applying the same code again takes nothing more.
 *
 * @example
 * await db.transaction((tx) => reserveDiscount(tx, { projectId, holderId: "opsess_…" }, "once", target));
 */
export async function reserveDiscount(
  tx: Tx,
  holder: RedemptionHolder,
  rawCode: string,
  target: DiscountTarget,
): Promise<AppliedDiscount> {
  const row = await lockPromotionCode(tx, holder.projectId, rawCode);
  return holdCode(tx, holder, row, target);
}

/**
 * The discount of a Test Store receipt's `discount_code`, reserved for its fetch token like a checkout's
 * ({@link reserveDiscount}); the route confirms it with the purchase, in the same transaction. A replayed receipt
 * (its `fetch_token` already recorded) answers null so that the replay stays a no-op even when the code has expired
 * or been used up since. The replay is looked for under the code's lock, so a replay racing its original waits for
 * it and then sees it.
 *
 * @example
 * const discount = await receiptDiscount(tx, { projectId, fetchToken, code: "WELCOME10", target });
 */
export async function receiptDiscount(
  tx: Tx,
  input: { projectId: string; fetchToken: string; code: string | null | undefined; target: DiscountTarget },
): Promise<AppliedDiscount | null> {
  if (!input.code) return null;
  const row = await lockPromotionCode(tx, input.projectId, input.code, { mustExist: false });
  const [replayed] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.projectId, input.projectId), eq(purchases.storeTransactionId, input.fetchToken)));
  if (replayed) return null;
  if (!row) throw unknownCode(normalizePromotionCode(input.code));
  return holdCode(tx, { projectId: input.projectId, holderId: input.fetchToken }, row, input.target);
}

/**
 * Counts a holder's use of a code, inside the transaction that records the purchase: its hold becomes
 * `confirmed` and the code's `redemption_count` grows by one, only the first time (a replayed webhook or receipt
 * counts nothing). A purchase whose hold lapsed or was released still counts: the money was taken. A code deleted
 * from the catalogue meanwhile counts nothing.
 *
 * @example
 * await confirmRedemption(tx, { projectId, holderId: session.id }, "ONCE", now);
 */
export async function confirmRedemption(
  tx: Tx,
  holder: RedemptionHolder,
  code: string,
  now: Date,
): Promise<void> {
  const row = await lockPromotionCode(tx, holder.projectId, code, { mustExist: false });
  if (!row) return;
  const [confirmed] = await tx
    .insert(promotionRedemptions)
    .values({ ...holder, code: row.code, status: "confirmed", reservedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [promotionRedemptions.projectId, promotionRedemptions.code, promotionRedemptions.holderId],
      set: { status: "confirmed", updatedAt: now },
      setWhere: ne(promotionRedemptions.status, "confirmed"),
    })
    .returning({ code: promotionRedemptions.code });
  if (!confirmed) return;
  await tx
    .update(promotionCodes)
    .set({ redemptionCount: sql`${promotionCodes.redemptionCount} + 1` })
    .where(and(eq(promotionCodes.projectId, holder.projectId), eq(promotionCodes.code, row.code)));
}

/**
 * Gives back whatever a holder reserved and did not use: its checkout failed or dropped its code (or, with
 * `keepCode`, replaced it with that one).
 *
 * @example
 * await releaseRedemptions(tx, { projectId, holderId: session.id }, now);
 */
export async function releaseRedemptions(
  tx: Tx,
  holder: RedemptionHolder,
  now: Date,
  keepCode?: string,
): Promise<void> {
  await tx
    .update(promotionRedemptions)
    .set({ status: "released", updatedAt: now })
    .where(
      and(
        eq(promotionRedemptions.projectId, holder.projectId),
        eq(promotionRedemptions.holderId, holder.holderId),
        eq(promotionRedemptions.status, "reserved"),
        keepCode === undefined ? undefined : ne(promotionRedemptions.code, keepCode),
      ),
    );
}

type PromotionCodeRow = typeof promotionCodes.$inferSelect;

const unknownCode = (code: string) =>
  badRequest(`There is no promotion code ${code}.`, BillingErrorCode.DiscountCodeNotFound);

async function lockPromotionCode(
  tx: Tx,
  projectId: string,
  rawCode: string,
  options?: { mustExist: true },
): Promise<PromotionCodeRow>;
async function lockPromotionCode(
  tx: Tx,
  projectId: string,
  rawCode: string,
  options: { mustExist: false },
): Promise<PromotionCodeRow | undefined>;
async function lockPromotionCode(
  tx: Tx,
  projectId: string,
  rawCode: string,
  { mustExist = true }: { mustExist?: boolean } = {},
): Promise<PromotionCodeRow | undefined> {
  const code = normalizePromotionCode(rawCode);
  const [row] = await tx
    .select()
    .from(promotionCodes)
    .where(and(eq(promotionCodes.projectId, projectId), eq(promotionCodes.code, code)))
    .for("update");
  if (!row && mustExist) throw unknownCode(code);
  return row;
}

/** Judges a locked code against its uses and, when it applies, holds one use for the holder. */
async function holdCode(
  tx: Tx,
  holder: RedemptionHolder,
  row: PromotionCodeRow,
  target: DiscountTarget,
): Promise<AppliedDiscount> {
  const now = target.now;
  const ofCode = and(
    eq(promotionRedemptions.projectId, holder.projectId),
    eq(promotionRedemptions.code, row.code),
  );
  await tx
    .update(promotionRedemptions)
    .set({ status: "released", updatedAt: now })
    .where(
      and(
        ofCode,
        eq(promotionRedemptions.status, "reserved"),
        lt(promotionRedemptions.reservedAt, new Date(now.getTime() - RESERVATION_HOLD_MS)),
      ),
    );
  const [held] = await tx
    .select({ n: count() })
    .from(promotionRedemptions)
    .where(
      and(
        ofCode,
        eq(promotionRedemptions.status, "reserved"),
        ne(promotionRedemptions.holderId, holder.holderId),
      ),
    );
  const verdict = judgePromotionCode(
    row.definition as CataloguePromotionCode,
    row.redemptionCount + (held?.n ?? 0),
    target,
  );
  if (!verdict.ok) throw badRequest(verdict.message, verdict.errorCode);
  await releaseRedemptions(tx, holder, now, row.code);
  await tx
    .insert(promotionRedemptions)
    .values({ ...holder, code: row.code, status: "reserved", reservedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [promotionRedemptions.projectId, promotionRedemptions.code, promotionRedemptions.holderId],
      set: { status: "reserved", reservedAt: now, updatedAt: now },
      setWhere: ne(promotionRedemptions.status, "confirmed"),
    });
  return verdict.discount;
}
