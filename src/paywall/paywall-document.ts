// The paywall document of an offering (`paywall_components`, snake_case as on the wire) and the colour aliases of
// the offerings response's `ui_config`. The renderer validates the parts it reads: anything the server sends is
// untrusted.

/** One colour: hex (`#RRGGBB` or `#RRGGBBAA`), an alias of `ui_config.app.colors`, or a gradient. */
export type WireColorInfo =
  | { readonly type: "hex"; readonly value: string }
  | { readonly type: "alias"; readonly value: string }
  | {
      readonly type: "linear";
      readonly degrees: number;
      readonly points: readonly WireGradientPoint[];
    }
  | { readonly type: "radial"; readonly points: readonly WireGradientPoint[] };

export interface WireGradientPoint {
  readonly color: string;
  readonly percent: number;
}

/** A colour per colour mode; dark falls back to light. */
export interface WireColorScheme {
  readonly light: WireColorInfo;
  readonly dark?: WireColorInfo | null;
}

export type WireSizeConstraint =
  { readonly type: "fit" } | { readonly type: "fill" } | { readonly type: "fixed"; readonly value: number };

export interface WireSize {
  readonly width: WireSizeConstraint;
  readonly height: WireSizeConstraint;
}

export interface WireSpacing {
  readonly top?: number;
  readonly bottom?: number;
  readonly leading?: number;
  readonly trailing?: number;
}

export interface WireCorners {
  readonly top_leading?: number;
  readonly top_trailing?: number;
  readonly bottom_leading?: number;
  readonly bottom_trailing?: number;
}

export type WireShape =
  | { readonly type: "rectangle"; readonly corners?: WireCorners | null }
  | { readonly type: "pill" }
  | { readonly type: "circle" };

export interface WireBorder {
  readonly width: number;
  readonly color: WireColorScheme;
}

export interface WireShadow {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly color: WireColorScheme;
}

export interface WireImageUrls {
  readonly original: string;
  readonly webp?: string | null;
}

/** Image URLs per colour mode; dark falls back to light. */
export interface WireImageSource {
  readonly light: WireImageUrls;
  readonly dark?: WireImageUrls | null;
}

export type WireBackground =
  | { readonly type: "color"; readonly value: WireColorScheme }
  | {
      readonly type: "image";
      readonly value: WireImageSource;
      readonly fit_mode?: "fit" | "fill";
      readonly color_overlay?: WireColorScheme | null;
    };

/** The properties every component may have. */
export interface WireCommonProperties {
  readonly size?: WireSize | null;
  readonly margin?: WireSpacing | null;
  readonly padding?: WireSpacing | null;
  readonly background_color?: WireColorScheme | null;
  readonly background?: WireBackground | null;
  readonly border?: WireBorder | null;
  readonly shape?: WireShape | null;
  readonly shadow?: WireShadow | null;
}

/** A state-dependent change of a component's properties: `selected` matches inside the selected package. */
export interface WireOverride<P> {
  readonly conditions: readonly { readonly type: string }[];
  readonly properties: Partial<P>;
}

interface WireComponentBase<P> {
  /** False hides the component. */
  readonly visible?: boolean | null;
  readonly overrides?: readonly WireOverride<P>[] | null;
  /** Used instead of this component by a renderer that does not know its type. */
  readonly fallback?: WireComponent | null;
}

export type WireAlignment =
  | "leading"
  | "center"
  | "trailing"
  | "top"
  | "bottom"
  | "top_leading"
  | "top_trailing"
  | "bottom_leading"
  | "bottom_trailing";

export type WireDistribution = "start" | "center" | "end" | "space_between" | "space_around" | "space_evenly";

export interface WireDimension {
  readonly type: "vertical" | "horizontal" | "zlayer";
  readonly alignment?: WireAlignment;
  readonly distribution?: WireDistribution;
}

/**
 * A badge on a stack: its own stack (`stack`, as purchases-js reads it) or, in the first format, one text
 * (`text_lid` with padding, shape and colours).
 */
export interface WireBadge {
  readonly style: "overlay" | "edge_to_edge" | "nested";
  readonly alignment?: WireAlignment;
  readonly stack?: WireStack | null;
  readonly text_lid?: string;
  readonly padding?: WireSpacing | null;
  readonly shape?: WireShape | null;
  readonly background_color?: WireColorScheme | null;
  readonly color?: WireColorScheme | null;
}

export interface WireStackProperties extends WireCommonProperties {
  readonly dimension?: WireDimension;
  readonly spacing?: number;
  readonly badge?: WireBadge | null;
}

export interface WireStack extends WireStackProperties, WireComponentBase<WireStackProperties> {
  readonly type: "stack";
  readonly components: readonly WireComponent[];
}

export type WireFontSize = number | string;
export type WireFontWeight = number | string;

export interface WireTextProperties extends WireCommonProperties {
  readonly text_lid?: string;
  readonly color?: WireColorScheme | null;
  readonly font_size?: WireFontSize;
  readonly font_weight?: WireFontWeight;
  readonly font_name?: string | null;
  readonly horizontal_alignment?: "leading" | "center" | "trailing";
}

export interface WireText extends WireTextProperties, WireComponentBase<WireTextProperties> {
  readonly type: "text";
  readonly text_lid: string;
}

export interface WireImageProperties extends WireCommonProperties {
  readonly source?: WireImageSource;
  readonly fit_mode?: "fit" | "fill";
  readonly mask_shape?: WireShape | null;
  readonly color_overlay?: WireColorScheme | null;
}

export interface WireImage extends WireImageProperties, WireComponentBase<WireImageProperties> {
  readonly type: "image";
  readonly source: WireImageSource;
}

/** What a button does (docs/checkout.md). */
export type WireAction =
  | { readonly type: "navigate_back" }
  | { readonly type: "restore_purchases" }
  | { readonly type: "purchase" }
  | { readonly type: "select_package"; readonly package_id: string }
  | {
      readonly type: "navigate_to";
      readonly destination: "customer_center" | "url";
      readonly url?: { readonly url_lid: string } | null;
    };

export interface WireButton extends WireComponentBase<WireStackProperties> {
  readonly type: "button";
  readonly action: WireAction;
  readonly stack: WireStack;
}

export interface WirePurchaseButton extends WireComponentBase<WireStackProperties> {
  readonly type: "purchase_button";
  readonly stack: WireStack;
}

export interface WirePackageComponent extends WireComponentBase<WireStackProperties> {
  readonly type: "package";
  readonly package_id: string;
  readonly is_selected_by_default?: boolean;
  readonly stack: WireStack;
}

export interface WireFooter extends WireComponentBase<WireStackProperties> {
  readonly type: "footer";
  readonly stack: WireStack;
}

export interface WireIconProperties extends WireCommonProperties {
  /** The icon's name in the icon set (`lock`, `star`); a glyph stands in when its image cannot be shown. */
  readonly icon_name?: string;
  /** The folder of the icon's images: an https URL, or a `data:image/` URL that holds the image itself. */
  readonly base_url?: string;
  readonly formats?: { readonly webp?: string; readonly svg?: string; readonly png?: string } | null;
  readonly color?: WireColorScheme | null;
  readonly icon_background?: {
    readonly color?: WireColorScheme | null;
    readonly shape?: WireShape | null;
    readonly border?: WireBorder | null;
    readonly shadow?: WireShadow | null;
  } | null;
}

/** An icon: the image at `base_url/formats.webp` used as a mask, painted in `color`. */
export interface WireIcon extends WireIconProperties, WireComponentBase<WireIconProperties> {
  readonly type: "icon";
}

/** A timeline item's icon in the first format: a name and colours. */
export interface WireLegacyTimelineIcon {
  readonly type?: undefined;
  readonly name: string;
  readonly color?: WireColorScheme | null;
  readonly background_color?: WireColorScheme | null;
}

export interface WireTimelineItem {
  readonly title: WireText;
  readonly description?: WireText | null;
  readonly icon: WireIcon | WireLegacyTimelineIcon;
  readonly connector?: { readonly width?: number; readonly color?: WireColorScheme | null } | null;
}

export interface WireTimelineProperties extends WireCommonProperties {
  readonly item_spacing?: number;
  readonly text_spacing?: number;
  readonly column_gutter?: number;
}

export interface WireTimeline extends WireTimelineProperties, WireComponentBase<WireTimelineProperties> {
  readonly type: "timeline";
  readonly items: readonly WireTimelineItem[];
}

/** Every component type the renderer knows. */
export type WireComponent =
  | WireStack
  | WireText
  | WireImage
  | WireButton
  | WirePurchaseButton
  | WirePackageComponent
  | WireFooter
  | WireTimeline
  | WireIcon;

/** `paywall_components` of an offering (docs/protocol.md "Paywall configuration"). */
export interface WirePaywallDocument {
  /** The paywall's id, which its analytics events carry. */
  readonly id?: string | null;
  readonly revision?: number | null;
  readonly default_locale: string;
  readonly components_config: {
    readonly base: {
      readonly stack: WireStack;
      readonly background?: WireBackground | null;
      readonly sticky_footer?: WireFooter | null;
    };
  };
  /** Texts per locale (`en_US`, `de`, …), keyed by the components' `text_lid`/`url_lid`. */
  readonly components_localizations: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The colour aliases of the offerings response's `ui_config.app.colors`. */
export type WireColorAliases = Readonly<Record<string, WireColorScheme>>;

/** The defaults of custom variables in the offerings response's `ui_config.custom_variables`. */
export type WireCustomVariableDefaults = Readonly<
  Record<string, { readonly default_value?: string | number | boolean }>
>;
