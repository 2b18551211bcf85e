// The same billing server's Realmheart paywall shown by purchases-js 1.63.1 (the pinned devDependency) and by
// purchases-web in real Chromium: both render it with real prices, a package choice changes the texts the same
// way, and onBack's closePaywall rejects both with UserCancelledError; and a two-page workflow (the arcade test
// project's) shows its first page and moves to the second alike.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import { startTestServer } from "../../examples/billing-server/test/support/test-server.js";
import { closeCleanPage, gotoHost, openPage, useBrowserSuite, type PageLog } from "./support/browser";
import { startPeerPageServer } from "./support/peer-page-server";

type Sdk = "peer" | "ours";
const USER_CANCELLED = 1;

describe("the Realmheart paywall in purchases-js and purchases-web (Chromium, real billing server)", () => {
  const suite = useBrowserSuite(() => startTestServer("pglite"));
  let pages: Awaited<ReturnType<typeof startPeerPageServer>>;
  let page: Page;
  let log: PageLog;
  let users = 0;

  beforeAll(async () => {
    pages = await startPeerPageServer();
  });
  afterAll(() => pages?.close());
  afterEach(() => closeCleanPage(page, log));

  /** Shows the current offering's paywall with `sdk`; onBack closes it. Returns the paywall's text once shown. */
  async function showPaywall(sdk: Sdk) {
    ({ page, log } = await openPage(suite.browser));
    await gotoHost(page, pages.url);
    await page.evaluate(
      ([sdk, config]) => {
        const { Purchases } = (window as any).sdks[sdk];
        const w = window as any;
        w.__paywall = { status: "pending", backs: 0 };
        const purchases = Purchases.configure({ ...config, flags: { collectAnalyticsEvents: false } });
        purchases.getOfferings().then((offerings: any) =>
          purchases
            .presentPaywall({
              offering: offerings.current,
              onBack: (closePaywall: () => void) => {
                w.__paywall.backs++;
                closePaywall();
              },
            })
            .then(
              () => (w.__paywall.status = "resolved"),
              (error: any) => Object.assign(w.__paywall, { status: "rejected", errorCode: error?.errorCode }),
            ),
        );
      },
      [
        sdk,
        {
          apiKey: KEYS.test,
          appUserId: `paywall_peer_${sdk}_${++users}_${Date.now()}`,
          httpConfig: { proxyURL: suite.server.url },
        },
      ] as const,
    );
    await page.getByText("Choose Your Destiny").waitFor();
    await expect.poll(() => bodyText()).toMatch(/Start your 1 week free trial/);
    return bodyText();
  }

  const bodyText = () => page.evaluate(() => document.body.innerText.replace(/\s+/g, " "));
  const outcome = async () => {
    await page.waitForFunction(() => (window as any).__paywall.status !== "pending");
    return page.evaluate(() => (window as any).__paywall);
  };

  for (const sdk of ["peer", "ours"] as const) {
    it(`${sdk}: renders every part with real prices; choosing the annual package changes the purchase text`, async () => {
      const text = await showPaywall(sdk);
      for (const part of [
        "Unlimited messages, priority AI responses",
        "Today",
        "Day 5",
        "Day 7",
        "Save 17%",
        "Annual",
        "Monthly",
        "Terms",
        "Not now",
      ])
        expect(text).toContain(part);
      // Both SDKs show the rand's narrow symbol "R" in paywall texts.
      expect(text).toMatch(/R\s?990\.00\/yr \(R\s?82\.50\/mo\)/);
      expect(text).toMatch(/R\s?99\.00\/mo\b/);
      expect(text).toMatch(/then R\s?99\.00\/month/);
      expect(text).not.toMatch(/N\/A|\{\{/);
      // Neither shows the restore button: purchases-js never does, purchases-web only with onRestorePurchases.
      expect(text).not.toContain("Restore purchases");
      await page.getByText("Annual", { exact: true }).click();
      await expect.poll(() => bodyText()).toMatch(/then R\s?990\.00\/year/);
      await page.getByText("Not now", { exact: true }).click();
      expect(await outcome()).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED, backs: 1 });
    });
  }

  /** Shows the arcade project's current offering (a two-page workflow, no paywall of its own) with `sdk`. */
  async function showWorkflow(sdk: Sdk) {
    ({ page, log } = await openPage(suite.browser));
    await gotoHost(page, pages.url);
    await page.evaluate(
      ([sdk, config]) => {
        const w = window as any;
        w.__paywall = { status: "pending", backs: 0 };
        const purchases = w.sdks[sdk].Purchases.configure({
          ...config,
          flags: { collectAnalyticsEvents: false },
        });
        purchases
          .presentPaywall({ onBack: (closePaywall: () => void) => (w.__paywall.backs++, closePaywall()) })
          .then(
            () => (w.__paywall.status = "resolved"),
            (error: any) => Object.assign(w.__paywall, { status: "rejected", errorCode: error?.errorCode }),
          );
      },
      [
        sdk,
        {
          apiKey: KEYS.arcadeTest,
          appUserId: `workflow_peer_${sdk}_${++users}_${Date.now()}`,
          httpConfig: { proxyURL: suite.server.url },
        },
      ] as const,
    );
    await page.getByText("Power up your games").waitFor();
  }

  for (const sdk of ["peer", "ours"] as const) {
    it(`${sdk}: shows the arcade's two-page workflow and moves to its offers page`, async () => {
      await showWorkflow(sdk);
      expect(await bodyText()).not.toContain("Choose your power-up");
      await page.getByText("See the offers", { exact: true }).click();
      await expect.poll(() => bodyText()).toContain("Choose your power-up");
      const text = await bodyText();
      expect(text).toContain("100 gems");
      expect(text).toContain("Arcade pass");
      expect(text).not.toContain("Power up your games");
    });
  }
});
