// Buys through an SDK's express purchase button in a test page: the fake Stripe.js (fakeStripeScript) offers
// Apple Pay, the SDK instance the page put in `window.__purchasesUnderTest` (purchases-js's or purchases-web's)
// draws its button for the current offering's monthly package, and the customer presses and confirms it.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** How the call ended, as the page saw it. */
export interface ExpressOutcome {
  readonly walletsAvailable: boolean | null;
  readonly outcome: {
    readonly status: "pending" | "resolved" | "rejected";
    readonly productIdentifier?: string;
    readonly customerEmail?: string | null;
    readonly activeEntitlements?: string[];
    readonly errorCode?: number;
  };
}

/** Draws the button (with `customerEmail` when given), waits for the wallet, presses Apple Pay, awaits the end. */
export async function buyThroughExpressButton(page: Page, customerEmail?: string): Promise<ExpressOutcome> {
  await page.evaluate(async (email) => {
    const w = window as any;
    w.__fakeStripe.state.wallets = { applePay: true, googlePay: false };
    const purchases = w.__purchasesUnderTest;
    const monthly = (await purchases.getOfferings({ currency: "ZAR" })).current.monthly;
    const target = document.createElement("div");
    target.id = "express";
    document.querySelector("main")!.append(target);
    w.__express = { walletsAvailable: null, outcome: { status: "pending" } };
    purchases
      .presentExpressPurchaseButton({
        rcPackage: monthly,
        htmlTarget: target,
        ...(email ? { customerEmail: email } : {}),
        onButtonReady: (_updater: unknown, available: boolean) => (w.__express.walletsAvailable = available),
      })
      .then(
        (result: any) =>
          (w.__express.outcome = {
            status: "resolved",
            productIdentifier: result.storeTransaction.productIdentifier,
            customerEmail: result.customerEmail ?? null,
            activeEntitlements: Object.keys(result.customerInfo.entitlements.active),
          }),
        (error: any) => (w.__express.outcome = { status: "rejected", errorCode: error?.errorCode }),
      );
  }, customerEmail ?? null);
  const express = (): Promise<ExpressOutcome> => page.evaluate(() => (window as any).__express);
  await expect.poll(async () => (await express()).walletsAvailable).toBe(true);
  await page.getByRole("button", { name: "Apple Pay" }).click();
  await expect.poll(async () => (await express()).outcome.status, { timeout: 20_000 }).not.toBe("pending");
  return express();
}
