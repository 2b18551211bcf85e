/**
 * Whether a database error (or the driver error it wraps) is a unique-constraint violation (SQLSTATE 23505).
 *
 * @example
 * try { await db.insert(users).values(row); } catch (error) { if (isUniqueViolation(error)) throw emailTaken(); }
 */
export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === "23505");
}
