// Issue #47 in a real browser against the built server: reloading a signed-in page never shows the landing page
// (nor a spinner on an empty screen) before the page itself, and the built client's script arrives compressed.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../../e2e/support/app-server";
import { trialUser } from "../../e2e/support/users";
import { expectCleanLog, launchBrowser, openPage, type PageLog } from "../../e2e/support/browser";

const LANDING_HEADING = "Fall for a legend of the realm";

/** What a page load showed before its screen: see {@link watchWhatIsShown}. */
interface Shown {
  landing: boolean;
  screenSpinner: boolean;
  /** The client's own loading frame (React's, with its "Loading" status), after the HTML's frame. */
  loadingFrame: boolean;
}

/**
 * Watches every page of the context from its first byte: whether the landing page's heading, a spinner alone on
 * the screen, or the client's loading frame was ever in the document. Read with {@link whatWasShown}.
 */
async function watchWhatIsShown(context: BrowserContext): Promise<void> {
  await context.addInitScript((landingHeading: string) => {
    const seen: Shown = { landing: false, screenSpinner: false, loadingFrame: false };
    (window as unknown as { __shown: Shown }).__shown = seen;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(landingHeading)) seen.landing = true;
      if (document.querySelector(".screen-center [role='status']")) seen.screenSpinner = true;
      if (document.querySelector(".page[aria-busy='true'] [role='status']")) seen.loadingFrame = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, LANDING_HEADING);
}

const whatWasShown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: Shown }).__shown);

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let log: PageLog;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  // Signed out, `GET /api/auth/user` answers 401 by design, which Chromium logs as an error.
  ({ context, page, log } = await openPage(browser, {
    width: 390,
    expectedFailures: [/\/api\/auth\/user$/],
  }));
  await trialUser(context, page, app, "Morgana");
  await watchWhatIsShown(context);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

describe("reloading a signed-in page", () => {
  it("draws home straight away: never the landing page, a spinner on an empty screen or a loading frame", async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole("heading", { name: "Welcome back, Morgana" }).waitFor();
    for (let reload = 0; reload < 3; reload++) {
      await page.reload();
      await page.getByRole("heading", { name: "Welcome back, Morgana" }).waitFor();
      expect(await whatWasShown(page), `reload ${reload + 1}`).toEqual({
        landing: false,
        screenSpinner: false,
        loadingFrame: false,
      });
    }
  });

  it.each(["/characters", "/subscription", "/profile"])(
    "never shows the landing page first at %s",
    async (path) => {
      await page.goto(`${app.url}${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect(page.getByRole("heading", { name: LANDING_HEADING }).count()).resolves.toBe(0);
      expect((await whatWasShown(page)).landing).toBe(false);
    },
  );

  it("draws /subscribe from the HTML's frame straight to the screen, with the config the page carries", async () => {
    const configRequests: string[] = [];
    const count = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === "/api/config") configRequests.push(request.url());
    };
    page.on("request", count);
    try {
      await page.goto(`${app.url}/subscribe`);
      await page.getByRole("heading", { name: "Choose Your Destiny" }).waitFor();
      // The SDK is set up with the key the page carried: the toggle appears, no /api/config request was made.
      await page.getByRole("radiogroup", { name: "Payment method" }).waitFor();
      expect(configRequests).toEqual([]);
      expect((await whatWasShown(page)).loadingFrame).toBe(false);
    } finally {
      page.off("request", count);
    }
  });

  it("shows the landing page at once after signing out, and not the last user's home", async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole("link", { name: "Logout" }).click();
    await page.getByRole("heading", { name: LANDING_HEADING }).waitFor();
    expect(await page.getByText("Welcome back, Morgana").count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: LANDING_HEADING }).waitFor();
    expect(await page.evaluate(() => document.body.textContent?.includes("Welcome back"))).toBe(false);
    expectCleanLog(log, "reloads");
  });
});

describe("the built client's script", () => {
  it("arrives brotli-compressed, a third of its size or less", async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const compressed = await context.request.get(`${app.url}${entry}`, {
      headers: { "accept-encoding": "br" },
    });
    expect(compressed.headers()["content-encoding"]).toBe("br");
    const identity = await fetch(`${app.url}${entry}`, { headers: { "accept-encoding": "identity" } });
    const size = Number(identity.headers.get("content-length"));
    expect(Number(compressed.headers()["content-length"])).toBeLessThan(size / 3);
  });
});
