// XSS payloads in a paywall rendered inert in Chromium (issue #11): markup and `javascript:` links in the
// paywall's localized texts (default locale and another), in product names that variables put into those texts,
// in image sources and a button's link, served by the real billing server and shown by presentPaywall on a host
// page without a CSP, so a payload that became markup would run. None may run (no dialog, `window.__xss` unset,
// no window opened), none may become an element or attribute, and each must read literally.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { parseCatalogue } from "../../examples/billing-server/src/catalogue/catalogue-schema.js";
import { KEYS } from "../../examples/billing-server/test/support/catalogue.js";
import { startTestServer } from "../../examples/billing-server/test/support/test-server.js";
import { INERT, watchForXss, XSS_PAYLOADS, xssReport, type XssWatch } from "../../scripts/xss-probe.mjs";
import { closeCleanPage, gotoHost, useBrowserSuite, openPage, type PageLog } from "./support/browser";

const USER_CANCELLED = 1;
const { img, script, svg, link, markdownLink, iframe } = XSS_PAYLOADS;
const ALL = Object.values(XSS_PAYLOADS).join(" ");

/** Product names, shown through `{{ product_name }}`: markup, and a `javascript:` URL put into a link. */
const PRODUCT_TITLES = {
  premium_realm_annual: `**${img}** ${markdownLink}`,
  premium_realm_monthly: "javascript:__xss=8;alert(8)",
};

/**
 * The paywall's texts: payloads as text, markdown links to unsafe URLs, a variable as a link's URL. At most one
 * payload with `__` per text, as two would rightly make markdown bold of what lies between.
 */
const TEXTS: Record<string, string> = {
  title: img,
  subtitle: `${iframe} ${svg}`,
  today_title: script,
  today_text: `Unlock **${svg}** and ${markdownLink}`,
  day5_title: link,
  day5_text:
    "[home](JAVASCRIPT:__xss=6) [page](data:text/html,<script>__xss=7</script>) [name]({{product_name}})",
  day7_title: iframe,
  annual_name: "{{ product_name }}",
  monthly_name: "{{ product_name }}",
  restore: link,
  terms: `Terms ${svg}`,
  terms_url: "javascript:__xss=9;alert(9)",
  back: `${script} back`,
};

/** The same texts in German, each marked, to show the texts of a chosen locale. */
const GERMAN = Object.fromEntries(Object.entries(TEXTS).map(([lid, text]) => [lid, `DE ${text}`]));

/** Images whose sources are scripts: a component's `webp` and `original`, and the paywall's background. */
const HOSTILE_IMAGES = [
  {
    type: "image",
    source: {
      light: { original: "javascript:__xss=10", webp: "data:image/svg+xml,<svg onload='__xss=11'/>" },
    },
    size: { width: { type: "fixed", value: 40 }, height: { type: "fixed", value: 40 } },
  },
  {
    type: "image",
    source: { light: { original: "javascript:__xss=12" }, dark: { original: "vbscript:msgbox(12)" } },
    size: { width: { type: "fixed", value: 40 }, height: { type: "fixed", value: 40 } },
  },
];

/** The shipped Realmheart catalogue with the payloads put into its paywall and products. */
function hostileCatalogue() {
  const catalogue = JSON.parse(
    readFileSync(
      new URL("../../examples/billing-server/src/catalogue/realmheart.json", import.meta.url),
      "utf8",
    ),
  );
  const [project] = catalogue.projects;
  for (const product of project.products) {
    product.title = PRODUCT_TITLES[product.identifier as keyof typeof PRODUCT_TITLES];
    product.description = ALL;
  }
  const paywall = project.offerings[0].paywall_components;
  const texts = paywall.components_localizations.en;
  paywall.components_localizations.en = { ...texts, ...TEXTS };
  paywall.components_localizations.de = { ...texts, ...GERMAN };
  const base = paywall.components_config.base;
  base.background = { type: "image", value: { light: { original: "javascript:__xss=13" } } };
  base.stack.components.unshift(...HOSTILE_IMAGES);
  return parseCatalogue(catalogue);
}

describe("presentPaywall renders markup in paywall texts and product names inert", () => {
  const suite = useBrowserSuite(() => startTestServer("pglite", { catalogue: hostileCatalogue() }));
  let page: Page;
  let log: PageLog;
  let watch: XssWatch;
  let userCount = 0;

  afterEach(() => closeCleanPage(page, log));

  /** A fresh page for a new user showing the current offering's paywall; its outcome lands on window.__paywall. */
  async function openPaywall(selectedLocale: string | null, title: string): Promise<Locator> {
    ({ page, log } = await openPage(suite.browser));
    watch = await watchForXss(page);
    await gotoHost(page, suite.host.url);
    await page.evaluate((config) => (window as any).hostConfigure(config), {
      apiKey: KEYS.test,
      appUserId: `browser_paywall_xss_${++userCount}_${Date.now()}`,
      baseUrl: suite.server.url,
    });
    // A string, not a function: the test runner would rewrite a function's import() for Node. onRestorePurchases
    // shows the restore button, whose text is a payload too.
    await page.evaluate(`(() => {
      window.__paywall = { status: "pending" };
      import("/dist/index.mjs").then(({ Purchases }) =>
        Purchases.getSharedInstance()
          .presentPaywall({ selectedLocale: ${JSON.stringify(selectedLocale)}, onRestorePurchases: () => {} })
          .then(
            () => (window.__paywall = { status: "resolved" }),
            (error) => (window.__paywall = { status: "rejected", errorCode: error && error.errorCode }),
          ),
      );
    })()`);
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.waitFor();
    return dialog;
  }

  const texts = (selector: string) =>
    page.evaluate(
      (s) =>
        [...document.querySelectorAll(s)].map((e) =>
          (e as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        ),
      selector,
    );
  const outcome = async () => {
    await page.waitForFunction(() => (window as any).__paywall.status !== "pending");
    return page.evaluate(() => (window as any).__paywall);
  };

  it("shows texts, product names and links as text, opens no unsafe link, and the Test Store shows the names as text", async () => {
    const dialog = await openPaywall(null, img);
    await expect
      .poll(() => texts(".pw-paywall [role=radio]"))
      .toEqual([
        expect.stringContaining(PRODUCT_TITLES.premium_realm_annual),
        expect.stringContaining(PRODUCT_TITLES.premium_realm_monthly),
      ]);
    const shown = (await dialog.innerText()).replace(/\s+/g, " ");
    for (const text of [
      img,
      `${iframe} ${svg}`,
      script,
      `Unlock ${svg} and go`,
      link,
      iframe,
      `Terms ${svg}`,
      `${script} back`,
    ])
      expect(shown).toContain(text);
    await expect(page.getByRole("button", { name: link, exact: true }).count()).resolves.toBe(1); // restore
    // Bold stays markup of the paywall's own text; the unsafe links keep only their labels (the monthly package
    // is selected, so the last link's URL is its product name, a `javascript:` URL).
    await expect(texts(".pw-paywall strong")).resolves.toEqual([svg]);
    expect(shown).toContain("home page name");
    await expect(page.locator(".pw-paywall a, .pw-paywall img").count()).resolves.toBe(0);
    // The hostile images reached the renderer, which left out their sources, the background's too.
    await expect(page.locator(".pw-pwl-image").count()).resolves.toBe(HOSTILE_IMAGES.length);
    await expect(page.locator('[style*="script:" i]').count()).resolves.toBe(0);
    expect(await xssReport(page, watch), "the paywall").toEqual(INERT);

    await page.getByRole("button", { name: `Terms ${svg}` }).click();
    await page.getByRole("radio", { name: /\*\*/ }).click();
    await expect
      .poll(() => page.locator(".pw-paywall [role=radio][aria-checked=true]").innerText())
      .toContain("**");
    expect(await xssReport(page, watch), "the paywall after the link and the annual package").toEqual(INERT);

    await page.locator(".pw-pwl-purchase").click();
    const modal = page.getByRole("dialog", { name: "Test Store Purchase" });
    await modal.waitFor();
    await expect.poll(() => modal.innerText()).toContain(PRODUCT_TITLES.premium_realm_annual);
    expect(await xssReport(page, watch), "the Test Store modal").toEqual(INERT);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".pw-test-store").count()).toBe(0);

    await page.getByRole("button", { name: `${script} back` }).click();
    expect(await outcome()).toEqual({ status: "rejected", errorCode: USER_CANCELLED });
    expect(await xssReport(page, watch), "after closing").toEqual(INERT);
  });

  it("shows the texts of another locale as text", async () => {
    const dialog = await openPaywall("de", `DE ${img}`);
    const shown = (await dialog.innerText()).replace(/\s+/g, " ");
    for (const text of [
      `DE ${iframe} ${svg}`,
      `DE ${script}`,
      `DE Unlock ${svg} and go`,
      `DE ${link}`,
      `DE ${iframe}`,
    ])
      expect(shown).toContain(text);
    expect(await xssReport(page, watch), "the German paywall").toEqual(INERT);
    await page.keyboard.press("Escape");
    expect(await outcome()).toEqual({ status: "rejected", errorCode: USER_CANCELLED });
  });
});
