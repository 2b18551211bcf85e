import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import type * as NativeShell from "../src/native/native-shell";

// The plugins' modules are replaced by recorders: their real native halves cannot run here, and their web
// halves would only throw "not implemented". Each recorder can be told to fail.
const calls: unknown[][] = [];
const listeners = new Map<string, (() => void)[]>();
const failing = new Set<string>();

function record(plugin: string, method: string, ...args: unknown[]): Promise<void> {
  calls.push([`${plugin}.${method}`, ...args]);
  return failing.has(plugin) ? Promise.reject(new Error(`${plugin} failed`)) : Promise.resolve();
}

vi.mock("@capacitor/status-bar", () => ({
  Style: { Dark: "DARK", Light: "LIGHT", Default: "DEFAULT" },
  StatusBar: {
    setStyle: (options: unknown) => record("StatusBar", "setStyle", options),
    setBackgroundColor: (options: unknown) => record("StatusBar", "setBackgroundColor", options),
  },
}));
vi.mock("@capacitor/splash-screen", () => ({
  SplashScreen: { hide: () => record("SplashScreen", "hide") },
}));
vi.mock("@capacitor/keyboard", () => ({
  Keyboard: {
    addListener: async (event: string, listener: () => void) => {
      await record("Keyboard", "addListener", event);
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return { remove: async () => {} };
    },
  },
}));

type Shell = typeof NativeShell;

/** A fresh copy of the module, since the shell starts once per page. */
async function loadShell(): Promise<Shell> {
  vi.resetModules();
  return import("../src/native/native-shell");
}

function runOnNative(): void {
  (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
}

function fire(event: string): void {
  for (const listener of listeners.get(event) ?? []) listener();
}

let log: MockInstance<typeof console.log>;
let error: MockInstance<typeof console.error>;
beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
  error = vi.spyOn(console, "error");
});

afterEach(async () => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  const { KEYBOARD_OPEN_CLASS } = await import("../src/native/native-shell");
  document.body.classList.remove(KEYBOARD_OPEN_CLASS);
  calls.length = 0;
  listeners.clear();
  failing.clear();
  vi.restoreAllMocks();
});

describe("native shell", () => {
  it("on the web, calls no plugin and only logs that each is not available", async () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => false };
    const { startNativeShell } = await loadShell();
    await startNativeShell();
    expect(calls).toEqual([]);
    expect(log.mock.calls.map((c) => c[0])).toEqual([
      "StatusBar not available",
      "StatusBar not available",
      "SplashScreen not available",
      "Keyboard not available",
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it("without any Capacitor runtime, calls no plugin either", async () => {
    const { startNativeShell } = await loadShell();
    await startNativeShell();
    expect(calls).toEqual([]);
  });

  it("in the app, sets a light status bar on the theme's dark red and hides the splash", async () => {
    runOnNative();
    const { startNativeShell } = await loadShell();
    await startNativeShell();
    expect(calls.slice(0, 3)).toEqual([
      ["StatusBar.setStyle", { style: "LIGHT" }],
      ["StatusBar.setBackgroundColor", { color: "#5c0a1e" }],
      ["SplashScreen.hide"],
    ]);
    expect(log).not.toHaveBeenCalled();
  });

  it("hides the splash exactly once however often the shell is started", async () => {
    runOnNative();
    const { startNativeShell } = await loadShell();
    await Promise.all([startNativeShell(), startNativeShell()]);
    await startNativeShell();
    expect(calls.filter(([name]) => name === "SplashScreen.hide")).toHaveLength(1);
  });

  it("marks the page while the keyboard shows and unmarks it when hidden", async () => {
    runOnNative();
    const { startNativeShell, KEYBOARD_OPEN_CLASS } = await loadShell();
    await startNativeShell();
    const marked = () => document.body.classList.contains(KEYBOARD_OPEN_CLASS);
    expect(marked()).toBe(false);
    fire("keyboardWillShow");
    expect(marked()).toBe(true);
    fire("keyboardWillHide");
    expect(marked()).toBe(false);
    fire("keyboardDidShow");
    expect(marked()).toBe(true);
    fire("keyboardDidHide");
    expect(marked()).toBe(false);
  });

  it.each(["StatusBar", "SplashScreen", "Keyboard"])(
    "logs a failing %s as not available, and nothing else, while the other plugins still run",
    async (plugin) => {
      runOnNative();
      failing.add(plugin);
      const { startNativeShell } = await loadShell();
      await expect(startNativeShell()).resolves.toBeUndefined();
      const expected = plugin === "StatusBar" ? [plugin, plugin] : [plugin];
      expect(log.mock.calls.map((c) => c[0])).toEqual(expected.map((name) => `${name} not available`));
      expect(error).not.toHaveBeenCalled();
      const ran = new Set(calls.map(([name]) => String(name).split(".")[0]));
      expect(ran).toEqual(new Set(["StatusBar", "SplashScreen", "Keyboard"]));
    },
  );
});
