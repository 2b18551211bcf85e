// Secret API keys (issue #48): made, listed and revoked from the CLI (later the dashboard), checked on every
// merchant-API request. Only a key's SHA-256 is stored; the key itself is shown once, when it is made.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { BillingDb } from "../db/database.js";
import { projects, secretKeys } from "../db/schema.js";
import { recordAudit } from "./audit-log.js";
import type { SecretKeyScope } from "./secret-key-scopes.js";

/** Every secret key starts with it; no public key kind (API_KEY_KINDS) does. */
export const SECRET_KEY_PREFIX = "sk_";

/** Characters of a key kept as its `prefix`, to tell keys apart in a list. */
const SHOWN_CHARACTERS = 12;

/** How often `last_used_at` is written at most per key: a busy key does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type SecretKeyRow = typeof secretKeys.$inferSelect;

/** A secret key as lists show it: never its hash. */
export type SecretKeyListing = Omit<SecretKeyRow, "hash">;

/** The SHA-256 (hex) a key is stored as. */
export function secretKeyHash(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** What a new key is for. */
export interface NewSecretKey {
  projectId: string;
  scopes: readonly SecretKeyScope[];
  name?: string | null;
  expiresAt?: Date | null;
  /** Who asks for it: "cli alice@billing-1". */
  actor: string;
  now: Date;
}

/** Why a project cannot have the key asked for. */
export class SecretKeyError extends Error {
  override readonly name = "SecretKeyError";
}

/**
 * Makes a secret key for a project and records it in the audit log; resolves with the key, shown this once, and its
 * listing. Refused (SecretKeyError) for an unknown project, no scope, or an expiry that is not in the future.
 *
 * @example
 * const { key, listing } = await createSecretKey(db, { projectId: "realmheart", scopes: ["customers:read"], actor: "cli", now });
 */
export async function createSecretKey(
  db: BillingDb,
  request: NewSecretKey,
): Promise<{ key: string; listing: SecretKeyListing }> {
  if (request.scopes.length === 0) throw new SecretKeyError("A secret key needs at least one scope.");
  if (request.expiresAt && request.expiresAt <= request.now) {
    throw new SecretKeyError("The expiry must be in the future.");
  }
  const key = `${SECRET_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, request.projectId));
    if (!project) throw new SecretKeyError(`There is no project "${request.projectId}".`);
    const [row] = await tx
      .insert(secretKeys)
      .values({
        id: `key_${randomBytes(8).toString("hex")}`,
        projectId: request.projectId,
        hash: secretKeyHash(key),
        prefix: key.slice(0, SHOWN_CHARACTERS),
        name: request.name ?? null,
        scopes: [...request.scopes],
        createdBy: request.actor,
        createdAt: request.now,
        expiresAt: request.expiresAt ?? null,
      })
      .returning();
    const { hash: _hash, ...listing } = row!;
    await recordAudit(tx, {
      projectId: request.projectId,
      actor: request.actor,
      action: "secret_key.create",
      targetType: "secret_key",
      targetId: listing.id,
      after: listing,
      at: request.now,
    });
    return { key, listing };
  });
}

/**
 * The secret keys of one project (or of every project), oldest first, revoked and expired ones included.
 *
 * @example
 * for (const k of await listSecretKeys(db, "realmheart")) console.log(k.id, k.prefix, k.scopes.join(" "));
 */
export async function listSecretKeys(db: BillingDb, projectId?: string): Promise<SecretKeyListing[]> {
  const rows = await db
    .select()
    .from(secretKeys)
    .where(projectId === undefined ? undefined : eq(secretKeys.projectId, projectId))
    .orderBy(asc(secretKeys.createdAt), asc(secretKeys.id));
  return rows.map(({ hash: _hash, ...listing }) => listing);
}

/**
 * Revokes a key at `now` (it is refused from then on) and records it; resolves with the key's listing, or null when
 * there is no such key. Revoking a revoked key changes nothing.
 *
 * @example
 * await revokeSecretKey(db, "key_0a1b2c3d4e5f6a7b", { actor: "cli alice@host", now: new Date() });
 */
export async function revokeSecretKey(
  db: BillingDb,
  id: string,
  { actor, now }: { actor: string; now: Date },
): Promise<SecretKeyListing | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(secretKeys).where(eq(secretKeys.id, id)).for("update");
    if (!row) return null;
    const { hash: _hash, ...before } = row;
    if (row.revokedAt) return before;
    const after = { ...before, revokedAt: now };
    await tx.update(secretKeys).set({ revokedAt: now }).where(eq(secretKeys.id, id));
    await recordAudit(tx, {
      projectId: row.projectId,
      actor,
      action: "secret_key.revoke",
      targetType: "secret_key",
      targetId: id,
      before,
      after,
      at: now,
    });
    return after;
  });
}

/** A secret key that may act: its id, project and scopes. */
export interface MerchantCaller {
  keyId: string;
  projectId: string;
  scopes: string[];
}

/** Why a presented secret key was refused. */
export type SecretKeyRefusal = "unknown" | "revoked" | "expired";

/**
 * Checks a presented secret key at `now`: its caller, or why it is refused. Notes when it was used (at most once a
 * minute per key).
 *
 * @example
 * const checked = await authenticateSecretKey(db, "sk_…", new Date());
 * if (!checked.ok) throw unauthorized(checked.refusal);
 */
export async function authenticateSecretKey(
  db: BillingDb,
  key: string,
  now: Date,
): Promise<{ ok: true; caller: MerchantCaller } | { ok: false; refusal: SecretKeyRefusal }> {
  const [row] = await db
    .select({
      id: secretKeys.id,
      projectId: secretKeys.projectId,
      scopes: secretKeys.scopes,
      expiresAt: secretKeys.expiresAt,
      revokedAt: secretKeys.revokedAt,
      lastUsedAt: secretKeys.lastUsedAt,
    })
    .from(secretKeys)
    .where(eq(secretKeys.hash, secretKeyHash(key)))
    .limit(1);
  if (!row) return { ok: false, refusal: "unknown" };
  if (row.revokedAt && row.revokedAt <= now) return { ok: false, refusal: "revoked" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, refusal: "expired" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db
      .update(secretKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(secretKeys.id, row.id),
          or(isNull(secretKeys.lastUsedAt), lt(secretKeys.lastUsedAt, staleBefore)),
        ),
      );
  }
  return { ok: true, caller: { keyId: row.id, projectId: row.projectId, scopes: row.scopes } };
}

/** The audit log's name for a secret key acting. */
export function secretKeyActor(caller: Pick<MerchantCaller, "keyId">): string {
  return `secret_key ${caller.keyId}`;
}
