// One journey = one fresh browser context (its own cookies, so its own user) with a Playwright trace running. Its
// end state is kept as a screenshot, and the trace is kept only when the journey fails, both under e2e/output/
// (gitignored): `{database}/{journey}.png` and `{database}/{journey}.trace.zip` (open with `npx playwright
// show-trace`). The page must end with no uncaught error, no unexpected console error, no request leaving
// 127.0.0.1.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { RunningApp } from "./app-server";
import { expectCleanLog, openPage, type PageLog } from "./browser";

/** Where screenshots and traces go. */
export const OUTPUT_DIR = fileURLToPath(new URL("../output/", import.meta.url));

/** Clears the previous run's screenshots and traces for one database. */
export function resetOutput(database: string): void {
  rmSync(join(OUTPUT_DIR, database), { recursive: true, force: true });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  log: PageLog;
  /** Keeps a screenshot of an intermediate state as `{journey}.{label}.png`. */
  screenshot: (label: string) => Promise<void>;
}

export interface JourneyOptions {
  /** Answers that are part of the flow (a 402 on the fourth free message, the signed-out 401). */
  expectedFailures?: RegExp[];
}

/**
 * Runs `body` in a fresh context, then screenshots the page; on failure keeps the trace and rethrows.
 *
 * @example
 * it("visitor", () => journey(browser, app, "01-visitor", {}, async ({ page }) => { … }));
 */
export async function journey(
  browser: Browser,
  app: RunningApp,
  name: string,
  options: JourneyOptions,
  body: (journey: Journey) => Promise<void>,
): Promise<void> {
  const dir = join(OUTPUT_DIR, app.database);
  mkdirSync(dir, { recursive: true });
  const { context, page, log } = await openPage(browser, { expectedFailures: options.expectedFailures });
  const screenshot = async (label: string) => {
    await page.screenshot({ path: join(dir, `${name}.${label}.png`), fullPage: true });
  };
  await context.tracing.start({ screenshots: true, snapshots: true, title: `${app.database} ${name}` });
  try {
    await body({ context, page, log, screenshot });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    await context.tracing.stop();
  } catch (error) {
    await page.screenshot({ path: join(dir, `${name}.failed.png`), fullPage: true }).catch(() => {});
    await context.tracing.stop({ path: join(dir, `${name}.trace.zip`) }).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
  expectCleanLog(log, `${app.database} ${name}`);
}
