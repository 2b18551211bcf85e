// Launches Debian's Chromium through playwright-core (a browser download is impossible here), keeps every
// request on 127.0.0.1, and runs axe-core in the page.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { REPO_ROOT, startPageServer, type PageServer } from "./page-server";

/** Bounded waits: every Playwright call fails within this, well inside the test timeout. */
export const STEP_TIMEOUT = 10_000;

/** Builds dist/ when it is missing (`npm test` builds it before the tests). */
function ensureBuilt() {
  if (existsSync(join(REPO_ROOT, "dist/index.mjs"))) return;
  const built = spawnSync("npm", ["run", "build"], { cwd: REPO_ROOT, stdio: "inherit", timeout: 120_000 });
  if (built.status !== 0) throw new Error("npm run build failed");
}

import { launchChromium, openLoopbackPage, type PageLog } from "../../../scripts/chromium.mjs";

export type { PageLog };

/** What a browser suite runs against; set in its `beforeAll`. */
export interface BrowserSuite<S> {
  browser: Browser;
  /** The billing server the pages talk to. */
  server: S;
  /** Serves the host page that embeds the built SDK. */
  host: PageServer;
}

/**
 * Starts Chromium, a billing server and the host page server before the suite's tests (built SDK first) and
 * closes them after.
 *
 * @example
 * const suite = useBrowserSuite(() => startTestServer("pglite"));
 * it("…", async () => { await gotoHost(page, suite.host.url); });
 */
export function useBrowserSuite<S extends { close(): Promise<void> }>(
  startServer: () => Promise<S>,
): BrowserSuite<S> {
  const suite = {} as BrowserSuite<S>;
  beforeAll(async () => {
    ensureBuilt();
    [suite.browser, suite.server, suite.host] = await Promise.all([
      launchChromium(),
      startServer(),
      startPageServer(),
    ]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.host?.close();
    await suite.server?.close();
  });
  return suite;
}

/** Closes the page's context and checks that it threw nothing, logged no error and stayed on 127.0.0.1. */
export async function closeCleanPage(page: Page | undefined, log: PageLog): Promise<void> {
  await page?.context().close();
  expect(log.errors, "uncaught page errors").toEqual([]);
  expect(log.consoleErrors, "console errors (a chunk that failed to load shows here)").toEqual([]);
  expect(log.blocked, "requests that tried to leave 127.0.0.1").toEqual([]);
}

/**
 * A fresh page (own context) whose requests may only reach 127.0.0.1; a failed load from a URL matching
 * `expectedFailures` (a 404 the test expects) is not logged as an error.
 */
export async function openPage(
  browser: Browser,
  expectedFailures: RegExp[] = [],
): Promise<{ page: Page; log: PageLog }> {
  const { page, log } = await openLoopbackPage(browser, { stepTimeoutMs: STEP_TIMEOUT, expectedFailures });
  return { page, log };
}

/** Opens the host page and waits for its module script. */
export async function gotoHost(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__hostReady === true);
}

export interface HostOutcome {
  status: "pending" | "resolved" | "rejected";
  activeEntitlements?: string[];
  appUserId?: string;
  productIdentifier?: string | null;
  storeTransactionId?: string | null;
  operationSessionId?: string | null;
  isPurchasesError?: boolean;
  errorCode?: number;
  message?: string;
}

/** Waits until the page's purchase() settled and returns how. */
export async function outcome(page: Page): Promise<HostOutcome> {
  await page.waitForFunction(() => {
    const o = (window as any).__outcome;
    return o && o.status !== "pending";
  });
  return page.evaluate(() => (window as any).__outcome as HostOutcome);
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve("axe-core/axe.min.js");

/** The WCAG 2.0–2.2 A/AA rules and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Runs axe-core on the whole page and expects no violations; `label` names the page in the failure. */
export async function expectNoAxeViolations(page: Page, label: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, iframes: false });
    return (result.violations as any[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: (v.nodes as any[]).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    }));
  }, AXE_TAGS);
  expect(violations, `axe violations on ${label}`).toEqual([]);
}
