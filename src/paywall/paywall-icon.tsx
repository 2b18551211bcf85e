import { colorCss, solidColorCss } from "./colors";
import { commonStyle, shapeRadius, type Style, type StyleContext } from "./component-style";
import type { WireIcon, WireLegacyTimelineIcon } from "./paywall-document";

/** Glyphs for the icons a paywall names, shown when the icon's image cannot be (none, or not a safe URL). */
const GLYPHS: Readonly<Record<string, string>> = {
  check: "✓",
  star: "★",
  lock: "🔒",
  bell: "🔔",
  crown: "👑",
  heart: "♥",
};

/** The icon's image: https, or a `data:image/` URL (which carries the image and reaches no server). */
function iconUrl(icon: WireIcon): string | null {
  const file = icon.formats?.webp ?? icon.formats?.svg ?? icon.formats?.png;
  if (typeof icon.base_url !== "string" || typeof file !== "string") return null;
  const url = `${icon.base_url}/${file}`;
  return /^(?:https:\/\/|data:image\/)/i.test(url) ? url : null;
}

/**
 * An icon (docs/checkout.md): its image used as a mask and painted in the icon's colour, on its background shape;
 * a glyph for its name when it has no usable image. Timeline items of the first format (a name and colours) are
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
      {mask ? <span class="pw-pwl-icon-mask" style={mask} /> : (GLYPHS[modern.icon_name ?? ""] ?? "•")}
    </span>
  );
}
