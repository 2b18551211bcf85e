import { PackageType } from "./types";

const RESERVED_PREFIX = "$rc_";

/**
 * The kind of a package from its identifier: one of the reserved `$rc_` identifiers, `Unknown` for any
 * other `$rc_` identifier (reserved for kinds this SDK does not know yet), and `Custom` for the rest.
 *
 * @example
 * packageTypeFromIdentifier("$rc_monthly"); // PackageType.Monthly
 * packageTypeFromIdentifier("$rc_custom_thing"); // PackageType.Unknown
 * packageTypeFromIdentifier("gems_pack"); // PackageType.Custom
 */
export function packageTypeFromIdentifier(identifier: string): PackageType {
  if (!identifier.startsWith(RESERVED_PREFIX)) return PackageType.Custom;
  // The enum's values are the reserved identifiers themselves; "unknown" and "custom" lack the prefix.
  return (Object.values(PackageType) as string[]).includes(identifier)
    ? (identifier as PackageType)
    : PackageType.Unknown;
}
