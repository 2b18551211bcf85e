import type { WireColorAliases, WireColorInfo, WireColorScheme, WireGradientPoint } from "./paywall-document";

/** The colour mode a paywall is shown in. */
export type ColorMode = "light" | "dark";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The colour mode of a paywall (docs/checkout.md): the preferred mode if given, else dark when the system prefers
 * dark, else light.
 *
 * @example
 * initialColorMode(null, window); // "dark" on a system in dark mode
 */
export function initialColorMode(preferred: ColorMode | null | undefined, win: Window | null): ColorMode {
  if (preferred) return preferred;
  return win?.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

const hex = (value: unknown): string | null => (typeof value === "string" && HEX.test(value) ? value : null);

function gradientStops(points: readonly WireGradientPoint[] | undefined): string | null {
  if (!Array.isArray(points) || points.length === 0) return null;
  const stops = points.map((p) => {
    const color = hex(p?.color);
    return color && Number.isFinite(p.percent) ? `${color} ${p.percent}%` : null;
  });
  return stops.every((s) => s !== null) ? stops.join(", ") : null;
}

function colorInfoCss(
  info: WireColorInfo | null | undefined,
  mode: ColorMode,
  aliases: WireColorAliases,
  depth: number,
): string | null {
  switch (info?.type) {
    case "hex":
      return hex(info.value);
    case "alias": {
      // An alias names a scheme; aliases of aliases are followed once, which rules out cycles.
      const scheme = Object.hasOwn(aliases, info.value) ? aliases[info.value] : undefined;
      return depth < 2 && scheme ? colorInfoCss(pick(scheme, mode), mode, aliases, depth + 1) : null;
    }
    case "linear": {
      const stops = gradientStops(info.points);
      return stops && Number.isFinite(info.degrees) ? `linear-gradient(${info.degrees}deg, ${stops})` : null;
    }
    case "radial": {
      const stops = gradientStops(info.points);
      return stops ? `radial-gradient(circle, ${stops})` : null;
    }
    default:
      return null;
  }
}

const pick = (scheme: WireColorScheme, mode: ColorMode) =>
  mode === "dark" ? (scheme.dark ?? scheme.light) : scheme.light;

/**
 * The CSS colour or gradient of a scheme in `mode` (dark falls back to light); null for a missing or invalid
 * colour, so that nothing untrusted reaches a style.
 *
 * @example
 * colorCss({ light: { type: "hex", value: "#fff" }, dark: { type: "hex", value: "#000" } }, "dark", {}); // "#000"
 * colorCss({ light: { type: "linear", degrees: 90, points: [{ color: "#f00", percent: 0 }, { color: "#00f", percent: 100 }] } }, "light", {});
 * // "linear-gradient(90deg, #f00 0%, #00f 100%)"
 */
export function colorCss(
  scheme: WireColorScheme | null | undefined,
  mode: ColorMode,
  aliases: WireColorAliases,
): string | null {
  if (!scheme || typeof scheme !== "object") return null;
  return colorInfoCss(pick(scheme, mode), mode, aliases, 0);
}

/**
 * A solid colour for properties that take no gradient (text, borders, shadows): a gradient gives its first colour.
 *
 * @example
 * solidColorCss({ light: { type: "radial", points: [{ color: "#f00", percent: 0 }] } }, "light", {}); // "#f00"
 */
export function solidColorCss(
  scheme: WireColorScheme | null | undefined,
  mode: ColorMode,
  aliases: WireColorAliases,
): string | null {
  const css = colorCss(scheme, mode, aliases);
  return css?.includes("gradient(") ? (/#[0-9a-f]+/i.exec(css)?.[0] ?? null) : css;
}
