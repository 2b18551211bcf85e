import { useEffect, useRef, useState, type PointerEvent } from "react";
import { TOAST_DURATION_MS, dismissToast, useToasts, type ToastItem } from "./toast-store";

/** Dragging a toast this far to the right dismisses it. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The notifications region: F8 focuses it; each toast closes after 5 s (paused while hovered or focused), with
 * its close button, or by a swipe to the right of at least 50 px.
 *
 * @example
 * <Toaster />
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)" className="toast-region">
      <ol ref={region} tabIndex={-1} className="toast-viewport">
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <ToastView key={t.id} item={t} />
          ))}
      </ol>
    </section>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest("button")) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    if (moved >= SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <li
      role="status"
      aria-atomic="true"
      className={`toast${item.variant === "destructive" ? " toast-destructive" : ""}`}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      data-swipe={offset ? "move" : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast-body">
        <div className="toast-title">{item.title}</div>
        {item.description ? <div className="toast-description">{item.description}</div> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={() => dismissToast(item.id)}>
        ×
      </button>
    </li>
  );
}
