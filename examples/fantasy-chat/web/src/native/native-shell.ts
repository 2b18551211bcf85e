// The native mobile shell (Capacitor, see ../../capacitor.config.json). In the app the native runtime injects
// `window.Capacitor.Plugins`; on the web there is none, and each call only logs that it is not available
// (docs/product.md), so the same bundle serves both.

/** The status bar's background: the theme's dark red. */
export const STATUS_BAR_COLOR = "#5c0a1e";
/** The class on <body> while the on-screen keyboard is shown. */
export const KEYBOARD_OPEN_CLASS = "keyboard-open";

type PluginCall = (options?: Record<string, unknown>) => Promise<unknown>;
interface ListenerPlugin {
  addListener?: (event: string, listener: () => void) => unknown;
}
type Plugins = Record<string, (Record<string, PluginCall> & ListenerPlugin) | undefined>;

function plugins(): Plugins | undefined {
  return (globalThis as { Capacitor?: { Plugins?: Plugins } }).Capacitor?.Plugins;
}

/** Calls `Plugin.method(options)`; a missing plugin or a failure is only logged as not available. */
async function call(plugin: string, method: string, options?: Record<string, unknown>): Promise<void> {
  const fn = plugins()?.[plugin]?.[method];
  if (typeof fn !== "function") {
    console.log(`${plugin} not available`);
    return;
  }
  try {
    await fn(options);
  } catch {
    console.log(`${plugin} not available`);
  }
}

/**
 * Sets the status bar to light text on dark red, hides the splash screen and marks the page while the keyboard
 * is visible.
 *
 * @example
 * void startNativeShell();
 */
export async function startNativeShell(): Promise<void> {
  await call("StatusBar", "setStyle", { style: "LIGHT" });
  await call("StatusBar", "setBackgroundColor", { color: STATUS_BAR_COLOR });
  await call("SplashScreen", "hide");
  const keyboard = plugins()?.Keyboard;
  if (typeof keyboard?.addListener !== "function") {
    console.log("Keyboard not available");
    return;
  }
  try {
    keyboard.addListener("keyboardWillShow", () => document.body.classList.add(KEYBOARD_OPEN_CLASS));
    keyboard.addListener("keyboardWillHide", () => document.body.classList.remove(KEYBOARD_OPEN_CLASS));
  } catch {
    console.log("Keyboard not available");
  }
}
