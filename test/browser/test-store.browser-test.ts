// A `test_` key purchase in real Chromium against a real billing server: the Test Store modal, its three
// outcomes that matter here (valid purchase, Cancel, Escape), focus handling, nothing left behind, and axe.
import { elementLooks, HOSTILE_HOST_CSS } from "./support/host-styles";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { call, startTestServer } from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import {
  expectNoAxeViolations,
  gotoHost,
  useBrowserSuite,
  openPage,
  outcome,
  type PageLog,
  closeCleanPage,
} from "./support/browser";

const USER_CANCELLED = 1;

describe("Test Store purchase in Chromium (test_ key, real billing server)", () => {
  const suite = useBrowserSuite(() => startTestServer("pglite"));
  let page: Page;
  let log: PageLog;
  let userCount = 0;

  afterEach(() => closeCleanPage(page, log));

  /** A fresh page for a new user, configured with the test key; the buy button not yet clicked. */
  async function openHost() {
    ({ page, log } = await openPage(suite.browser));
    await gotoHost(page, suite.host.url);
    const appUserId = `browser_test_store_${++userCount}_${Date.now()}`;
    await page.evaluate((config) => (window as any).hostConfigure(config), {
      apiKey: KEYS.test,
      appUserId,
      baseUrl: suite.server.url,
    });
    return appUserId;
  }

  async function openModal() {
    const appUserId = await openHost();
    await page.getByRole("button", { name: "Upgrade to Premium" }).click();
    const dialog = page.locator(".pw-root[role=dialog]");
    await expect.poll(() => dialog.count()).toBe(1);
    return { appUserId, dialog };
  }

  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest(".pw-root[role=dialog]"));
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? null);
  const leftovers = () =>
    page.evaluate(() => ({
      roots: document.querySelectorAll(".pw-root").length,
      styles: [...document.querySelectorAll("style")].filter((s) => s.textContent?.includes(".pw-root"))
        .length,
      bodyOverflow: document.body.style.overflow,
    }));

  it("shows the accessible modal, and 'Test valid purchase' grants premium (as the server confirms)", async () => {
    const { appUserId, dialog } = await openModal();
    await expect.poll(() => dialog.getAttribute("aria-modal")).toBe("true");
    const title = page.getByRole("dialog", { name: "Test Store Purchase" });
    await title.waitFor();
    await expect.poll(() => dialog.innerText()).toContain("Premium Realm");
    await expect.poll(focusInDialog).toBe(true);
    await expectNoAxeViolations(page, "the Test Store modal");

    await page.getByRole("button", { name: "Test valid purchase" }).click();
    const result = await outcome(page);
    expect(result).toMatchObject({
      status: "resolved",
      appUserId,
      productIdentifier: "premium_realm_monthly",
    });
    expect(result.activeEntitlements).toContain("premium");
    expect(result.storeTransactionId).toMatch(/^test_/);
    expect(await leftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
    await expect.poll(focusedId).toBe("buy");

    const subscriber = await call(suite.server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      key: KEYS.test,
    });
    expect(subscriber.status).toBe(200);
    const premium = subscriber.body.subscriber.entitlements.premium;
    expect(premium.product_identifier).toBe("premium_realm_monthly");
    expect(new Date(premium.expires_date).getTime()).toBeGreaterThan(suite.server.clock.now.getTime());
  });

  it("'Cancel' rejects with UserCancelledError and returns focus to the opener", async () => {
    await openModal();
    await expect.poll(focusInDialog).toBe(true);
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await outcome(page)).toMatchObject({
      status: "rejected",
      isPurchasesError: true,
      errorCode: USER_CANCELLED,
    });
    expect(await leftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
    await expect.poll(focusedId).toBe("buy");
  });

  it("Escape rejects with UserCancelledError and returns focus to the opener", async () => {
    const { appUserId } = await openModal();
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press("Escape");
    expect(await outcome(page)).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED });
    expect(await leftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
    await expect.poll(focusedId).toBe("buy");
    // Nothing was bought.
    const subscriber = await call(suite.server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      key: KEYS.test,
    });
    expect(subscriber.body.subscriber?.entitlements?.premium).toBeUndefined();
  });

  it("keeps the host page's own styles out of the modal: it looks as it does on a page without any", async () => {
    const looks = () => elementLooks(page, ".pw-root[role=dialog]");
    const open = async () => {
      await page.getByRole("button", { name: "Upgrade to Premium" }).click();
      await page.getByRole("button", { name: "Test valid purchase" }).waitFor();
    };
    const cancel = async () => {
      await page.getByRole("button", { name: "Cancel" }).click();
      expect(await outcome(page)).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED });
    };
    await openHost();
    await open();
    const plain = await looks();
    await cancel();

    await page.addStyleTag({ content: HOSTILE_HOST_CSS });
    await open();
    expect(await looks()).toEqual(plain);
    await cancel();
  });

  it("keeps Tab focus inside the modal", async () => {
    await openModal();
    await expect.poll(focusInDialog).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog(), `focus after ${i + 1} Tab presses`).toBe(true);
    }
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await outcome(page)).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED });
  });
});
