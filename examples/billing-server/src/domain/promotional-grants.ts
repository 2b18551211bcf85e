// Entitlements given without a purchase (RevenueCat's promotional grants, issue #48): the v1 `…/promotional` and
// `…/revoke_promotionals` calls and v2's grant and revoke actions all end here, so the duplicate rule that makes a
// retried grant harmless is written once.
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { customers, promotionalGrants } from "../db/schema.js";
import { BillingError, BillingErrorCode } from "../http/billing-error.js";
import { recordAudit } from "../access/audit-log.js";
import { catalogueByProduct, customerNotFound, ensureCustomer } from "./customers.js";
import { addIsoDuration } from "./iso-duration.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

export type PromotionalGrantRow = typeof promotionalGrants.$inferSelect;

/** RevenueCat v1's grant durations, each as an ISO 8601 period; `lifetime` never ends. */
const DURATION_PERIODS = {
  daily: "P1D",
  three_day: "P3D",
  weekly: "P1W",
  two_week: "P2W",
  monthly: "P1M",
  two_month: "P2M",
  three_month: "P3M",
  six_month: "P6M",
  yearly: "P1Y",
  lifetime: null,
} as const;

/** The durations a v1 grant may ask for, in RevenueCat's spelling. */
export const PROMOTIONAL_DURATIONS = Object.keys(DURATION_PERIODS) as [
  PromotionalDuration,
  ...PromotionalDuration[],
];

export type PromotionalDuration = keyof typeof DURATION_PERIODS;

/** What a grant asked for by an end date (`end_time_ms`, v2's `expires_at`) is stored as. */
export const CUSTOM_DURATION = "custom";

/**
 * How close a requested end may come to an active grant's expiry and still be the same grant: RevenueCat treats such a
 * request as a duplicate that does not extend, which is what makes a retried grant change nothing.
 */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 60_000;

/**
 * When a grant of `duration` counted from `from` ends; null for `lifetime`.
 *
 * @example
 * promotionalEnd("monthly", new Date("2026-01-31T00:00:00Z")); // 2026-02-28T00:00:00Z
 */
export function promotionalEnd(duration: PromotionalDuration, from: Date): Date | null {
  const period = DURATION_PERIODS[duration];
  return period === null ? null : addIsoDuration(from, period);
}

/** Whether a grant gives access at `now`: not revoked, and without an end or ending later. */
export function isActiveGrant(
  grant: Pick<PromotionalGrantRow, "revokedAt" | "expiresAt">,
  now: Date,
): boolean {
  return grant.revokedAt === null && (grant.expiresAt === null || grant.expiresAt > now);
}

/**
 * The active grant a request ending at `end` repeats, if any: one whose expiry is within
 * {@link DUPLICATE_WINDOW_MS} of `end` (two lifetime grants are the same grant too).
 *
 * @example
 * duplicateGrant(activeGrants, new Date(existing.expiresAt!.getTime() + 60_000)); // existing
 */
export function duplicateGrant<G extends Pick<PromotionalGrantRow, "expiresAt">>(
  activeGrants: readonly G[],
  end: Date | null,
): G | undefined {
  return activeGrants.find((g) =>
    g.expiresAt === null || end === null
      ? g.expiresAt === end
      : Math.abs(g.expiresAt.getTime() - end.getTime()) <= DUPLICATE_WINDOW_MS,
  );
}

/** The entitlement identifiers the project's products grant. */
export async function projectEntitlements(db: Db, projectId: string): Promise<Set<string>> {
  const { entitlementsByProduct } = await catalogueByProduct(db, projectId);
  return new Set([...entitlementsByProduct.values()].flat());
}

/** The project has no such entitlement: 404, as the protocol answers for an object the key's project lacks. */
export const unknownEntitlement = (entitlement: string) =>
  new BillingError(
    404,
    BillingErrorCode.BadRequest,
    `The project has no entitlement "${entitlement.slice(0, 100)}".`,
  );

/** Who is granted what, until when, by whom. */
export interface PromotionalGrantRequest {
  projectId: string;
  appUserId: string;
  entitlement: string;
  /** A {@link PromotionalDuration} or {@link CUSTOM_DURATION}. */
  duration: PromotionalDuration | typeof CUSTOM_DURATION;
  /** When access ends; null for life. */
  expiresAt: Date | null;
  /** The audit log's actor (`secretKeyActor(merchant)`), also kept as the grant's `grantedBy`. */
  actor: string;
  now: Date;
}

/**
 * Grants an entitlement from `now` until `expiresAt`, in the caller's transaction, with its audit entry; the customer
 * is created if new. A request that repeats an active grant ({@link duplicateGrant}) writes nothing and resolves with
 * that grant (`created: false`). Refused with 404 when the project has no such entitlement.
 *
 * @example
 * await db.transaction((tx) => grantPromotional(tx, { projectId, appUserId: "u1", entitlement: "premium", duration: "monthly", expiresAt, actor, now }));
 */
export async function grantPromotional(
  tx: Db,
  request: PromotionalGrantRequest,
): Promise<{ grant: PromotionalGrantRow; created: boolean }> {
  const { projectId, appUserId, entitlement, now } = request;
  if (!(await projectEntitlements(tx, projectId)).has(entitlement)) throw unknownEntitlement(entitlement);
  await ensureCustomer(tx, projectId, appUserId, now);
  // The customer's row is the lock two identical grants sent side by side are judged under, one after the other.
  await lockCustomer(tx, projectId, appUserId);
  const active = await activeGrants(tx, projectId, appUserId, entitlement, now);
  const repeated = duplicateGrant(active, request.expiresAt);
  if (repeated) return { grant: repeated, created: false };
  const [grant] = await tx
    .insert(promotionalGrants)
    .values({
      id: `promo_${now.getTime().toString(36)}${randomBytes(6).toString("hex")}`,
      projectId,
      appUserId,
      entitlement,
      duration: request.duration,
      startsAt: now,
      expiresAt: request.expiresAt,
      grantedBy: request.actor,
      createdAt: now,
    })
    .returning();
  await recordAudit(tx, {
    projectId,
    actor: request.actor,
    action: "customer.promotional_grant",
    targetType: "customer",
    targetId: appUserId,
    after: grant,
    at: now,
  });
  return { grant: grant!, created: true };
}

/**
 * Revokes every active grant of an entitlement a customer has, in the caller's transaction, with one audit entry;
 * resolves with the grants revoked (none when there were none: revoking again changes nothing). Refused with 404 when
 * the project has no such entitlement or there is no such customer.
 *
 * @example
 * await db.transaction((tx) => revokePromotionals(tx, { projectId, appUserId: "u1", entitlement: "premium", actor, now }));
 */
export async function revokePromotionals(
  tx: Db,
  request: Omit<PromotionalGrantRequest, "duration" | "expiresAt">,
): Promise<PromotionalGrantRow[]> {
  const { projectId, appUserId, entitlement, now } = request;
  if (!(await projectEntitlements(tx, projectId)).has(entitlement)) throw unknownEntitlement(entitlement);
  if (!(await lockCustomer(tx, projectId, appUserId))) throw customerNotFound(appUserId);
  const active = await activeGrants(tx, projectId, appUserId, entitlement, now);
  if (active.length === 0) return [];
  // Only the active ones: an expired grant stays in the customer's history as expired.
  const revoked = await tx
    .update(promotionalGrants)
    .set({ revokedAt: now })
    .where(
      inArray(
        promotionalGrants.id,
        active.map((g) => g.id),
      ),
    )
    .returning();
  await recordAudit(tx, {
    projectId,
    actor: request.actor,
    action: "customer.promotional_revoke",
    targetType: "customer",
    targetId: appUserId,
    before: active,
    after: revoked,
    at: now,
  });
  return revoked;
}

/** Locks the customer's row for the rest of the transaction; whether there is one. */
export async function lockCustomer(tx: Db, projectId: string, appUserId: string): Promise<boolean> {
  const rows = await tx
    .select({ appUserId: customers.appUserId })
    .from(customers)
    .where(and(eq(customers.projectId, projectId), eq(customers.appUserId, appUserId)))
    .for("update");
  return rows.length > 0;
}

function activeGrants(tx: Db, projectId: string, appUserId: string, entitlement: string, now: Date) {
  return tx
    .select()
    .from(promotionalGrants)
    .where(
      and(
        eq(promotionalGrants.projectId, projectId),
        eq(promotionalGrants.appUserId, appUserId),
        eq(promotionalGrants.entitlement, entitlement),
        isNull(promotionalGrants.revokedAt),
        or(isNull(promotionalGrants.expiresAt), gt(promotionalGrants.expiresAt, now)),
      ),
    );
}
