import { useEffect, useState } from "preact/hooks";
import { colorCss } from "./colors";
import { commonStyle } from "./component-style";
import type { WireComponent, WireLoaderPart, WireStack, WireStackHolder } from "./paywall-document";
import { Component, StackBox, styleContext, type PaywallViewModel, type Scope } from "./paywall-view";

// Loaders (docs/checkout.md): a loader runs for `loading_duration_ms` on the paywall's clock; its parts show its
// progress as a percentage, a progress bar or ring (role progressbar), stacks that appear at given percentages, and
// placeholders. What a loader does when it ends (a step of a multi-page flow) is not supported: it stays at 100 %.

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1);

/** The share of `duration` the paywall's clock has run since the component mounted, updated ten times a second. */
function useProgress(vm: PaywallViewModel, duration: number): number {
  const [start] = useState(vm.now);
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (progress >= 1) return;
    const handle = vm.win.setTimeout(() => setProgress(clamp01((vm.now() - start) / duration)), 100);
    return () => vm.win.clearTimeout(handle);
  }, [progress, vm.now, vm.win, start, duration]);
  return progress;
}

export function Loader({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireStackHolder;
}) {
  const progress = useProgress(vm, Math.max(1, component.loading_duration_ms ?? 0));
  return (
    <StackBox
      vm={vm}
      scope={{ ...scope, progress }}
      stack={component.stack}
      attributes={{ "aria-busy": progress < 1 }}
    />
  );
}

/** A loader group item's stack, with the part of the loader's run from `starts_at` to `ends_at` as its progress. */
export function LoaderGroupItem({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireStackHolder;
}) {
  const from = component.starts_at ?? 0;
  const span = (component.ends_at ?? 100) - from;
  const progress = span > 0 ? clamp01(((scope.progress ?? 1) * 100 - from) / span) : 0;
  return <StackBox vm={vm} scope={{ ...scope, progress }} stack={component.stack} />;
}

/** The parts of a loader that are not stacks. */
export function LoaderPart({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireLoaderPart;
}) {
  const percent = Math.floor((scope.progress ?? 1) * 100);
  const style = commonStyle(component, styleContext(vm, scope));
  const color = (value: { color?: Parameters<typeof colorCss>[0] } | null | undefined, fallback: string) =>
    colorCss(value?.color, vm.mode, vm.aliases) ?? fallback;
  switch (component.type) {
    case "loader_group":
      return (
        <StackBox
          vm={vm}
          scope={scope}
          stack={{ ...component, type: "stack", components: component.components ?? [] } as WireStack}
        />
      );
    case "loader_progress_components": {
      // The last component whose percentage has been reached.
      const shown = (component.components ?? []).reduce<WireComponent | null>(
        (found, c) => (((c as WireStackHolder).appears_at ?? 0) <= percent ? c : found),
        null,
      );
      return shown && <Component vm={vm} scope={scope} component={shown} />;
    }
    case "loader_percentage":
      return (
        <p class="pw-pwl-text" style={style} aria-hidden="true">
          {percent}%
        </p>
      );
    case "skeleton_loader":
      return <div class="pw-pwl-skeleton" style={style} aria-hidden="true" />;
    default: {
      const fill = color(component.fill, "currentColor");
      const track = color(component.track, "#8883");
      const ring = component.type === "circular_loader_animation";
      return (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          class={ring ? "pw-pwl-ring" : "pw-pwl-bar"}
          style={{
            background: ring
              ? `conic-gradient(${fill} ${percent}%, ${track} 0)`
              : `linear-gradient(90deg, ${fill} ${percent}%, ${track} 0)`,
            ...style,
          }}
        />
      );
    }
  }
}
