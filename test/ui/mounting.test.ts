// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases, isPurchasesError } from "../../src/index";
import type { WireBrandingInfo } from "../../src/http/wire";
import { WIDGET_CSS } from "../../src/ui/styles";
import { fixtures } from "../support/fixtures";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "./support/fake-stripe";
import {
  KEYS,
  configure,
  dialog,
  packageOf,
  press,
  serveCatalogue,
  serveCheckout,
  settle,
  widgetLeftovers,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

async function open(params: Record<string, unknown> = {}, key = KEYS.sandbox, branding?: WireBrandingInfo) {
  serveCatalogue(server, { branding });
  serveCheckout(server);
  const stripe = fakeStripe();
  const purchases = configure(key, { loadStripe: stripe.loadStripe });
  const rcPackage = await packageOf(purchases);
  const purchase = purchases.purchase({ rcPackage, ...params });
  const root = await dialog();
  return { purchase, root, stripe };
}

const cancelledBy = async (purchase: Promise<unknown>) => {
  const { error } = await settle(purchase);
  return isPurchasesError(error) && error.errorCode === ErrorCode.UserCancelledError;
};

describe("mounting the widget", () => {
  it("is a full-screen modal dialog over the page, labelled by its title, with a close button", async () => {
    const { purchase, root } = await open({ nonce: "n0nce" });
    expect(root.parentElement).toBe(document.body);
    expect(root.classList.contains("pw-fullscreen")).toBe(true);
    expect(WIDGET_CSS).toContain(".pw-fullscreen{position:fixed;inset:0;z-index:1000001");
    expect(root.getAttribute("role")).toBe("dialog");
    expect(root.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(root.getAttribute("aria-labelledby")!)?.textContent).toBe("Premium Realm");
    expect(document.body.style.overflow).toBe("hidden");
    const style = [...document.head.querySelectorAll("style")].find((s) =>
      s.textContent?.includes(".pw-root"),
    );
    expect(style?.nonce).toBe("n0nce");
    root.querySelector<HTMLButtonElement>(".pw-close")!.click();
    expect(await cancelledBy(purchase)).toBe(true);
    expect(widgetLeftovers()).toEqual({ roots: 0, styles: 0, bodyOverflow: "" });
  });

  it("mounts inside htmlTarget without a close button and without trapping the page", async () => {
    const host = document.body.appendChild(document.createElement("div"));
    const { purchase, root } = await open({ htmlTarget: host });
    expect(root.parentElement).toBe(host);
    expect(root.classList.contains("pw-embedded")).toBe(true);
    expect(root.getAttribute("aria-modal")).toBe("false");
    expect(root.querySelector(".pw-close")).toBeNull();
    expect(document.body.style.overflow).toBe("");
    press("Escape", {}, document.body); // outside the widget: not its business
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.querySelector(".pw-root")).not.toBeNull();
    press("Escape", {}, root.querySelector("h2")!);
    expect(await cancelledBy(purchase)).toBe(true);
    expect(host.children).toHaveLength(0);
  });

  it("moves focus in, traps Tab and Shift+Tab, and restores focus on close", async () => {
    const opener = document.body.appendChild(document.createElement("button"));
    opener.focus();
    const { purchase, root } = await open();
    expect(document.activeElement?.id).toBe(root.getAttribute("aria-labelledby"));
    const focusables = () => [
      ...root.querySelectorAll<HTMLElement>("button:not([disabled]),iframe,[tabindex='0']"),
    ];
    await vi.waitFor(() => expect(root.querySelector("form")?.getAttribute("aria-busy")).toBe("false"));
    const all = focusables();
    all[all.length - 1]!.focus();
    press("Tab");
    expect(document.activeElement).toBe(all[0]);
    press("Tab", { shiftKey: true });
    expect(document.activeElement).toBe(all[all.length - 1]);
    press("Escape");
    expect(await cancelledBy(purchase)).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  it("closes on browser back through the history entry it pushed", async () => {
    const pushState = vi.spyOn(window.history, "pushState");
    const { purchase } = await open();
    // Pushed after the widget's first frame.
    await vi.waitFor(() => expect(pushState).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(await cancelledBy(purchase)).toBe(true);
  });

  it("closes when the Purchases instance closes", async () => {
    const { purchase } = await open();
    Purchases.getSharedInstance().close();
    expect(await cancelledBy(purchase)).toBe(true);
    expect(widgetLeftovers().roots).toBe(0);
  });

  it("honours prefers-reduced-motion and uses the spinner, banner and pricing timings of docs/checkout.md", () => {
    expect(WIDGET_CSS).toMatch(/@media \(prefers-reduced-motion:reduce\)\{[^}]*animation:none!important/);
    expect(WIDGET_CSS).toContain("animation:pw-spin 2s linear infinite");
    expect(WIDGET_CSS).toContain("animation:pw-slide .3s");
    expect(WIDGET_CSS).toContain("animation:pw-fade .5s .05s");
    expect(WIDGET_CSS).toContain("transition:transform .2s");
    expect(WIDGET_CSS).toContain("min-height:210px");
    expect(WIDGET_CSS).toContain("min-height:3rem");
    expect(WIDGET_CSS).toContain("flex:0 1 544px");
  });

  it("switches to the wide layout at a container width of 768 px, 150 ms after resizing", async () => {
    const { purchase, root } = await open();
    const checkout = root.querySelector(".pw-checkout")!;
    expect(checkout.classList.contains("pw-wide")).toBe(false);
    Object.defineProperty(root, "clientWidth", { configurable: true, get: () => 1024 });
    const resizedAt = performance.now();
    window.dispatchEvent(new Event("resize"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still debouncing, when this loaded machine woke us before the 150 ms were up.
    if (performance.now() - resizedAt < 140) expect(checkout.classList.contains("pw-wide")).toBe(false);
    // The debounce and the render can take longer than waitFor's default second on a loaded machine.
    const loaded = { timeout: 5000 };
    await vi.waitFor(() => expect(checkout.classList.contains("pw-wide")).toBe(true), loaded);
    Object.defineProperty(root, "clientWidth", { configurable: true, get: () => 767 });
    window.dispatchEvent(new Event("resize"));
    await vi.waitFor(() => expect(checkout.classList.contains("pw-wide")).toBe(false), loaded);
    press("Escape");
    await settle(purchase);
  });

  it("toggles the pricing table on click, Enter and Space", async () => {
    const { purchase, root } = await open();
    await vi.waitFor(() => expect(root.querySelector("form")?.getAttribute("aria-busy")).toBe("false"));
    const toggle = root.querySelector<HTMLElement>(".pw-toggle")!;
    expect(toggle.getAttribute("role")).toBe("button");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    toggle.click();
    await vi.waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("true"));
    press("Enter", {}, toggle);
    await vi.waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("false"));
    press(" ", {}, toggle);
    await vi.waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("true"));
    expect(WIDGET_CSS).toContain(".pw-wide .pw-toggle{display:none}");
    press("Escape");
    await settle(purchase);
  });

  it("shows a dismissible sandbox banner for sandbox keys only", async () => {
    const sandbox = await open();
    const banner = sandbox.root.querySelector(".pw-banner");
    expect(banner?.textContent).toContain("Sandbox mode");
    banner!.querySelector("button")!.click();
    await vi.waitFor(() => expect(sandbox.root.querySelector(".pw-banner")).toBeNull());
    press("Escape");
    await settle(sandbox.purchase);

    const production = await open({}, KEYS.production);
    expect(production.root.querySelector(".pw-banner")).toBeNull();
    press("Escape");
    await settle(production.purchase);
  });

  it.each([
    ["ar", "rtl", "ابدأ الفترة التجريبية"],
    ["he-IL", "rtl", "התחלת תקופת הניסיון"],
    ["de-AT", "ltr", "Test starten"],
  ])("shows the widget in %s, written %s", async (selectedLocale, dir, pay) => {
    const { purchase, root } = await open({ selectedLocale });
    expect(root.dir).toBe(dir);
    expect(root.lang).toBe(selectedLocale.slice(0, 2));
    await vi.waitFor(() => expect(root.querySelector("form button[type=submit]")?.textContent).toBe(pay));
    press("Escape");
    await settle(purchase);
  });

  it("falls back to the default locale, and maps the locale for Stripe", async () => {
    const { purchase, root, stripe } = await open({ selectedLocale: "xx-YY", defaultLocale: "uk" });
    expect(root.lang).toBe("uk");
    await vi.waitFor(() => expect(stripe.calls.loads).toHaveLength(1));
    expect(stripe.calls.loads[0]?.locale).toBe("auto");
    press("Escape");
    await settle(purchase);
  });

  it("loads the brand font while shown and themes the widget from the branding", async () => {
    const branding = {
      ...fixtures.branding(),
      brand_font_config: {
        font_url: "https://fonts.example/realm.css",
        desktop: { font_size: 16, font_weight: 500 },
      },
    };
    const { purchase, root, stripe } = await open({ nonce: "n0nce" }, KEYS.sandbox, branding);
    const link = document.head.querySelector<HTMLLinkElement>('link[href="https://fonts.example/realm.css"]');
    expect(link?.rel).toBe("stylesheet");
    expect(link?.nonce).toBe("n0nce");
    expect(root.style.getPropertyValue("--pw-primary")).toBe("#8B2252");
    expect(root.style.getPropertyValue("--pw-product-text")).toBe("#FFFFFF");
    expect(root.style.getPropertyValue("--pw-font-size-wide")).toBe("16px");
    await vi.waitFor(() => expect(stripe.calls.elementsOptions).toHaveLength(1));
    expect(stripe.calls.elementsOptions[0]).toMatchObject({
      fonts: [{ cssSrc: "https://fonts.example/realm.css" }],
      appearance: { variables: { colorPrimary: "#8B2252", borderRadius: "4px" } },
    });
    press("Escape");
    await settle(purchase);
    expect(document.head.querySelector("link")).toBeNull();
  });

  it("refuses a second purchase while one is open", async () => {
    const { purchase } = await open();
    const purchases = Purchases.getSharedInstance();
    const second = await settle(purchases.purchase({ rcPackage: await packageOf(purchases) }));
    expect(isPurchasesError(second.error) && second.error.errorCode).toBe(
      ErrorCode.OperationAlreadyInProgressError,
    );
    expect(document.querySelectorAll(".pw-root")).toHaveLength(1);
    press("Escape");
    await settle(purchase);
  });
});
