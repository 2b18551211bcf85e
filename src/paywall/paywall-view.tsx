import type { ComponentChildren } from "preact";
import type { PurchasesError } from "../errors/purchases-error";
import type { Package, PurchaseResult } from "../model/types";
import type { PresentExpressPurchaseButtonParams } from "../ui/express-purchase-button";
import { colorCss, solidColorCss, type ColorMode } from "./colors";
import {
  backgroundCss,
  commonStyle,
  shapeRadius,
  stackLayout,
  type Style,
  type StyleContext,
} from "./component-style";
import type {
  WireAction,
  WireAlignment,
  WireColorAliases,
  WireComponent,
  WireImage,
  WireOverride,
  WirePaywallDocument,
  WireStack,
  WireTabs,
  WireText,
  WireTimeline,
} from "./paywall-document";
import { Icon } from "./paywall-icon";
import type { PaywallInteraction } from "./paywall-interactions";
import type { Localize } from "./paywall-localizations";
import { renderMarkup } from "./paywall-markup";
import { substituteVariables, type PaywallVariables } from "./paywall-variables";

/** Everything the components of one paywall render with. */
export interface PaywallViewModel {
  readonly paywall: WirePaywallDocument;
  readonly mode: ColorMode;
  readonly aliases: WireColorAliases;
  readonly dir: "ltr" | "rtl";
  readonly localize: Localize;
  readonly variables: Readonly<Record<string, PaywallVariables>>;
  /** The values of `{{ custom.* }}`: the app's custom variables over the paywall settings' defaults. */
  readonly custom: PaywallVariables;
  /** Buttons that go back are not shown. */
  readonly hideBackButtons: boolean;
  /** Restore buttons are shown: the app handles them (`onRestorePurchases`); purchases-js never shows them. */
  readonly showRestoreButtons: boolean;
  /** The last purchase's failure, shown until the next purchase starts. */
  readonly error: string | null;
  /** The ids of packages the offering has; package components of others are not shown. */
  readonly available: ReadonlySet<string>;
  readonly selectedPackageId: string | null;
  /** The text that labels the dialog, and the id it carries. */
  readonly title: WireText | null;
  readonly titleId: string;
  /** True while a purchase runs: the buttons are disabled. */
  readonly busy: boolean;
  /** A button was pressed: its action, and the button's `id` (which a workflow's triggers name). */
  readonly onAction: (action: WireAction, componentId?: string) => void;
  /** Arrow keys on a package: move the selection. */
  readonly onStep: (step: 1 | -1) => void;
  /** Reports a control's use (a tab, a switch, a carousel page) to analytics and `listener.onInteraction`. */
  readonly interact: (interaction: PaywallInteraction) => void;
  /** Milliseconds since the epoch (a countdown's clock). */
  readonly now: () => number;
  /** The window the paywall shows in: its timers and media queries. */
  readonly win: Window;
  /** Draws the component types of the lazily loaded paywall-extras module; null when the paywall has none. */
  readonly extra: ((props: ComponentProps) => ComponentChildren) | null;
  /** What a wallet button buys with (the express purchase button); null when the API key has no wallets. */
  readonly wallet: PaywallWallet | null;
}

/** The paywall's side of its wallet buttons: how to draw Stripe's and what a wallet purchase does. */
export interface PaywallWallet {
  /** `presentExpressPurchaseButton` for this paywall, removed when `signal` aborts. */
  readonly present: (
    params: PresentExpressPurchaseButtonParams,
    signal: AbortSignal,
  ) => Promise<PurchaseResult>;
  readonly packageOf: (packageId: string | null) => Package | null;
  /** The customer opened a wallet's sheet for `rcPackage`. */
  readonly started: (rcPackage: Package) => void;
  /** The wallet bought `rcPackage`: the paywall resolves. */
  readonly purchased: (result: PurchaseResult, rcPackage: Package) => void;
  /** The wallet's payment or purchase failed: the paywall shows it and stays. */
  readonly failed: (error: PurchasesError) => void;
  readonly cancelled: () => void;
}

/** What a component renders with. */
export interface ComponentProps {
  readonly vm: PaywallViewModel;
  readonly scope: Scope;
  readonly component: WireComponent;
}

/** Where a component sits: its stack's axis and the package it belongs to. */
export interface Scope {
  readonly axis: StyleContext["axis"];
  readonly packageId: string | null;
  /** Inside a selected tab button or choice: its `selected` overrides apply as a selected package's do. */
  readonly selected?: boolean;
  /** The tabs it is inside, for their control. */
  readonly tabs?: TabsScope;
  /** The choice it is inside, for its options. */
  readonly choice?: ChoiceScope;
  /** The progress of the loader it is inside, from 0 to 1. */
  readonly progress?: number;
}

/** A choice as its options see it: which options are chosen, and how to choose one. */
export interface ChoiceScope {
  readonly multiple: boolean;
  readonly chosen: ReadonlySet<string>;
  readonly toggle: (optionId: string) => void;
}

/** Tabs as their control sees them: which tab shows, and how to select another. */
export interface TabsScope {
  readonly tabs: WireTabs;
  readonly index: number;
  /** The prefix of the ids of the tab buttons and the tab panel. */
  readonly id: string;
  readonly select: (index: number) => void;
}

const FONT_SIZES: Readonly<Record<string, number>> = {
  heading_xxl: 32,
  heading_xl: 28,
  heading_l: 24,
  heading_m: 20,
  heading_s: 16,
  heading_xs: 14,
  body_xl: 16,
  body_l: 15,
  body_m: 14,
  body_s: 13,
};
const FONT_WEIGHTS: Readonly<Record<string, number>> = {
  thin: 100,
  extra_light: 200,
  light: 300,
  regular: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extra_bold: 800,
  black: 900,
};
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The first text outside buttons and packages: it labels the dialog. */
export function titleText(component: WireComponent | null | undefined): WireText | null {
  if (component?.type === "text") return component;
  if (component?.type === "stack") {
    for (const child of component.components) {
      const found = titleText(child);
      if (found) return found;
    }
  }
  return null;
}

/** A component's properties with the overrides of the states it is in (only `selected` exists). */
export function withOverrides<T extends { overrides?: readonly WireOverride<object>[] | null }>(
  component: T,
  selected: boolean,
): T {
  if (!selected || !Array.isArray(component.overrides)) return component;
  let result = component;
  for (const override of component.overrides) {
    const conditions = Array.isArray(override?.conditions) ? override.conditions : [];
    if (conditions.length > 0 && conditions.every((c: { type?: unknown } | null) => c?.type === "selected")) {
      result = { ...result, ...override.properties };
    }
  }
  return result;
}

/** Whether the `selected` overrides apply where a component sits. */
export const isSelected = (vm: PaywallViewModel, scope: Scope) =>
  scope.selected ?? (scope.packageId !== null && scope.packageId === vm.selectedPackageId);

export function styleContext(vm: PaywallViewModel, scope: Scope): StyleContext {
  return { mode: vm.mode, aliases: vm.aliases, dir: vm.dir, axis: scope.axis };
}

function Text({ vm, scope, component }: { vm: PaywallViewModel; scope: Scope; component: WireText }) {
  const text = withOverrides(component, isSelected(vm, scope));
  const variables = vm.variables[scope.packageId ?? vm.selectedPackageId ?? ""] ?? {};
  const style = commonStyle(text, styleContext(vm, scope));
  const color = solidColorCss(text.color, vm.mode, vm.aliases);
  if (color) style.color = color;
  const size =
    typeof text.font_size === "number" ? clamp(text.font_size, 8, 96) : FONT_SIZES[text.font_size ?? ""];
  if (size) style.fontSize = `${size}px`;
  const weight =
    typeof text.font_weight === "number"
      ? clamp(text.font_weight, 100, 900)
      : FONT_WEIGHTS[text.font_weight ?? ""];
  if (weight) style.fontWeight = String(weight);
  if (typeof text.font_name === "string" && text.font_name)
    style.fontFamily = `${JSON.stringify(text.font_name)}, system-ui, sans-serif`;
  const align = text.horizontal_alignment;
  if (align) style.textAlign = align === "leading" ? "start" : align === "trailing" ? "end" : "center";
  const isTitle = component === vm.title;
  return (
    <p
      class="pw-pwl-text"
      style={style}
      id={isTitle ? vm.titleId : undefined}
      tabIndex={isTitle ? -1 : undefined}
    >
      {renderMarkup(vm.localize(text.text_lid ?? ""), (s) => substituteVariables(s, variables, vm.custom))}
    </p>
  );
}

function Image({ vm, scope, component }: { vm: PaywallViewModel; scope: Scope; component: WireImage }) {
  const image = withOverrides(component, isSelected(vm, scope));
  const ctx = styleContext(vm, scope);
  const style = commonStyle(image, ctx);
  const radius = shapeRadius(image.mask_shape, vm.dir);
  const urls = vm.mode === "dark" ? (image.source?.dark ?? image.source?.light) : image.source?.light;
  const url = urls?.webp || urls?.original || "";
  const overlay = colorCss(image.color_overlay, vm.mode, vm.aliases);
  const mask: Style = radius ? { borderRadius: radius } : {};
  return (
    <div class="pw-pwl-image" style={{ ...style, ...mask }}>
      {/^https?:\/\//i.test(url) && (
        <img
          src={url}
          alt=""
          style={{ objectFit: image.fit_mode === "fit" ? "contain" : "cover", ...mask }}
        />
      )}
      {overlay && <div class="pw-pwl-overlay" aria-hidden="true" style={{ background: overlay, ...mask }} />}
    </div>
  );
}

function Timeline({ vm, scope, component }: { vm: PaywallViewModel; scope: Scope; component: WireTimeline }) {
  const timeline = withOverrides(component, isSelected(vm, scope));
  const style = commonStyle(timeline, styleContext(vm, scope));
  const px = (n: number | undefined, fallback: number) =>
    `${Number.isFinite(n) ? Math.max(0, n!) : fallback}px`;
  const inner: Scope = { ...scope, axis: "vertical" };
  return (
    <ol class="pw-pwl-timeline" style={{ ...style, gap: px(timeline.item_spacing, 16) }}>
      {timeline.items.map((item, i) => {
        const last = i === timeline.items.length - 1;
        const connectorColor = solidColorCss(item.connector?.color, vm.mode, vm.aliases);
        return (
          <li class="pw-pwl-item" style={{ columnGap: px(timeline.column_gutter, 12) }}>
            <Icon icon={item.icon} ctx={styleContext(vm, inner)} />
            {item.connector && !last && (
              <span
                class="pw-pwl-connector"
                aria-hidden="true"
                style={{
                  width: px(item.connector.width, 2),
                  bottom: `-${px(timeline.item_spacing, 16)}`,
                  ...(connectorColor ? { background: connectorColor } : {}),
                }}
              />
            )}
            <div class="pw-pwl-texts" style={{ gap: px(timeline.text_spacing, 4) }}>
              <Text vm={vm} scope={inner} component={item.title} />
              {item.description && <Text vm={vm} scope={inner} component={item.description} />}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const BADGE_POSITION: Readonly<Record<string, Style>> = {
  top: { top: "0", left: "50%", transform: "translate(-50%,-50%)" },
  top_leading: { top: "0", left: "12px", transform: "translateY(-50%)" },
  top_trailing: { top: "0", right: "12px", transform: "translateY(-50%)" },
  bottom: { bottom: "0", left: "50%", transform: "translate(-50%,50%)" },
  bottom_leading: { bottom: "0", left: "12px", transform: "translateY(50%)" },
  bottom_trailing: { bottom: "0", right: "12px", transform: "translateY(50%)" },
};

function Badge({ vm, scope, stack }: { vm: PaywallViewModel; scope: Scope; stack: WireStack }) {
  const badge = stack.badge!;
  const alignment: WireAlignment = badge.alignment ?? "top";
  if (badge.stack) {
    return (
      <span class="pw-pwl-badge" style={BADGE_POSITION[alignment] ?? BADGE_POSITION.top!}>
        <StackBox vm={vm} scope={scope} stack={badge.stack} />
      </span>
    );
  }
  const ctx = styleContext(vm, scope);
  const style = commonStyle(
    { padding: badge.padding, shape: badge.shape, background_color: badge.background_color },
    ctx,
  );
  const color = solidColorCss(badge.color, vm.mode, vm.aliases);
  if (color) style.color = color;
  const variables = vm.variables[scope.packageId ?? vm.selectedPackageId ?? ""] ?? {};
  const position =
    badge.style === "edge_to_edge"
      ? {
          left: "0",
          right: "0",
          [alignment.startsWith("bottom") ? "bottom" : "top"]: "0",
          textAlign: "center",
        }
      : (BADGE_POSITION[alignment] ?? BADGE_POSITION.top!);
  return (
    <span
      class={`pw-pwl-badge pw-pwl-badge-${badge.style === "edge_to_edge" ? "edge" : "overlay"}`}
      style={{ ...style, ...position }}
    >
      {renderMarkup(vm.localize(badge.text_lid ?? ""), (s) => substituteVariables(s, variables, vm.custom))}
    </span>
  );
}

/** Renders a stack's children into `tag` with the stack's layout and style: stacks, buttons, packages, footers. */
export function StackBox({
  vm,
  scope,
  stack,
  tag = "div",
  attributes = {},
  className = "pw-pwl-stack",
}: {
  vm: PaywallViewModel;
  scope: Scope;
  stack: WireStack;
  tag?: "div" | "button";
  attributes?: Readonly<Record<string, unknown>>;
  className?: string;
}) {
  const own = withOverrides(stack, isSelected(vm, scope));
  const axis = own.dimension?.type ?? "vertical";
  const style = { ...stackLayout(own.dimension, own.spacing), ...commonStyle(own, styleContext(vm, scope)) };
  if (own.badge) style.position = "relative";
  const inner: Scope = { ...scope, axis };
  const hasPackages = own.components.some((c) => c.type === "package");
  const children: ComponentChildren = own.components.map((child) => (
    <Component vm={vm} scope={inner} component={child} />
  ));
  // A button and a div take the same attributes here; the cast spares a union of element types.
  const Tag = tag as "div";
  const props = { role: hasPackages ? "radiogroup" : undefined, ...attributes };
  return (
    <Tag class={className} style={style} {...(props as object)}>
      {children}
      {own.badge && (own.badge.stack || typeof own.badge.text_lid === "string") && (
        <Badge vm={vm} scope={scope} stack={own} />
      )}
    </Tag>
  );
}

function onArrows(vm: PaywallViewModel) {
  return (event: KeyboardEvent) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key] as 1 | -1 | undefined;
    if (step) {
      event.preventDefault();
      // Left and right follow the reading direction.
      vm.onStep(vm.dir === "rtl" && /Left|Right/.test(event.key) ? (-step as 1 | -1) : step);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      (event.currentTarget as HTMLElement).click();
    }
  };
}

/** One component of any known type (resolvePaywall has replaced unknown ones by their fallbacks). */
export function Component({ vm, scope, component }: ComponentProps) {
  if (component.visible === false) return null;
  switch (component.type) {
    case "stack":
      return <StackBox vm={vm} scope={scope} stack={component} />;
    case "text":
      return <Text vm={vm} scope={scope} component={component} />;
    case "image":
      return <Image vm={vm} scope={scope} component={component} />;
    case "timeline":
      return <Timeline vm={vm} scope={scope} component={component} />;
    case "icon":
      return <Icon icon={component} ctx={styleContext(vm, scope)} />;
    case "button":
    case "purchase_button": {
      const action: WireAction = component.type === "button" ? component.action : { type: "purchase" };
      if (action.type === "navigate_back" && vm.hideBackButtons) return null;
      if (action.type === "restore_purchases" && !vm.showRestoreButtons) return null;
      return (
        <StackBox
          vm={vm}
          scope={scope}
          stack={component.stack}
          tag="button"
          className={`pw-pwl-stack pw-pwl-button${component.type === "purchase_button" ? " pw-pwl-purchase" : ""}`}
          attributes={{
            type: "button",
            // Not `disabled`: a disabled button drops focus, which the checkout would then fail to restore.
            "aria-disabled": vm.busy || undefined,
            "aria-busy": vm.busy && action.type === "purchase",
            onClick: () =>
              !vm.busy &&
              vm.onAction(action, component.type === "button" ? (component.id ?? undefined) : undefined),
          }}
        />
      );
    }
    case "package": {
      if (!vm.available.has(component.package_id)) return null;
      const selected = component.package_id === vm.selectedPackageId;
      return (
        <StackBox
          vm={vm}
          scope={{ ...scope, packageId: component.package_id }}
          stack={component.stack}
          className={`pw-pwl-stack pw-pwl-package${selected ? " pw-pwl-selected" : ""}`}
          attributes={{
            role: "radio",
            "aria-checked": selected,
            "aria-disabled": vm.busy || undefined,
            tabIndex: selected ? 0 : -1,
            "data-package-id": component.package_id,
            onClick: () =>
              !vm.busy && vm.onAction({ type: "select_package", package_id: component.package_id }),
            onKeyDown: onArrows(vm),
          }}
        />
      );
    }
    case "footer":
      return (
        <StackBox vm={vm} scope={scope} stack={component.stack} className="pw-pwl-stack pw-pwl-footer" />
      );
    default:
      return vm.extra?.({ vm, scope, component });
  }
}

/** The whole paywall: the header, the base stack over the paywall's background, then the sticky footer. */
export function PaywallView({ vm }: { vm: PaywallViewModel }) {
  const base = vm.paywall.components_config.base;
  const scope: Scope = { axis: "vertical", packageId: null };
  const background = backgroundCss(base.background, styleContext(vm, scope));
  return (
    <div class="pw-pwl" style={background ? { background } : {}}>
      {vm.error && (
        <p class="pw-pwl-error" role="alert">
          {vm.error}
        </p>
      )}
      {base.header && <Component vm={vm} scope={scope} component={base.header} />}
      <div class="pw-pwl-main">
        <StackBox vm={vm} scope={scope} stack={base.stack} />
      </div>
      {base.sticky_footer && <Component vm={vm} scope={scope} component={base.sticky_footer} />}
    </div>
  );
}
