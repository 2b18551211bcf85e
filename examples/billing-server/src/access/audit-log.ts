import { randomBytes } from "node:crypto";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { auditLog } from "../db/schema.js";

type Db = BillingDb | Parameters<Parameters<BillingDb["transaction"]>[0]>[0];

/** One write, as the audit log records it. */
export interface AuditEntry {
  projectId: string;
  /** Who: `secret_key key_…`, `cli alice@host`, `dashboard alice@example.com`. */
  actor: string;
  /** What: `customer.promotional_grant`, `subscription.cancel`, `secret_key.create`… */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Adds one entry to the audit log, in the caller's transaction, so that the write and its record land together.
 *
 * @example
 * await recordAudit(tx, { projectId, actor: `secret_key ${keyId}`, action: "subscription.cancel", targetType: "subscription", targetId, before, after, at });
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: `audit_${entry.at.getTime().toString(36)}${randomBytes(6).toString("hex")}`,
    projectId: entry.projectId,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}

/** Which entries {@link auditEntries} reads. */
export interface AuditQuery {
  projectId: string;
  targetType?: string;
  targetId?: string;
  /** The last entry of the previous page (entries come newest first, in the order they were written). */
  startingAfter?: AuditRow | null;
  limit: number;
}

/**
 * A project's audit entries, the last written first, optionally of one target, a page at a time.
 *
 * @example
 * const page = await auditEntries(db, { projectId: "realmheart", targetType: "customer", targetId: "u1", limit: 20 });
 */
export function auditEntries(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [eq(auditLog.projectId, query.projectId)];
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) where.push(eq(auditLog.targetId, query.targetId));
  const after = query.startingAfter;
  if (after) {
    where.push(lt(auditLog.seq, after.seq));
  }
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.seq))
    .limit(query.limit);
}
