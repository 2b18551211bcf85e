// The built server and Chromium that a test file shares: started before its first test, closed after its last.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startApp, type RunningApp, type StartAppOptions } from "./app-server";
import { launchBrowser } from "./browser";

/** The file's server and browser, read inside its tests (they exist once `beforeAll` has run). */
export interface AppSuite {
  readonly app: RunningApp;
  readonly browser: Browser;
}

/**
 * Starts the built server and Chromium for the calling test file, and closes both after it.
 *
 * @example
 * const suite = useAppSuite();
 * it("…", async () => { const { page } = await openPage(suite.browser); await page.goto(suite.app.url); });
 */
export function useAppSuite(options: StartAppOptions = {}): AppSuite {
  const suite = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    suite.app = await startApp(options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}
