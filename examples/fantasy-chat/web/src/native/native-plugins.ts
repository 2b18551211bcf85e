// The Capacitor plugin calls behind startNativeShell, in their own chunk: only loaded in the native app.
import { Keyboard } from "@capacitor/keyboard";
import { SplashScreen } from "@capacitor/splash-screen";
import { StatusBar, Style } from "@capacitor/status-bar";
import { KEYBOARD_OPEN_CLASS, STATUS_BAR_COLOR } from "./native-shell";

/** Runs one plugin step; its failure is only logged as not available, so the app starts either way. */
async function attempt(plugin: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch {
    console.log(`${plugin} not available`);
  }
}

/**
 * Light status bar on dark red, the splash hidden, and the keyboard-open class on <body> from the keyboard's
 * show to its hide (both the "will" and "did" events, since a platform may send only one of them).
 *
 * @example
 * await startNativePlugins();
 */
export async function startNativePlugins(): Promise<void> {
  await attempt("StatusBar", () => StatusBar.setStyle({ style: Style.Light }));
  await attempt("StatusBar", () => StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR }));
  await attempt("SplashScreen", () => SplashScreen.hide());
  const open = () => document.body.classList.add(KEYBOARD_OPEN_CLASS);
  const close = () => document.body.classList.remove(KEYBOARD_OPEN_CLASS);
  await attempt("Keyboard", () =>
    Promise.all([
      Keyboard.addListener("keyboardWillShow", open),
      Keyboard.addListener("keyboardDidShow", open),
      Keyboard.addListener("keyboardWillHide", close),
      Keyboard.addListener("keyboardDidHide", close),
    ]),
  );
}
