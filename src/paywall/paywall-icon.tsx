import { colorCss, solidColorCss } from "./colors";
import { commonStyle, shapeRadius, type Style, type StyleContext } from "./component-style";
import type { WireIcon, WireLegacyTimelineIcon } from "./paywall-document";

/**
 * Outlines (SVG paths on a 24 × 24 grid) for the icons a paywall names, drawn when the icon's image cannot be (none,
 * or not a safe URL). SVG, not emoji or symbol characters: those show as empty boxes on systems without an emoji font.
 */
const ICON_PATHS: Readonly<Record<string, string>> = {
  check: "M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z",
  star: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
  lock: "M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z",
  bell: "M12 2a6 6 0 0 0-6 6v4.5L4 16v1h16v-1l-2-3.5V8a6 6 0 0 0-6-6zm-2.5 16a2.5 2.5 0 0 0 5 0z",
  crown: "M3 7l4.5 4L12 4l4.5 7L21 7l-2 11H5zM5 20h14v2H5z",
  heart: "M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z",
};

/** A dot, for an icon name without an outline. */
const DOT_PATH = "M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8z";

/** The outline of a named icon, in the icon's colour (`currentColor`). */
function IconGlyph({ name }: { name: string | undefined }) {
  return (
    <svg class="pw-pwl-icon-svg" viewBox="0 0 24 24" fill="currentColor" data-icon={name} aria-hidden="true">
      <path d={ICON_PATHS[name ?? ""] ?? DOT_PATH} />
    </svg>
  );
}

/** The icon's image: https, or a `data:image/` URL (which carries the image and reaches no server). */
function iconUrl(icon: WireIcon): string | null {
  const file = icon.formats?.webp ?? icon.formats?.svg ?? icon.formats?.png;
  if (typeof icon.base_url !== "string" || typeof file !== "string") return null;
  const url = `${icon.base_url}/${file}`;
  return /^(?:https:\/\/|data:image\/)/i.test(url) ? url : null;
}

/**
 * An icon (docs/checkout.md): its image used as a mask and painted in the icon's colour, on its background shape;
 * an SVG outline for its name when it has no usable image. Timeline items of the first format (a name and colours) are
 * drawn the same way.
 *
 * @example
 * <Icon icon={{ type: "icon", icon_name: "star", base_url: "https://icons.example", formats: { webp: "star.webp" } }} ctx={ctx} />
 */
export function Icon({ icon, ctx }: { icon: WireIcon | WireLegacyTimelineIcon; ctx: StyleContext }) {
  const modern: WireIcon =
    icon.type === "icon"
      ? icon
      : {
          type: "icon",
          icon_name: icon.name,
          color: icon.color,
          icon_background: { color: icon.background_color, shape: { type: "circle" } },
        };
  const background = modern.icon_background;
  const style: Style = { ...commonStyle(modern, ctx) };
  const backgroundCss = colorCss(background?.color, ctx.mode, ctx.aliases);
  if (backgroundCss) style.background = backgroundCss;
  const radius = shapeRadius(background?.shape, ctx.dir);
  if (radius) style.borderRadius = radius;
  const color = solidColorCss(modern.color, ctx.mode, ctx.aliases);
  const url = iconUrl(modern);
  const mask = url
    ? {
        maskImage: `url(${JSON.stringify(url)})`,
        WebkitMaskImage: `url(${JSON.stringify(url)})`,
        background: color ?? "currentColor",
      }
    : null;
  return (
    <span class="pw-pwl-icon" aria-hidden="true" style={{ ...style, ...(color ? { color } : {}) }}>
      {mask ? <span class="pw-pwl-icon-mask" style={mask} /> : <IconGlyph name={modern.icon_name} />}
    </span>
  );
}
