import { childrenOf } from "./component-children";
import type { WireComponent, WirePackageComponent, WirePaywallDocument } from "./paywall-document";

function collect(component: WireComponent | null | undefined, out: WirePackageComponent[]) {
  if (!component) return;
  if (component.type === "package") out.push(component);
  for (const child of childrenOf(component)) collect(child, out);
}

/**
 * The package components inside `component` (itself included) in document order whose package the offering has.
 *
 * @example
 * packagesIn(tab.stack, new Set(["$rc_monthly"])).map((p) => p.package_id); // ["$rc_monthly"]
 */
export function packagesIn(
  component: WireComponent | null | undefined,
  available: ReadonlySet<string>,
): WirePackageComponent[] {
  const out: WirePackageComponent[] = [];
  collect(component, out);
  return out.filter((p) => available.has(p.package_id));
}

/**
 * The package components of a paywall in document order (the header first, the sticky footer last) whose package
 * the offering has; others cannot be bought and are not shown. Of tabs, only the default tab's count.
 *
 * @example
 * packageComponents(paywall, new Set(["$rc_monthly"])).map((p) => p.package_id); // ["$rc_monthly"]
 */
export function packageComponents(
  paywall: WirePaywallDocument,
  available: ReadonlySet<string>,
): WirePackageComponent[] {
  const { header, stack, sticky_footer } = paywall.components_config.base;
  return [header, stack, sticky_footer].flatMap((component) => packagesIn(component, available));
}

/**
 * The package selected when the paywall opens (docs/checkout.md): the first one marked `is_selected_by_default`,
 * else the first one shown, else null.
 *
 * @example
 * initialPackageId([{ package_id: "a" }, { package_id: "b", is_selected_by_default: true }]); // "b"
 */
export function initialPackageId(
  packages: readonly Pick<WirePackageComponent, "package_id" | "is_selected_by_default">[],
): string | null {
  return (packages.find((p) => p.is_selected_by_default === true) ?? packages[0])?.package_id ?? null;
}

/**
 * The package an arrow key moves the selection to: the next or previous distinct id, wrapping around.
 *
 * @example
 * steppedPackageId(["a", "b", "c"], "c", 1); // "a"
 */
export function steppedPackageId(
  ids: readonly string[],
  current: string | null,
  step: 1 | -1,
): string | null {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return null;
  const index = current === null ? -1 : unique.indexOf(current);
  if (index < 0) return unique[step === 1 ? 0 : unique.length - 1] ?? null;
  return unique[(index + step + unique.length) % unique.length] ?? null;
}
