// presentPaywall in real Chromium against the real billing server's Realmheart catalogue: the paywall of the
// default offering, choosing the annual package, buying it through the Test Store modal, going back, the keyboard,
// and axe in both colour modes; and a paywall with tabs and a carousel (the lazily loaded extras).
import { elementLooks, HOSTILE_HOST_CSS } from "./support/host-styles";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { call, startTestServer } from "../../examples/billing-server/test/support/test-server.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import {
  closeCleanPage,
  expectNoAxeViolations,
  gotoHost,
  useBrowserSuite,
  openPage,
  type PageLog,
} from "./support/browser";

const USER_CANCELLED = 1;

interface PaywallOutcome {
  status: "pending" | "resolved" | "rejected";
  selectedPackage?: string;
  productIdentifier?: string | null;
  activeEntitlements?: string[];
  appUserId?: string;
  errorCode?: number;
  isPurchasesError?: boolean;
  backCalls?: number;
}

describe("presentPaywall in Chromium (test_ key, real billing server)", () => {
  const suite = useBrowserSuite(() => startTestServer("pglite"));
  let page: Page;
  let log: PageLog;
  let userCount = 0;

  afterEach(() => closeCleanPage(page, log));

  /** A fresh page for a new user with the paywall shown; its outcome is kept on window.__paywall. */
  async function openPaywall(
    params: { colorMode?: "light" | "dark" } = {},
    paywall: unknown = null,
    hostCss = "",
  ) {
    ({ page, log } = await openPage(suite.browser));
    await gotoHost(page, suite.host.url);
    if (hostCss) await page.addStyleTag({ content: hostCss });
    const appUserId = `browser_paywall_${++userCount}_${Date.now()}`;
    await page.evaluate((config) => (window as any).hostConfigure(config), {
      apiKey: KEYS.test,
      appUserId,
      baseUrl: suite.server.url,
    });
    // A string, not a function: the test runner would rewrite a function's import() for Node.
    await page.evaluate(`(() => {
      const w = window;
      w.__paywall = { status: "pending", backCalls: 0 };
      import("/dist/index.mjs").then(async ({ Purchases, isPurchasesError }) => {
        try {
          const purchases = Purchases.getSharedInstance();
          const paywall = ${JSON.stringify(paywall)};
          const current = paywall && (await purchases.getOfferings()).current;
          const result = await purchases.presentPaywall({
            ...${JSON.stringify(params)},
            ...(paywall ? { offering: { ...current, paywallComponents: paywall } } : {}),
            onBack: (closePaywall) => {
              w.__paywall.backCalls++;
              closePaywall();
            },
          });
          w.__paywall = {
            ...w.__paywall,
            status: "resolved",
            selectedPackage: result.selectedPackage.identifier,
            productIdentifier: result.storeTransaction ? result.storeTransaction.productIdentifier : null,
            activeEntitlements: Object.keys(result.customerInfo.entitlements.active),
            appUserId: result.customerInfo.originalAppUserId,
          };
        } catch (error) {
          w.__paywall = {
            ...w.__paywall,
            status: "rejected",
            isPurchasesError: isPurchasesError(error),
            errorCode: error && error.errorCode,
          };
        }
      });
    })()`);
    const dialog = page.getByRole("dialog", { name: "Choose Your Destiny" });
    await dialog.waitFor();
    return { appUserId, dialog };
  }

  async function paywallOutcome(): Promise<PaywallOutcome> {
    await page.waitForFunction(() => (window as any).__paywall?.status !== "pending");
    return page.evaluate(() => (window as any).__paywall as PaywallOutcome);
  }

  const checked = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".pw-paywall [role=radio]")].map(
        (r) =>
          `${(r as HTMLElement).innerText.replace(/\s+/g, " ").trim()}: ${r.getAttribute("aria-checked")}`,
      ),
    );
  const leftovers = () => page.evaluate(() => document.querySelectorAll(".pw-root").length);

  it("select the annual package, buy it through the Test Store: resolves with that package and premium", async () => {
    const { appUserId, dialog } = await openPaywall();
    await expect.poll(() => dialog.getAttribute("aria-modal")).toBe("true");
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector(".pw-paywall")!).zIndex))
      .toBe("1000001");
    await expect.poll(checked).toEqual([
      // Prices in the page's language (en-US) with the rand's narrow symbol, as purchases-js shows them; the
      // annual saves 17 % on the monthly's R99 a month.
      "Annual R 990.00/yr (R 82.50/mo) Save 17%: false",
      "Monthly R 99.00/mo: true",
    ]);
    await expect.poll(() => dialog.innerText()).toContain("Start your 1 week free trial");
    await expectNoAxeViolations(page, "the paywall (light)");

    await page.getByRole("radio", { name: /Annual/ }).click();
    await expect.poll(checked).toEqual([expect.stringMatching(/: true$/), expect.stringMatching(/: false$/)]);
    await expect.poll(() => dialog.innerText()).toMatch(/then R\s990\.00\/year/);
    await page.getByRole("button", { name: /free trial/ }).click();

    const modal = page.getByRole("dialog", { name: "Test Store Purchase" });
    await modal.waitFor();
    await expect.poll(() => modal.innerText()).toContain("Premium Realm (annual)");
    await expectNoAxeViolations(page, "the Test Store modal over the paywall");
    await page.getByRole("button", { name: "Test valid purchase" }).click();

    const result = await paywallOutcome();
    expect(result).toMatchObject({
      status: "resolved",
      selectedPackage: "$rc_annual",
      productIdentifier: "premium_realm_annual",
      appUserId,
      backCalls: 0,
    });
    expect(result.activeEntitlements).toContain("premium");
    expect(await leftovers()).toBe(0);
    const subscriber = await call(suite.server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      key: KEYS.test,
    });
    expect(subscriber.body.subscriber.entitlements.premium.product_identifier).toBe("premium_realm_annual");
  });

  it("keeps the host page's own styles out of the paywall: it looks as it does on a page without any", async () => {
    const looks = () => elementLooks(page, ".pw-paywall");
    await openPaywall();
    const plain = await looks();
    expect(plain.length).toBeGreaterThan(20);
    await closeCleanPage(page, log);
    await openPaywall({}, null, HOSTILE_HOST_CSS);
    expect(await looks()).toEqual(plain);
    // The Test Store modal's styles, added over the paywall, leave the paywall as it was.
    await page.getByRole("button", { name: /free trial/ }).click();
    await page.getByRole("dialog", { name: "Test Store Purchase" }).waitFor();
    expect(await looks()).toEqual(plain);
  });

  it("the back action ('Not now') rejects with UserCancelledError and calls onBack; nothing is bought", async () => {
    const { appUserId } = await openPaywall();
    await page.getByRole("button", { name: "Not now" }).click();
    expect(await paywallOutcome()).toMatchObject({
      status: "rejected",
      isPurchasesError: true,
      errorCode: USER_CANCELLED,
      backCalls: 1,
    });
    expect(await leftovers()).toBe(0);
    const subscriber = await call(suite.server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      key: KEYS.test,
    });
    expect(subscriber.body.subscriber?.entitlements?.premium).toBeUndefined();
  });

  it("a failed purchase keeps the paywall open with the error shown; the customer can still go back", async () => {
    const { dialog } = await openPaywall();
    await page.getByRole("button", { name: /free trial/ }).click();
    await page.getByRole("dialog", { name: "Test Store Purchase" }).waitFor();
    await page.getByRole("button", { name: "Test failed purchase" }).click();
    await expect.poll(() => page.locator(".pw-test-store").count()).toBe(0);
    await expect.poll(() => dialog.getByRole("alert").innerText()).toMatch(/^Something went wrong: /);
    expect(await page.evaluate(() => (window as any).__paywall.status)).toBe("pending");
    await expectNoAxeViolations(page, "the paywall with a purchase error");
    await page.getByRole("button", { name: "Not now" }).click();
    expect(await paywallOutcome()).toMatchObject({
      status: "rejected",
      errorCode: USER_CANCELLED,
      backCalls: 1,
    });
    expect(await leftovers()).toBe(0);
  });

  const stack = (components: unknown[], props: Record<string, unknown> = {}) => ({
    type: "stack",
    components,
    ...props,
  });
  const text = (lid: string) => ({ type: "text", text_lid: lid });
  const selectedBackground = {
    overrides: [
      {
        conditions: [{ type: "selected" }],
        properties: { background_color: { light: { type: "hex", value: "#E8D9FF" } } },
      },
    ],
  };
  const tab = (id: string, packageId: string) => ({
    type: "tab",
    id,
    stack: stack([
      { type: "tab_control" },
      {
        type: "package",
        package_id: packageId,
        stack: stack([text(packageId)], { padding: { top: 8, bottom: 8 } }),
      },
    ]),
  });
  const EXTRAS_PAYWALL = {
    default_locale: "en_US",
    components_config: {
      base: {
        stack: stack([
          text("title"),
          {
            type: "tabs",
            name: "Billing period",
            control: {
              type: "buttons",
              stack: stack(
                ["monthly", "annual"].map((id) => ({
                  type: "tab_control_button",
                  tab_id: id,
                  stack: stack([text(`tab_${id}`)], {
                    padding: { top: 8, bottom: 8, leading: 12, trailing: 12 },
                    ...selectedBackground,
                  }),
                })),
                { dimension: { type: "horizontal" }, spacing: 8 },
              ),
            },
            tabs: [tab("monthly", "$rc_monthly"), tab("annual", "$rc_annual")],
            default_tab_id: "monthly",
          },
          {
            type: "carousel",
            name: "What you get",
            auto_advance: { ms_time_per_page: 400 },
            page_control: { position: "bottom" },
            pages: ["page_1", "page_2", "page_3"].map((lid) => stack([text(lid)])),
          },
          { type: "purchase_button", stack: stack([text("buy")], { padding: { top: 12, bottom: 12 } }) },
        ]),
      },
    },
    components_localizations: {
      en_US: {
        title: "Choose Your Destiny",
        tab_monthly: "Monthly",
        tab_annual: "Yearly",
        $rc_monthly: "{{ product_name }} {{ price_per_period }}",
        $rc_annual: "{{ product_name }} {{ price_per_period }}",
        page_1: "Unlimited messages",
        page_2: "Every companion",
        page_3: "Memories that last",
        buy: "Continue",
      },
    },
  };
  const slide = () =>
    page.evaluate(() => document.querySelector("[aria-roledescription=slide]")?.textContent);

  it("tabs and a carousel: loaded with the paywall, by keyboard and pointer, accessible in axe's eyes", async () => {
    const { dialog } = await openPaywall({}, EXTRAS_PAYWALL);
    await expect.poll(slide).toBe("Unlimited messages");
    await expectNoAxeViolations(page, "a paywall with tabs and a carousel");
    await expect.poll(checked).toEqual([expect.stringMatching(/^Premium Realm.*: true$/)]);

    await page.getByRole("tab", { name: "Monthly" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Yearly");
    expect(await page.getByRole("tab", { name: "Yearly" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(checked).toEqual([expect.stringMatching(/annual.*: true$/)]);
    expect(await dialog.getByRole("tabpanel").innerText()).toMatch(/annual/);

    // The carousel turns by itself (the pointer is elsewhere), then stops once the customer turns a page.
    await page.mouse.move(0, 0);
    await expect.poll(slide, { timeout: 3000 }).toBe("Every companion");
    await page.getByRole("button", { name: "Next slide" }).click();
    const turned = await slide();
    await page.waitForTimeout(1000);
    expect(await slide()).toBe(turned);
    await page.keyboard.press("Escape");
    expect(await paywallOutcome()).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED });
  });

  it("works by keyboard: arrows choose, Escape closes the checkout back to the paywall, then the paywall", async () => {
    await openPaywall({ colorMode: "dark" });
    await expectNoAxeViolations(page, "the paywall (dark)");
    await page.getByRole("radio", { name: /Monthly/ }).focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(checked).toEqual([expect.stringMatching(/: true$/), expect.stringMatching(/: false$/)]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toMatch(/^Annual/);
    // Tab stays inside the modal paywall.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest(".pw-paywall"))).toBe(true);
    }
    await page.getByRole("button", { name: /free trial/ }).click();
    await page.getByRole("dialog", { name: "Test Store Purchase" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".pw-test-store").count()).toBe(0);
    expect(await page.locator(".pw-paywall").count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest(".pw-pwl-purchase") !== null))
      .toBe(true);
    await page.keyboard.press("Escape");
    expect(await paywallOutcome()).toMatchObject({ status: "rejected", errorCode: USER_CANCELLED });
    expect(await leftovers()).toBe(0);
  });
});
