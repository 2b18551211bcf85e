// Debian's Chromium through playwright-core (a browser download is impossible here), every request kept on
// 127.0.0.1, console errors collected, and axe-core run in the page.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** Bounded waits: every Playwright call fails within this, well inside the test timeout. */
export const STEP_TIMEOUT = 15_000;

import { openLoopbackPage, type PageLog } from "../../../../scripts/chromium.mjs";

export { launchChromium as launchBrowser } from "../../../../scripts/chromium.mjs";
export type { PageLog };

/**
 * A fresh context and page at a phone-to-desktop `width`, whose requests may only reach 127.0.0.1.
 * `expectedFailures` lists URLs whose non-OK answers are part of the flow (the signed-out `GET /api/auth/user`
 * answers 401 by design, which Chromium reports as a console error): those console lines are not counted.
 */
export function openPage(
  browser: Browser,
  options: { width?: number; expectedFailures?: RegExp[] } = {},
): Promise<{ context: BrowserContext; page: Page; log: PageLog }> {
  return openLoopbackPage(browser, { ...options, stepTimeoutMs: STEP_TIMEOUT });
}

/** Expects the page to have thrown nothing, logged no error and stayed on 127.0.0.1. */
export function expectCleanLog(log: PageLog, label: string): void {
  expect(log.errors, `uncaught page errors on ${label}`).toEqual([]);
  expect(log.consoleErrors, `console errors on ${label}`).toEqual([]);
  expect(log.blocked, `requests that tried to leave 127.0.0.1 on ${label}`).toEqual([]);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core (WCAG 2.0–2.2 A/AA) on the page and expects no serious or critical violation. Injected through
 * the DevTools protocol, which the page's CSP (no inline scripts) does not govern.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    interface Violation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary: string }[];
    }
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
      }));
  });
  expect(violations, `serious or critical axe violations on ${label}`).toEqual([]);
}
