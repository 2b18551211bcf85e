// Debian's Chromium, the one browser this machine can run (a test tool's own browser download cannot work here),
// launched the same way by the SDK's browser tests, Realmheart's browser and end-to-end tests and the benchmarks.
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox (root in a container), no GPU, and nothing that would reach the network on its own. */
export const CHROMIUM_FLAGS = Object.freeze([
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]);

/**
 * Launches headless Chromium.
 *
 * @example
 * const browser = await launchChromium();
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    timeout: 30_000,
  });
}
