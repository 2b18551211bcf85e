// What a secret key may do (issue #48). A `…:write` scope includes its `…:read`.

/** Every scope a secret key can hold, in the order lists show them. */
export const SECRET_KEY_SCOPES = [
  "customers:read",
  "customers:write",
  "catalogue:read",
  "catalogue:write",
  "metrics:read",
  "webhooks:read",
  "webhooks:write",
  "audit_log:read",
] as const;

export type SecretKeyScope = (typeof SECRET_KEY_SCOPES)[number];

/**
 * Whether a key holding `held` may act within `needed`: it holds it, or it needs a read and holds that area's write.
 *
 * @example
 * grantsScope(["customers:write"], "customers:read"); // true
 * grantsScope(["customers:read"], "customers:write"); // false
 */
export function grantsScope(held: readonly string[], needed: SecretKeyScope): boolean {
  if (held.includes(needed)) return true;
  return needed.endsWith(":read") && held.includes(needed.replace(/:read$/, ":write"));
}

/**
 * The scopes a list of names asks for, or the names that are not scopes. `all` stands for every scope.
 *
 * @example
 * parseScopes(["customers:read", "metrics:read"]); // { ok: true, scopes: ["customers:read", "metrics:read"] }
 * parseScopes(["customer:read"]); // { ok: false, unknown: ["customer:read"] }
 */
export function parseScopes(
  names: readonly string[],
): { ok: true; scopes: SecretKeyScope[] } | { ok: false; unknown: string[] } {
  const unknown = names.filter((n) => n !== "all" && !(SECRET_KEY_SCOPES as readonly string[]).includes(n));
  if (unknown.length > 0) return { ok: false, unknown };
  if (names.includes("all")) return { ok: true, scopes: [...SECRET_KEY_SCOPES] };
  return { ok: true, scopes: SECRET_KEY_SCOPES.filter((s) => names.includes(s)) };
}
