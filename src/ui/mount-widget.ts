import { render } from "preact";

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"])';

let nextId = 0;
/** The open widgets, newest last: only the newest (a checkout opened from a paywall) handles the keyboard. */
const openIds: string[] = [];

/** Where and how the widget is shown. */
export interface MountOptions {
  readonly win: Window;
  /** The host element of an embedded widget; null for a full-screen one. */
  readonly htmlTarget: HTMLElement | null;
  /** Where a full-screen widget is put (a `#rcb-ui-root` of the page); the body when absent. */
  readonly fullscreenParent?: HTMLElement | null;
  readonly css: string;
  /** An extra class of the root ("pw-test-store"). */
  readonly variant: string;
  /** The CSP nonce of the injected style element. */
  readonly nonce?: string;
  readonly lang: string;
  readonly dir: "ltr" | "rtl";
  /** The brand font's stylesheet (branding `font_url`), loaded while the widget is shown. */
  readonly fontUrl?: string | null;
  /** CSS custom properties of the theme. */
  readonly variables: Readonly<Record<string, string>>;
  /** Escape or browser back. */
  readonly onDismiss: () => void;
}

/** A mounted widget root. */
export interface WidgetMount {
  /** The dialog element the UI renders into. */
  readonly root: HTMLElement;
  /** The id the visible page's heading must carry (the dialog's label). */
  readonly titleId: string;
  readonly fullscreen: boolean;
  /** Moves focus into the dialog: its title, else its first focusable element, else the dialog itself. */
  focusFirst(): void;
  /** Removes the UI, its style, listeners and history entry, and restores focus and scrolling. Idempotent. */
  unmount(): void;
}

/**
 * Mounts a widget root: a full-screen modal dialog over the page, or a dialog inside `htmlTarget`. The modal
 * traps focus; both close on Escape and browser back (a history entry is pushed), restore focus on close and
 * leave nothing behind. Styles are scoped by the `pw-` class prefix: Stripe's elements cannot live in a shadow root.
 *
 * @example
 * const mount = mountWidget({ win: window, htmlTarget: null, css, lang: "en", dir: "ltr", variables, onDismiss });
 * render(<App />, mount.root);
 * mount.unmount();
 */
export function mountWidget(options: MountOptions): WidgetMount {
  const { win, htmlTarget } = options;
  const doc = win.document;
  const fullscreen = !htmlTarget;
  const id = `pw-${++nextId}`;
  const historyKey = `purchases-web:${id}`;
  const previousFocus = doc.activeElement as HTMLElement | null;
  const previousOverflow = doc.body.style.overflow;

  const style = doc.createElement("style");
  if (options.nonce) style.nonce = options.nonce;
  style.textContent = options.css;
  doc.head.appendChild(style);
  // @font-face only works from the document, not from inside a component, so the font's stylesheet goes there.
  const font = options.fontUrl ? doc.createElement("link") : null;
  if (font) {
    font.rel = "stylesheet";
    font.href = options.fontUrl as string;
    if (options.nonce) font.nonce = options.nonce;
    doc.head.appendChild(font);
  }

  const root = doc.createElement("div");
  root.className = `pw-root ${options.variant} ${fullscreen ? "pw-fullscreen" : "pw-embedded"}`;
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", String(fullscreen));
  root.setAttribute("aria-labelledby", `${id}-title`);
  root.tabIndex = -1;
  root.lang = options.lang;
  root.dir = options.dir;
  for (const [name, value] of Object.entries(options.variables)) root.style.setProperty(name, value);
  (htmlTarget ?? options.fullscreenParent ?? doc.body).appendChild(root);
  if (fullscreen) doc.body.style.overflow = "hidden";

  const focusables = () =>
    [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]"));
  const onKeyDown = (event: KeyboardEvent) => {
    if (openIds[openIds.length - 1] !== id) return;
    if (event.key === "Escape") {
      event.preventDefault();
      options.onDismiss();
    } else if (event.key === "Tab" && fullscreen) {
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      const active = doc.activeElement;
      if (!first || !last) {
        event.preventDefault();
        root.focus();
      } else if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  // The modal owns the keyboard; an embedded widget only reacts while focus is inside it.
  const keyTarget: EventTarget = fullscreen ? doc : root;
  keyTarget.addEventListener("keydown", onKeyDown as EventListener, true);
  // Back from a widget opened over this one lands on this one's entry: that closes only the newer widget.
  const onPopState = (event: PopStateEvent) => {
    if (!(event.state as Record<string, unknown> | null)?.[historyKey]) options.onDismiss();
  };
  openIds.push(id);
  let mounted = true;
  // The history entry is pushed once the widget has painted and the page is idle: pushState is synchronous work
  // (2 ms in Chromium) that neither the first frame nor the customer's first press needs.
  const pushEntry = () => {
    if (mounted) win.history.pushState({ [historyKey]: true }, "");
  };
  if (win.requestAnimationFrame && win.requestIdleCallback) {
    win.requestAnimationFrame(() => win.requestIdleCallback(pushEntry, { timeout: 500 }));
  } else win.setTimeout(pushEntry, 0);
  win.addEventListener("popstate", onPopState);

  return {
    root,
    titleId: `${id}-title`,
    fullscreen,
    focusFirst() {
      // A full-screen dialog has nothing to scroll into view: focusing without scrolling leaves its first layout
      // to the frame that paints it, instead of forcing it here.
      (doc.getElementById(`${id}-title`) ?? focusables()[0] ?? root).focus({ preventScroll: fullscreen });
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      openIds.splice(openIds.indexOf(id), 1);
      render(null, root);
      keyTarget.removeEventListener("keydown", onKeyDown as EventListener, true);
      win.removeEventListener("popstate", onPopState);
      // Leave the history as it was when the widget closed by other means than browser back.
      if ((win.history.state as Record<string, unknown> | null)?.[historyKey]) win.history.back();
      root.remove();
      style.remove();
      font?.remove();
      if (fullscreen) doc.body.style.overflow = previousOverflow;
      if (previousFocus?.isConnected) previousFocus.focus();
    },
  };
}
