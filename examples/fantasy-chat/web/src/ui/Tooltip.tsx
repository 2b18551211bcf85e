import {
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";

/** A tooltip opens after the pointer or focus rests this long (docs/product.md). */
export const TOOLTIP_DELAY_MS = 700;
/** Within this long of another tooltip closing, the next opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

interface TooltipTiming {
  delay: number;
  skipDelay: number;
  lastClosed: { at: number };
}

const TimingContext = createContext<TooltipTiming>({
  delay: TOOLTIP_DELAY_MS,
  skipDelay: TOOLTIP_SKIP_DELAY_MS,
  lastClosed: { at: -Infinity },
});

/** Shares the delays (and the skip window) between the tooltips below it. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const value = useRef<TooltipTiming>({
    delay: TOOLTIP_DELAY_MS,
    skipDelay: TOOLTIP_SKIP_DELAY_MS,
    lastClosed: { at: -Infinity },
  });
  return <TimingContext.Provider value={value.current}>{children}</TimingContext.Provider>;
}

type TriggerProps = {
  "aria-describedby"?: string;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * Shows `label` next to its child (a focusable element) on hover or focus, after the provider's delay; Escape
 * closes it.
 *
 * @example
 * <Tooltip label="Regenerate reply"><button aria-label="Regenerate reply">↻</button></Tooltip>
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const timing = useContext(TimingContext);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    clear();
    if (performance.now() - timing.lastClosed.at < timing.skipDelay) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), timing.delay);
  };
  const hide = () => {
    clear();
    setOpen((wasOpen) => {
      if (wasOpen) timing.lastClosed.at = performance.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  useEffect(() => clear, []);

  return (
    <span className="tooltip-anchor">
      {cloneElement(children, {
        "aria-describedby": open ? id : undefined,
        onPointerEnter: show,
        onPointerLeave: hide,
        onFocus: show,
        onBlur: hide,
      })}
      {open ? (
        <span role="tooltip" id={id} className="tooltip">
          {label}
        </span>
      ) : null}
    </span>
  );
}
