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
    }
  /** In a workflow's screen: move to the step the current step's trigger for this button names. */
  | { readonly type: "workflow" }
  /** In a workflow's screen: close the paywall (as going back from its first page). */
  | { readonly type: "close_workflow" }
  /** In a workflow's screen: open a web page. */
  | { readonly type: "complete_workflow"; readonly url?: { readonly url_lid: string } | null };

export interface WireButton extends WireComponentBase<WireStackProperties> {
  readonly type: "button";
  /** Named by a workflow step's triggers (`component_id`). */
  readonly id?: string | null;
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

// The rarer components below are drawn by the lazily loaded paywall-extras module.

/** A component that shows one stack: the paywall's header, a tab, a tab button, a choice, a loader's parts. */
export interface WireStackHolder extends WireComponentBase<WireStackProperties> {
  readonly type:
    | "header"
    | "redemption_button"
    | "tab"
    | "loader"
    | "loader_group_item"
    | "loader_progress_component"
    | "input_single_choice"
    | "input_multiple_choice";
  readonly stack: WireStack;
  /** A tab's id (`tab`). */
  readonly id?: string;
  /** A name for the component in the paywall editor; a tab's name labels its switch. */
  readonly name?: string | null;
  /** How long a loader runs (`loader`), in milliseconds. */
  readonly loading_duration_ms?: number;
  /** The part of its loader's run a group item shows (`loader_group_item`), in percent. */
  readonly starts_at?: number;
  readonly ends_at?: number;
  /** When a progress component appears (`loader_progress_component`), in percent of its loader's run. */
  readonly appears_at?: number;
  /** The answer a choice gives (`input_single_choice`, `input_multiple_choice`). */
  readonly field_id?: string;
}

/** A tab: shown while it is selected. */
export interface WireTab extends WireStackHolder {
  readonly type: "tab";
}

/** Tabs: `control.stack` (drawn where a tab's stack has a `tab_control`) selects which of `tabs` shows. */
export interface WireTabs extends WireCommonProperties, WireComponentBase<WireCommonProperties> {
  readonly type: "tabs";
  readonly name?: string | null;
  readonly control: { readonly type: "buttons" | "toggle"; readonly stack: WireStack };
  readonly tabs: readonly WireTab[];
  readonly default_tab_id?: string | null;
}

/** Where a tab's stack shows the tabs' control. */
export interface WireTabControl extends WireComponentBase<WireCommonProperties> {
  readonly type: "tab_control";
}

/** A button of the tabs' control: selects the tab `tab_id` (else the one at `tab_index`). */
export interface WireTabControlButton extends WireComponentBase<WireStackProperties> {
  readonly type: "tab_control_button";
  readonly tab_id: string;
  readonly tab_index?: number;
  readonly stack: WireStack;
}

/** A switch of the tabs' control: off shows the first tab, on the second. */
export interface WireTabControlToggle extends WireComponentBase<WireTabControlToggle> {
  readonly type: "tab_control_toggle";
  readonly thumb_color_on?: WireColorScheme | null;
  readonly thumb_color_off?: WireColorScheme | null;
  readonly track_color_on?: WireColorScheme | null;
  readonly track_color_off?: WireColorScheme | null;
}

/** A page indicator's dot. */
export interface WireIndicator {
  readonly width?: number;
  readonly height?: number;
  readonly color?: WireColorScheme | null;
  readonly stroke_color?: WireColorScheme | null;
  readonly stroke_width?: number | null;
}

export interface WireCarouselProperties extends WireCommonProperties {
  readonly page_alignment?: "top" | "center" | "bottom";
  readonly page_spacing?: number;
  readonly initial_page_index?: number;
  readonly loop?: boolean;
  /** Turns the pages by itself: each page shows `ms_time_per_page`. */
  readonly auto_advance?: { readonly ms_time_per_page?: number; readonly ms_transition_time?: number } | null;
  readonly page_control?: {
    readonly position?: "top" | "bottom";
    readonly spacing?: number;
    readonly margin?: WireSpacing | null;
    readonly padding?: WireSpacing | null;
    readonly background_color?: WireColorScheme | null;
    readonly border?: WireBorder | null;
    readonly shape?: WireShape | null;
    readonly shadow?: WireShadow | null;
    readonly default?: WireIndicator | null;
    readonly active?: WireIndicator | null;
  } | null;
}

/** Pages shown one at a time. */
export interface WireCarousel extends WireCarouselProperties, WireComponentBase<WireCarouselProperties> {
  readonly type: "carousel";
  readonly name?: string | null;
  readonly pages: readonly WireComponent[];
}

/**
 * `countdown_stack` until `style.date`, then `end_stack` (else the countdown at zero). Texts inside show the time
 * left as `{{ count_days_with_zero }}`, `{{ count_hours_without_zero }}`, … (days, hours, minutes, seconds).
 */
export interface WireCountdown extends WireComponentBase<WireCommonProperties> {
  readonly type: "countdown";
  readonly style: { readonly type: "date"; readonly date: string };
  readonly countdown_stack: WireStack;
  readonly end_stack?: WireStack | null;
}

/** A video URL per colour mode; dark falls back to light. */
export interface WireVideoSource {
  readonly light: { readonly url: string; readonly url_low_res?: string | null };
  readonly dark?: { readonly url: string; readonly url_low_res?: string | null } | null;
}

export interface WireVideoProperties extends WireCommonProperties {
  readonly source?: WireVideoSource;
  /** The image shown until the video plays, and instead of a video that cannot play. */
  readonly fallback_source?: WireImageSource | null;
  readonly fit_mode?: "fit" | "fill";
  readonly mask_shape?: WireShape | null;
  readonly auto_play?: boolean;
  readonly loop?: boolean;
  readonly show_controls?: boolean;
}

export interface WireVideo extends WireVideoProperties, WireComponentBase<WireVideoProperties> {
  readonly type: "video";
}

/** A web page (https, on another origin than the host's) in a frame. */
export interface WireWebView extends WireCommonProperties, WireComponentBase<WireCommonProperties> {
  readonly type: "web_view";
  readonly name?: string | null;
  readonly url: string;
}

/** A wallet (Apple Pay, Google Pay) button; the stacks say what shows while wallets are unknown, there or not. */
export interface WireWalletButton extends WireComponentBase<WireCommonProperties> {
  readonly type: "wallet_button" | "express_purchase_button";
  readonly wallet_unknown_stack?: WireStack | null;
  readonly wallet_available_stack?: WireStack | null;
  readonly wallet_unavailable_stack?: WireStack | null;
}

/** A text field; its placeholder labels it. */
export interface WireInputText extends WireTextProperties, WireComponentBase<WireTextProperties> {
  readonly type: "input_text";
  readonly field_id?: string;
  readonly placeholder_lid?: string;
  readonly keyboard_type?: string;
  readonly required?: boolean;
}

/** An answer of a choice (`input_single_choice`, `input_multiple_choice`). */
export interface WireInputOption extends WireComponentBase<WireStackProperties> {
  readonly type: "input_option";
  readonly option_id: string;
  readonly stack: WireStack;
}

/** The parts of a loader: layouts, a percentage, an animation, a placeholder. */
export interface WireLoaderPart extends WireTextProperties, WireComponentBase<WireTextProperties> {
  readonly type:
    | "loader_group"
    | "loader_progress_components"
    | "loader_percentage"
    | "circular_loader_animation"
    | "linear_loader_animation"
    | "skeleton_loader";
  /** The parts of a group (laid out as a stack) or the progress components. */
  readonly components?: readonly WireComponent[];
  readonly dimension?: WireDimension;
  readonly spacing?: number;
  /** An animation's track and fill. */
  readonly track?: { readonly color?: WireColorScheme | null } | null;
  readonly fill?: { readonly color?: WireColorScheme | null } | null;
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
  | WireIcon
  | WireStackHolder
  | WireTabs
  | WireTabControl
  | WireTabControlButton
  | WireTabControlToggle
  | WireCarousel
  | WireCountdown
  | WireVideo
  | WireWebView
  | WireWalletButton
  | WireInputText
  | WireInputOption
  | WireLoaderPart;

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
      /** Shown above the base stack, and not scrolled with it (a `header` component). */
      readonly header?: WireComponent | null;
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
