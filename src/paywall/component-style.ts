import { colorCss, solidColorCss, type ColorMode } from "./colors";
import type {
  WireAlignment,
  WireBackground,
  WireColorAliases,
  WireCommonProperties,
  WireShape,
  WireSizeConstraint,
  WireSpacing,
} from "./paywall-document";
import { isSafeUrl } from "./paywall-markup";

/** An inline style (Preact sets each property on its own, so no value can spill into another). */
export type Style = Record<string, string>;

/** What a component's style depends on besides its own properties. */
export interface StyleContext {
  readonly mode: ColorMode;
  readonly aliases: WireColorAliases;
  readonly dir: "ltr" | "rtl";
  /** The main axis of the stack the component is in. */
  readonly axis: "vertical" | "horizontal" | "zlayer";
}

const px = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? `${Math.max(0, n)}px` : "0px");

/** Leading and trailing are the start and end of the text direction. */
function sides(dir: "ltr" | "rtl") {
  return dir === "rtl" ? (["right", "left"] as const) : (["left", "right"] as const);
}

function spacing(
  style: Style,
  property: "margin" | "padding",
  value: WireSpacing | null | undefined,
  dir: "ltr" | "rtl",
) {
  if (!value || typeof value !== "object") return;
  const [leading, trailing] = sides(dir);
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  style[`${property}Top`] = px(value.top);
  style[`${property}Bottom`] = px(value.bottom);
  style[`${property}${cap(leading)}`] = px(value.leading);
  style[`${property}${cap(trailing)}`] = px(value.trailing);
}

/**
 * The corner radii of a shape: a rectangle's corners (0 when omitted), a pill's or circle's full rounding.
 *
 * @example
 * shapeRadius({ type: "pill" }, "ltr"); // "9999px"
 */
export function shapeRadius(shape: WireShape | null | undefined, dir: "ltr" | "rtl"): string | null {
  if (shape?.type === "pill") return "9999px";
  if (shape?.type === "circle") return "50%";
  if (shape?.type !== "rectangle") return null;
  const c = shape.corners ?? {};
  // border-radius lists top-left, top-right, bottom-right, bottom-left.
  const ordered =
    dir === "rtl"
      ? [c.top_trailing, c.top_leading, c.bottom_leading, c.bottom_trailing]
      : [c.top_leading, c.top_trailing, c.bottom_trailing, c.bottom_leading];
  return ordered.map(px).join(" ");
}

function sizeStyle(
  style: Style,
  which: "width" | "height",
  size: WireSizeConstraint | undefined,
  axis: StyleContext["axis"],
) {
  if (size?.type === "fixed") {
    style[which] = px(size.value);
    style.flexShrink = "0";
  } else if (size?.type === "fill") {
    const main = (axis === "vertical" && which === "height") || (axis === "horizontal" && which === "width");
    if (main) {
      style.flex = "1 1 0";
      style[which === "width" ? "minWidth" : "minHeight"] = "0";
    } else if (axis === "zlayer") style[which === "width" ? "justifySelf" : "alignSelf"] = "stretch";
    else style.alignSelf = "stretch";
  } else if (size?.type === "fit") {
    style[which] = "fit-content";
  }
}

/**
 * A background as CSS: a colour or gradient, or a cover/contain image (http/https only) under an optional
 * colour overlay.
 *
 * @example
 * backgroundCss({ type: "color", value: { light: { type: "hex", value: "#112233" } } }, ctx); // "#112233"
 */
export function backgroundCss(
  background: WireBackground | null | undefined,
  ctx: StyleContext,
): string | null {
  if (background?.type === "color") return colorCss(background.value, ctx.mode, ctx.aliases);
  if (background?.type !== "image") return null;
  const source = background.value;
  const urls = (ctx.mode === "dark" ? (source?.dark ?? source?.light) : source?.light) ?? null;
  const url = urls?.webp || urls?.original;
  if (typeof url !== "string" || !isSafeUrl(url) || url.startsWith("mailto:")) return null;
  const overlay = colorCss(background.color_overlay, ctx.mode, ctx.aliases);
  const image = `url(${JSON.stringify(url)}) center / ${background.fit_mode === "fit" ? "contain" : "cover"} no-repeat`;
  // A solid overlay colour is layered as a one-colour gradient (only the last layer may be a plain colour).
  const layer =
    overlay && !overlay.includes("gradient(") ? `linear-gradient(${overlay}, ${overlay})` : overlay;
  return layer ? `${layer}, ${image}` : image;
}

/**
 * The inline style of the common properties (docs/checkout.md): size, margin, padding, background, border, shape
 * and shadow.
 *
 * @example
 * commonStyle({ size: { width: { type: "fixed", value: 120 }, height: { type: "fit" } } }, ctx).width; // "120px"
 */
export function commonStyle(props: WireCommonProperties, ctx: StyleContext): Style {
  const style: Style = {};
  sizeStyle(style, "width", props.size?.width, ctx.axis);
  sizeStyle(style, "height", props.size?.height, ctx.axis);
  spacing(style, "margin", props.margin, ctx.dir);
  spacing(style, "padding", props.padding, ctx.dir);
  const background =
    backgroundCss(props.background, ctx) ?? colorCss(props.background_color, ctx.mode, ctx.aliases);
  if (background) style.background = background;
  const border = props.border;
  const borderColor = solidColorCss(border?.color, ctx.mode, ctx.aliases);
  if (border && borderColor) style.border = `${px(border.width)} solid ${borderColor}`;
  const radius = shapeRadius(props.shape, ctx.dir);
  if (radius) style.borderRadius = radius;
  const shadow = props.shadow;
  const shadowColor = solidColorCss(shadow?.color, ctx.mode, ctx.aliases);
  if (shadow && shadowColor) {
    const offset = (n: number) => (Number.isFinite(n) ? `${n}px` : "0px");
    style.boxShadow = `${offset(shadow.x)} ${offset(shadow.y)} ${px(shadow.radius)} ${shadowColor}`;
  }
  return style;
}

const FLEX: Readonly<Record<string, string>> = {
  leading: "flex-start",
  top: "flex-start",
  start: "flex-start",
  center: "center",
  trailing: "flex-end",
  bottom: "flex-end",
  end: "flex-end",
  space_between: "space-between",
  space_around: "space-around",
  space_evenly: "space-evenly",
};

/**
 * The flex/grid layout of a stack: vertical and horizontal stacks are flex boxes (alignment on the cross axis,
 * distribution on the main one, spacing as the gap); a zlayer stacks its children in one grid cell.
 *
 * @example
 * stackLayout({ type: "horizontal", alignment: "center", distribution: "space_between" }, 8);
 * // { display: "flex", flexDirection: "row", alignItems: "center", justifyContent: "space-between", gap: "8px" }
 */
export function stackLayout(
  dimension: { type?: string; alignment?: WireAlignment; distribution?: string } | undefined,
  spacingPx: number | undefined,
): Style {
  const type = dimension?.type ?? "vertical";
  const alignment = dimension?.alignment ?? "center";
  if (type === "zlayer") {
    const [vertical, horizontal] = alignment.includes("_")
      ? alignment.split("_")
      : alignment === "top" || alignment === "bottom"
        ? [alignment, "center"]
        : ["center", alignment];
    return {
      display: "grid",
      alignItems: FLEX[vertical!] ?? "center",
      justifyItems: FLEX[horizontal!] ?? "center",
    };
  }
  return {
    display: "flex",
    flexDirection: type === "horizontal" ? "row" : "column",
    alignItems: FLEX[alignment] ?? "center",
    justifyContent: FLEX[dimension?.distribution ?? "start"] ?? "flex-start",
    gap: px(spacingPx),
  };
}
