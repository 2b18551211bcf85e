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

/**
 * A fresh page in its own context whose requests may only reach 127.0.0.1 (others are aborted and recorded), with
 * uncaught errors and console errors collected in `log`. A "Failed to load resource" error from a URL matching
 * `expectedFailures` (an answer the test provokes on purpose) is not collected.
 *
 * @example
 * const { page, log } = await openLoopbackPage(browser, { stepTimeoutMs: 10_000 });
 */
export async function openLoopbackPage(browser, { width = 1280, stepTimeoutMs, expectedFailures = [] } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-US" });
  if (stepTimeoutMs !== undefined) context.setDefaultTimeout(stepTimeoutMs);
  const log = { errors: [], consoleErrors: [], blocked: [] };
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => {
      log.blocked.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  const page = await context.newPage();
  page.on("pageerror", (error) => log.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    const expected =
      message.text().startsWith("Failed to load resource") && expectedFailures.some((p) => p.test(where));
    if (!expected) log.consoleErrors.push(`${message.text()} (${where})`);
  });
  return { context, page, log };
}
