import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { solidColorCss } from "./colors";
import { commonStyle, type Style } from "./component-style";
import type { WireCarousel, WireIndicator } from "./paywall-document";
import {
  Component,
  isSelected,
  styleContext,
  withOverrides,
  type PaywallViewModel,
  type Scope,
} from "./paywall-view";

// A carousel (docs/checkout.md) after the ARIA carousel pattern: one page at a time with previous and next buttons,
// the page indicator as decoration (each page is labelled with its position). Auto-advance pauses while the pointer
// or the focus is inside, stops for good once the customer turns a page, and never starts when the system asks for
// reduced motion.

let carouselCount = 0;
const ALIGN: Readonly<Record<string, string>> = { top: "flex-start", center: "center", bottom: "flex-end" };

/** The page shown first: `initial_page_index` within the pages, else the first. */
const initialPage = (carousel: WireCarousel) => {
  const index = Math.trunc(carousel.initial_page_index ?? 0);
  return index >= 0 && index < carousel.pages.length ? index : 0;
};

function Indicator({ vm, carousel, index }: { vm: PaywallViewModel; carousel: WireCarousel; index: number }) {
  const control = carousel.page_control!;
  const style = commonStyle(control, styleContext(vm, { axis: "horizontal", packageId: null }));
  const dot = (indicator: WireIndicator | null | undefined): Style => {
    const color = solidColorCss(indicator?.color, vm.mode, vm.aliases);
    const stroke = solidColorCss(indicator?.stroke_color, vm.mode, vm.aliases);
    return {
      width: `${indicator?.width ?? 8}px`,
      height: `${indicator?.height ?? 8}px`,
      background: color ?? "currentColor",
      ...(stroke ? { border: `${indicator?.stroke_width ?? 1}px solid ${stroke}` } : {}),
    };
  };
  return (
    <div class="pw-pwl-dots" aria-hidden="true" style={{ ...style, gap: `${control.spacing ?? 8}px` }}>
      {carousel.pages.map((_, i) => (
        <span style={dot(i === index ? control.active : control.default)} />
      ))}
    </div>
  );
}

/** Whether the system asks for reduced motion. */
const reducedMotion = (win: Window) => win.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

export function Carousel({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireCarousel;
}) {
  const carousel = withOverrides(component, isSelected(vm, scope));
  const count = carousel.pages.length;
  const [index, setIndex] = useState(() => initialPage(carousel));
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(() => reducedMotion(vm.win));
  const id = useMemo(() => `pw-carousel-${++carouselCount}`, []);
  const perPage = carousel.auto_advance?.ms_time_per_page ?? 0;
  const rotating = perPage > 0 && count > 1 && !stopped && !paused;
  // Read by the timer: a pause or a page turn stops it at once, before the effect's clean-up runs.
  const rotatingNow = useRef(rotating);
  rotatingNow.current = rotating;
  useEffect(() => {
    if (!rotating) return;
    const handle = vm.win.setTimeout(() => rotatingNow.current && setIndex((i) => (i + 1) % count), perPage);
    return () => vm.win.clearTimeout(handle);
  }, [rotating, index, count, perPage, vm.win]);

  const turn = (step: 1 | -1) => {
    setStopped(true);
    const next = carousel.loop
      ? (index + step + count) % count
      : Math.min(count - 1, Math.max(0, index + step));
    setIndex(next);
    vm.interact({ component_type: "carousel", component_value: String(next) });
  };
  const arrow = (step: 1 | -1) => {
    const disabled = !carousel.loop && (step < 0 ? index === 0 : index === count - 1);
    // Not `disabled`: a disabled button drops the focus.
    return (
      <button
        type="button"
        class="pw-pwl-arrow"
        aria-label={step < 0 ? "Previous slide" : "Next slide"}
        aria-controls={id}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && turn(step)}
      >
        {step < 0 === (vm.dir === "rtl") ? "›" : "‹"}
      </button>
    );
  };
  const indicator = carousel.page_control && <Indicator vm={vm} carousel={carousel} index={index} />;
  const top = carousel.page_control?.position === "top";
  const page = carousel.pages[index];
  return (
    <div
      class="pw-pwl-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={carousel.name ?? undefined}
      style={commonStyle(carousel, styleContext(vm, scope))}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusIn={() => setPaused(true)}
      onFocusOut={() => setPaused(false)}
    >
      {top && indicator}
      <div
        class="pw-pwl-pages"
        style={{ alignItems: ALIGN[carousel.page_alignment ?? "center"] ?? "center" }}
      >
        {count > 1 && arrow(-1)}
        <div id={id} class="pw-pwl-page-box" aria-live={rotating ? "off" : "polite"}>
          {page && (
            <div
              key={index}
              class="pw-pwl-page"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${count}`}
            >
              <Component vm={vm} scope={{ ...scope, axis: "vertical" }} component={page} />
            </div>
          )}
        </div>
        {count > 1 && arrow(1)}
      </div>
      {!top && indicator}
    </div>
  );
}
