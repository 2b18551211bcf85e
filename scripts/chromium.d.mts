import type { Browser, BrowserContext, Page } from "playwright-core";

export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function launchChromium(): Promise<Browser>;

/** What a page did that a test should know about: uncaught errors, console errors, off-machine requests. */
export interface PageLog {
  errors: string[];
  consoleErrors: string[];
  blocked: string[];
}

export declare function openLoopbackPage(
  browser: Browser,
  options?: { width?: number; stepTimeoutMs?: number; expectedFailures?: RegExp[] },
): Promise<{ context: BrowserContext; page: Page; log: PageLog }>;
