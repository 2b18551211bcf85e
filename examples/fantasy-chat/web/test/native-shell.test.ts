import { afterEach, describe, expect, it, vi } from "vitest";
import { KEYBOARD_OPEN_CLASS, STATUS_BAR_COLOR, startNativeShell } from "../src/native/native-shell";

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  document.body.classList.remove(KEYBOARD_OPEN_CLASS);
});

describe("native shell", () => {
  it("on the web, only logs that each plugin is not available", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    await startNativeShell();
    expect(log.mock.calls.map((c) => c[0])).toEqual([
      "StatusBar not available",
      "StatusBar not available",
      "SplashScreen not available",
      "Keyboard not available",
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it("in the app, sets a light status bar on dark red, hides the splash and marks the page while the keyboard shows", async () => {
    const listeners = new Map<string, () => void>();
    const calls: unknown[] = [];
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      Plugins: {
        StatusBar: {
          setStyle: async (o: unknown) => void calls.push(["setStyle", o]),
          setBackgroundColor: async (o: unknown) => void calls.push(["setBackgroundColor", o]),
        },
        SplashScreen: { hide: async () => void calls.push(["hide"]) },
        Keyboard: { addListener: (event: string, fn: () => void) => listeners.set(event, fn) },
      },
    };
    await startNativeShell();
    expect(calls).toEqual([
      ["setStyle", { style: "LIGHT" }],
      ["setBackgroundColor", { color: STATUS_BAR_COLOR }],
      ["hide"],
    ]);
    listeners.get("keyboardWillShow")?.();
    expect(document.body.classList.contains(KEYBOARD_OPEN_CLASS)).toBe(true);
    listeners.get("keyboardWillHide")?.();
    expect(document.body.classList.contains(KEYBOARD_OPEN_CLASS)).toBe(false);
  });

  it("logs a failing plugin as not available instead of throwing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      Plugins: { StatusBar: { setStyle: () => Promise.reject(new Error("no")) } },
    };
    await expect(startNativeShell()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith("StatusBar not available");
  });
});
