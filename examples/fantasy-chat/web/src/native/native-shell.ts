// The native mobile shell (Capacitor, see ../../capacitor.config.ts). The native runtime injects
// `window.Capacitor` before any script runs, and its `isNativePlatform()` is the one @capacitor/core exposes; only
// then is the plugin code loaded (a lazy chunk), so the web bundle stays as it was. On the web each plugin is only
// logged as not available (docs/product.md) and nothing is loaded or called, so the same bundle serves both.

/** The status bar's background: the theme's dark red. */
export const STATUS_BAR_COLOR = "#5c0a1e";
/** The class on <body> while the on-screen keyboard is shown. */
export const KEYBOARD_OPEN_CLASS = "keyboard-open";
/** The plugin behind each step of the start, in order: the names logged when one is not available. */
export const NATIVE_STEPS = ["StatusBar", "StatusBar", "SplashScreen", "Keyboard"] as const;

/**
 * Whether the page runs inside the native shell: the runtime's own `Capacitor.isNativePlatform()`, read from the
 * global so that the web bundle does not load @capacitor/core to learn that it is on the web.
 *
 * @example
 * if (isNativePlatform()) await openInSystemBrowser(url);
 */
export function isNativePlatform(): boolean {
  const capacitor = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

let started: Promise<void> | undefined;

/**
 * Sets the status bar to light text on dark red, hides the splash screen and marks the page while the keyboard
 * is visible. Runs once: later calls return the first run, so the splash is hidden and the listeners added once.
 *
 * @example
 * void startNativeShell();
 */
export function startNativeShell(): Promise<void> {
  started ??= start();
  return started;
}

async function start(): Promise<void> {
  if (!isNativePlatform()) {
    for (const plugin of NATIVE_STEPS) console.log(`${plugin} not available`);
    return;
  }
  try {
    const { startNativePlugins } = await import("./native-plugins");
    await startNativePlugins();
  } catch {
    // The chunk itself failed to load (an offline start with a remote server URL): every step is unavailable.
    for (const plugin of NATIVE_STEPS) console.log(`${plugin} not available`);
  }
}
