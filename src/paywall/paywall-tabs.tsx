import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { solidColorCss } from "./colors";
import { commonStyle } from "./component-style";
import type { WireTabControlButton, WireTabControlToggle, WireTabs } from "./paywall-document";
import { defaultTabIndex } from "./component-children";
import { initialPackageId, packagesIn } from "./paywall-packages";
import { StackBox, styleContext, withOverrides, type PaywallViewModel, type Scope } from "./paywall-view";

// Tabs (docs/checkout.md): only the selected tab's stack is drawn, and the tabs' control is drawn where that stack
// has a `tab_control`. Buttons follow the ARIA tabs pattern (a tablist whose arrow keys, Home and End select and
// focus a tab); a toggle is a switch between the first and the second tab.

let tabsCount = 0;

/** The tabs: the selected tab's stack as the tab panel. */
export function Tabs({ vm, scope, component }: { vm: PaywallViewModel; scope: Scope; component: WireTabs }) {
  const [index, setIndex] = useState(() => defaultTabIndex(component));
  const id = useMemo(() => `pw-tabs-${++tabsCount}`, []);
  const root = useRef<HTMLDivElement>(null);
  // The tab whose control takes the focus once drawn: selecting a tab draws a new control inside the new tab.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    if (refocus.current !== index) return;
    refocus.current = null;
    root.current?.querySelector<HTMLElement>("[aria-selected=true],[role=switch]")?.focus();
  }, [index]);
  const select = (next: number) => {
    const tab = component.tabs[next];
    if (!tab || next === index) return;
    refocus.current = root.current?.contains(vm.win.document.activeElement) ? next : null;
    setIndex(next);
    vm.interact(
      component.control.type === "toggle"
        ? { component_type: "switch", component_value: next === 1 ? "on" : "off" }
        : { component_type: "tab", component_value: tab.id ?? String(next) },
    );
    // The packages of the tab now shown take part in the selection: keep the selected one if the tab has it.
    const packages = packagesIn(tab.stack, vm.available);
    if (packages.length > 0 && !packages.some((p) => p.package_id === vm.selectedPackageId)) {
      vm.onAction({ type: "select_package", package_id: initialPackageId(packages)! });
    }
  };
  const tab = component.tabs[index];
  const buttons = component.control.type !== "toggle";
  return (
    <div ref={root} class="pw-pwl-tabs" style={commonStyle(component, styleContext(vm, scope))}>
      {tab && (
        <StackBox
          vm={vm}
          scope={{ ...scope, tabs: { tabs: component, index, id, select } }}
          stack={tab.stack}
          attributes={{
            id: `${id}-panel`,
            role: buttons ? "tabpanel" : undefined,
            "aria-labelledby": buttons ? `${id}-${index}` : undefined,
          }}
        />
      )}
    </div>
  );
}

/** The tabs' control: with buttons, a tablist whose arrow keys (in reading direction), Home and End select. */
export function TabControl({ vm, scope }: { vm: PaywallViewModel; scope: Scope }) {
  const state = scope.tabs;
  if (!state) return null;
  const { tabs, index, select } = state;
  const count = tabs.tabs.length;
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = vm.dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = vm.dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    const next = {
      [forward]: index + 1,
      ArrowDown: index + 1,
      [backward]: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select((next + count) % count);
  };
  const attributes =
    tabs.control.type === "toggle"
      ? {}
      : { role: "tablist", "aria-label": tabs.name ?? undefined, onKeyDown };
  return <StackBox vm={vm} scope={scope} stack={tabs.control.stack} attributes={attributes} />;
}

/** A tab: selects its tab when pressed. Its `selected` overrides apply while its tab shows. */
export function TabControlButton({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireTabControlButton;
}) {
  const state = scope.tabs;
  if (!state) return null;
  const found = state.tabs.tabs.findIndex((tab) => tab.id === component.tab_id);
  const target = found >= 0 ? found : (component.tab_index ?? -1);
  const selected = target === state.index;
  return (
    <StackBox
      vm={vm}
      scope={{ ...scope, selected }}
      stack={component.stack}
      tag="button"
      className="pw-pwl-stack pw-pwl-button"
      attributes={{
        type: "button",
        role: "tab",
        id: `${state.id}-${target}`,
        "aria-selected": selected,
        "aria-controls": `${state.id}-panel`,
        tabIndex: selected ? 0 : -1,
        onClick: () => state.select(target),
      }}
    />
  );
}

/** A switch: off shows the first tab, on the second; labelled by the second tab's name. */
export function TabControlToggle({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireTabControlToggle;
}) {
  const state = scope.tabs;
  if (!state) return null;
  const on = state.index === 1;
  const own = withOverrides(component, on);
  const color = (value: typeof own.track_color_on) => solidColorCss(value, vm.mode, vm.aliases) ?? undefined;
  return (
    <button
      type="button"
      role="switch"
      class="pw-pwl-toggle"
      aria-checked={on}
      aria-controls={`${state.id}-panel`}
      aria-label={state.tabs.tabs[1]?.name ?? state.tabs.name ?? undefined}
      style={{ background: color(on ? own.track_color_on : own.track_color_off) }}
      onClick={() => state.select(on ? 0 : 1)}
    >
      <span
        class="pw-pwl-thumb"
        style={{ background: color(on ? own.thumb_color_on : own.thumb_color_off) }}
        aria-hidden="true"
      />
    </button>
  );
}
