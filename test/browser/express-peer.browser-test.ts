// The express purchase button of purchases-js 1.63.1 (the pinned devDependency) and of purchases-web, each against
// the same billing server in real Chromium, with the fake Stripe.js (`window.Stripe`, which both SDKs' Stripe
// loaders pick up, in the release each loads) offering Apple Pay: both draw the button from `checkout/prepare`, buy
// the monthly package when it is pressed and confirmed, and resolve with the same purchase.
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import { startCheckoutServer } from "../../examples/billing-server/test/support/checkout-server.js";
import { closeCleanPage, gotoHost, openPage, useBrowserSuite, type PageLog } from "./support/browser";
import { buyThroughExpressButton } from "./support/express-in-page";
import { fakeStripeScript } from "./support/fake-stripe-script";
import { startPeerPageServer } from "./support/peer-page-server";

type Sdk = "peer" | "ours";

describe("the express purchase button in purchases-js and purchases-web (Chromium, real billing server)", () => {
  // purchases-js decides what is active by this machine's clock: the server keeps the same time.
  const suite = useBrowserSuite(() => startCheckoutServer("pglite", {}, { now: new Date() }));
  let pages: Awaited<ReturnType<typeof startPeerPageServer>>;
  let page: Page;
  let log: PageLog;
  let users = 0;

  beforeAll(async () => {
    pages = await startPeerPageServer();
  });
  afterAll(() => pages?.close());
  afterEach(() => closeCleanPage(page, log));

  /** Draws `sdk`'s express button for the monthly package, presses Apple Pay, and returns how the call ended. */
  async function buyWithWallet(sdk: Sdk) {
    ({ page, log } = await openPage(suite.browser));
    const confirmed: string[] = [];
    // Each SDK gets the Stripe.js release its loader asks for: purchases-js 1.63.1 still loads dahlia.
    await page.addInitScript({ content: fakeStripeScript(sdk === "peer" ? "dahlia" : "endive") });
    await page.exposeFunction("__confirm", async (clientSecret: string) => {
      const delivery = await suite.server.stripe.confirm(clientSecret, "succeeded");
      confirmed.push(clientSecret);
      return { status: delivery.status };
    });
    await gotoHost(page, pages.url);
    const appUserId = `express_${sdk}_${++users}_${Date.now()}`;
    await page.evaluate(
      ([sdk, config]) => {
        const w = window as any;
        w.__purchasesUnderTest = w.sdks[sdk].Purchases.configure({
          ...config,
          flags: { collectAnalyticsEvents: false },
        });
      },
      [sdk, { apiKey: KEYS.sandbox, appUserId, httpConfig: { proxyURL: suite.server.server.url } }] as const,
    );
    const { outcome } = await buyThroughExpressButton(page, "ada@example.com");
    return { outcome, confirmed };
  }

  it("buys the monthly package through Apple Pay with both SDKs, with the same result", async () => {
    const peer = await buyWithWallet("peer");
    const ours = await buyWithWallet("ours");
    expect(peer.outcome).toEqual({
      status: "resolved",
      productIdentifier: "premium_realm_monthly",
      customerEmail: "payer@example.com",
      activeEntitlements: ["premium"],
    });
    expect(peer.confirmed).toEqual([expect.stringMatching(/^seti_/)]);
    expect(ours.confirmed).toEqual([expect.stringMatching(/^seti_/)]);
    // The peer completes with the wallet's payer email over the host's; purchases-web keeps the host's
    // (docs/migrating-from-purchases-js.md).
    expect({ ...ours.outcome, customerEmail: "payer@example.com" }).toEqual(peer.outcome);
    expect(ours.outcome.customerEmail).toBe("ada@example.com");
  });
});
