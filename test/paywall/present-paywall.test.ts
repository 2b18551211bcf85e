// @vitest-environment happy-dom
// presentPaywall end to end over msw: the fixture paywall, selection, the purchase through the Test Store modal,
// the actions and host callbacks, the dialog rules, and argument validation.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, LogLevel, Purchases, isPurchasesError, type Offering } from "../../src/index";
import { formatPrice } from "../../src/model/price";
import { useMswServer } from "../support/msw";
import { KEYS, button, configure, press, settle } from "../ui/support/harness";
import {
  collapse,
  openPaywall,
  paywallButton,
  paywallDocument,
  paywallOf,
  paywallRoot,
  paywallText,
  radios,
  servePaywall,
  text,
} from "./support/paywall-harness";

const server = useMswServer();
const zar = (micros: number) => collapse(formatPrice(micros, "ZAR", navigator.language));

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

describe("presentPaywall: the dialog", () => {
  it("shows a full-screen modal dialog labelled by its first text, with focus on it", async () => {
    const { root, shown } = await openPaywall(server);
    expect(root.getAttribute("aria-modal")).toBe("true");
    expect(root.classList.contains("pw-fullscreen")).toBe(true);
    expect(root.parentElement).toBe(document.body);
    const title = document.getElementById(root.getAttribute("aria-labelledby")!);
    expect(title?.textContent).toBe("Choose Your Destiny");
    expect(document.activeElement).toBe(title);
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("");
    expect(css).toContain(".pw-paywall.pw-fullscreen{position:fixed;inset:0;z-index:1000001");
    press("Escape");
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("renders inside htmlTarget as a non-modal dialog", async () => {
    const target = document.body.appendChild(document.createElement("section"));
    const { root, shown } = await openPaywall(server, { htmlTarget: target });
    expect(root.parentElement).toBe(target);
    expect(root.getAttribute("aria-modal")).toBe("false");
    expect(root.classList.contains("pw-embedded")).toBe(true);
    (await paywallButton("Not now")).click();
    await settle(shown);
  });

  it("Escape and browser back ask onBack, whose closePaywall rejects with UserCancelledError and leaves nothing behind", async () => {
    for (const close of [
      () => press("Escape"),
      () => window.dispatchEvent(new PopStateEvent("popstate", { state: null })),
    ]) {
      const opener = document.body.appendChild(document.createElement("button"));
      opener.focus();
      const onBack = vi.fn((closePaywall: () => void) => closePaywall());
      const { shown } = await openPaywall(server, { onBack });
      close();
      const { error } = await settle(shown);
      expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
      expect(onBack).toHaveBeenCalledOnce();
      expect(document.querySelectorAll(".pw-root").length).toBe(0);
      expect(document.querySelectorAll("style").length).toBe(0);
      expect(document.activeElement).toBe(opener);
      Purchases.getSharedInstance().close();
    }
  });

  it("keeps Tab inside the full-screen paywall", async () => {
    const { root, shown } = await openPaywall(server);
    const focusables = [...root.querySelectorAll<HTMLElement>("button:not([disabled]),[tabindex='0']")];
    focusables.at(-1)!.focus();
    press("Tab");
    expect(root.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(focusables[0]);
    press("Escape");
    await settle(shown);
  });

  it("closes with UserCancelledError when the Purchases instance is closed", async () => {
    const { purchases, shown } = await openPaywall(server);
    purchases.close();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(document.querySelector(".pw-paywall")).toBeNull();
  });
});

describe("presentPaywall: packages and variables", () => {
  it("starts on the package marked is_selected_by_default, as a radio group, with each package's variables", async () => {
    const { shown } = await openPaywall(server);
    const [annual, monthly, weekly] = radios();
    expect(annual!.closest("[role=radiogroup]")).not.toBeNull();
    expect(radios().map((r) => r.getAttribute("aria-checked"))).toEqual(["false", "true", "false"]);
    expect(radios().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    // Weekly (R29 a week = R126.01 a month) is the most expensive per month: annual saves 37 %, monthly 21 %.
    expect(collapse(annual!.textContent!)).toContain(`${zar(948_000_000)}/yr (${zar(79_000_000)}/mo)`);
    expect(annual!.textContent).toContain("Save 37%");
    expect(collapse(monthly!.textContent!)).toContain(`${zar(99_000_000)}/mo`);
    expect(collapse(weekly!.textContent!)).toContain(`${zar(29_000_000)}/wk (${zar(126_010_000)}/mo)`);
    // Outside the packages, texts use the selected package's variables.
    expect(paywallText()).toContain("Start your 1 week free trial");
    expect(paywallText()).toContain(`then ${zar(99_000_000)}/month`);
    press("Escape");
    await settle(shown);
  });

  it("selecting a package checks it, applies its selected overrides and switches the variables", async () => {
    const { shown } = await openPaywall(server);
    const annual = radios()[0]!;
    const borderBefore = annual.style.border;
    annual.click();
    await vi.waitFor(() => expect(radios()[0]!.getAttribute("aria-checked")).toBe("true"));
    expect(radios()[1]!.getAttribute("aria-checked")).toBe("false");
    expect(radios()[0]!.style.border).not.toBe(borderBefore);
    expect(radios()[0]!.style.border).toBe("2px solid #8B2252");
    expect(radios()[0]!.style.boxShadow).toContain("#C9A22766");
    // The annual product has an intro price (R49 for 1 month) and no trial.
    expect(paywallText()).toContain("Start your 1 month free trial");
    expect(paywallText()).toContain(`then ${zar(948_000_000)}/year`);
    press("Escape");
    await settle(shown);
  });

  it("moves the selection and focus with the arrow keys, wrapping around", async () => {
    const { shown } = await openPaywall(server);
    radios()[1]!.focus();
    press("ArrowDown");
    await vi.waitFor(() => expect(radios()[2]!.getAttribute("aria-checked")).toBe("true"));
    expect(document.activeElement).toBe(radios()[2]);
    press("ArrowRight");
    await vi.waitFor(() => expect(radios()[0]!.getAttribute("aria-checked")).toBe("true"));
    expect(document.activeElement).toBe(radios()[0]);
    press("ArrowUp");
    await vi.waitFor(() => expect(radios()[2]!.getAttribute("aria-checked")).toBe("true"));
    press("ArrowLeft");
    await vi.waitFor(() => expect(radios()[1]!.getAttribute("aria-checked")).toBe("true"));
    expect(radios().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    press("Escape");
    await settle(shown);
  });

  it("a select_package button selects its package", async () => {
    const paywall = paywallOf(
      [
        text("title"),
        { type: "package", package_id: "$rc_monthly", stack: { type: "stack", components: [text("m")] } },
        { type: "package", package_id: "$rc_weekly", stack: { type: "stack", components: [text("w")] } },
        {
          type: "button",
          action: { type: "select_package", package_id: "$rc_weekly" },
          stack: { type: "stack", components: [text("pick")] },
        },
        text("price"),
      ],
      { m: "Monthly", w: "Weekly", pick: "Pick weekly", price: "{{ product_name }}: {{ price }}" },
    );
    const { shown } = await openPaywall(server, {}, paywall);
    // Without is_selected_by_default the first package shown is selected.
    expect(radios()[0]!.getAttribute("aria-checked")).toBe("true");
    expect(paywallText()).toContain(`Premium Realm: ${zar(99_000_000)}`);
    (await paywallButton("Pick weekly")).click();
    await vi.waitFor(() => expect(radios()[1]!.getAttribute("aria-checked")).toBe("true"));
    expect(paywallText()).toContain(`Premium Realm (weekly): ${zar(29_000_000)}`);
    press("Escape");
    await settle(shown);
  });
});

describe("presentPaywall: purchase and actions", () => {
  it("purchases the selected package through the Test Store modal and resolves with it", async () => {
    const listener = {
      onPurchaseStarted: vi.fn(),
      onPurchaseCompleted: vi.fn(),
      onPurchaseCancelled: vi.fn(),
      onPurchaseError: vi.fn(),
    };
    const { shown, seen } = await openPaywall(server, { listener });
    radios()[0]!.click();
    await vi.waitFor(() => expect(radios()[0]!.getAttribute("aria-checked")).toBe("true"));
    (await paywallButton("free trial")).click();
    // The Test Store modal opens over the paywall, for the annual product.
    const modal = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>(".pw-test-store[role=dialog]");
      if (!found) throw new Error("no modal");
      return found;
    });
    expect(modal.textContent).toContain("Premium Realm (yearly)");
    const purchaseButton = document.querySelector<HTMLButtonElement>(".pw-pwl-purchase")!;
    expect(purchaseButton.getAttribute("aria-disabled")).toBe("true");
    // A second press while the checkout is open starts nothing.
    purchaseButton.click();
    expect(listener.onPurchaseStarted).toHaveBeenCalledOnce();
    expect(listener.onPurchaseStarted).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: "$rc_annual" }),
    );
    (await button("Test valid purchase")).click();
    const result = await shown;
    expect(result.selectedPackage.identifier).toBe("$rc_annual");
    expect(result.storeTransaction?.productIdentifier).toBe("premium_realm_annual");
    expect(result.customerInfo.entitlements.all.premium).toBeDefined();
    expect(seen.receipts).toEqual([expect.objectContaining({ product_id: "premium_realm_annual" })]);
    expect(listener.onPurchaseCompleted).toHaveBeenCalledWith(result);
    expect(listener.onPurchaseCancelled).not.toHaveBeenCalled();
    expect(document.querySelectorAll(".pw-root").length).toBe(0);
  });

  it("returns to the paywall when the checkout is cancelled; Escape there closes only the checkout", async () => {
    const listener = { onPurchaseCancelled: vi.fn() };
    const { shown } = await openPaywall(server, { listener });
    (await paywallButton("free trial")).click();
    await button("Cancel");
    press("Escape");
    await vi.waitFor(() => expect(listener.onPurchaseCancelled).toHaveBeenCalledOnce());
    expect(document.querySelector(".pw-test-store")).toBeNull();
    expect(document.querySelector(".pw-paywall")).not.toBeNull();
    await vi.waitFor(() =>
      expect(document.querySelector(".pw-pwl-purchase")!.hasAttribute("aria-disabled")).toBe(false),
    );
    (await paywallButton("Not now")).click();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("keeps the paywall open after a failed purchase: the error is shown and reported, the customer can go back", async () => {
    const listener = { onPurchaseError: vi.fn() };
    const onPurchaseError = vi.fn();
    let outcome: "pending" | "settled" = "pending";
    const { shown } = await openPaywall(server, { listener, onPurchaseError });
    void shown.finally(() => (outcome = "settled")).catch(() => {});
    (await paywallButton("free trial")).click();
    (await button("Test failed purchase")).click();
    await vi.waitFor(() => expect(listener.onPurchaseError).toHaveBeenCalledOnce());
    const [error] = listener.onPurchaseError.mock.calls[0]!;
    expect(error.errorCode).toBe(ErrorCode.TestStoreSimulatedPurchaseError);
    expect(onPurchaseError).toHaveBeenCalledWith(error);
    const root = await paywallRoot();
    await vi.waitFor(() =>
      expect(root.querySelector("[role=alert]")?.textContent).toBe(`Something went wrong: ${error.message}`),
    );
    expect(outcome).toBe("pending");
    expect((await paywallButton("free trial")).getAttribute("aria-disabled")).toBeNull();
    (await paywallButton("Not now")).click();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(document.querySelectorAll(".pw-root").length).toBe(0);
  });

  it("navigate_back gives onBack closePaywall: the paywall stays until it is called, then rejects with UserCancelledError", async () => {
    const onBack = vi.fn();
    const { shown } = await openPaywall(server, { onBack });
    (await paywallButton("Not now")).click();
    expect(onBack).toHaveBeenCalledOnce();
    const closePaywall = onBack.mock.calls[0]![0] as () => void;
    expect(typeof closePaywall).toBe("function");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll(".pw-paywall").length).toBe(1);
    closePaywall();
    const { error } = await settle(shown);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(document.querySelectorAll(".pw-root").length).toBe(0);
  });

  it("without onBack, navigate_back closes the paywall at once", async () => {
    const { shown } = await openPaywall(server);
    (await paywallButton("Not now")).click();
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("calls the host for restore, customer center and urls (from url_lid); opens a new tab without onNavigateToUrl", async () => {
    const paywall = paywallDocument();
    paywall.components_config.base.stack.components.push({
      type: "button",
      action: { type: "navigate_to", destination: "customer_center" },
      stack: { type: "stack", components: [{ type: "text", text_lid: "center" }] },
    });
    paywall.components_localizations.en.center = "Manage subscription";
    const callbacks = {
      onRestorePurchases: vi.fn(),
      onVisitCustomerCenter: vi.fn(),
      onNavigateToUrl: vi.fn(() => {
        throw new Error("a host bug must not break the paywall");
      }),
    };
    const { shown } = await openPaywall(server, callbacks, paywall);
    const errors: string[] = [];
    Purchases.setLogHandler((level, message) => level === LogLevel.Error && errors.push(message));
    (await paywallButton("Restore purchases")).click();
    (await paywallButton("Manage subscription")).click();
    (await paywallButton("Terms")).click();
    Purchases.setLogHandler(null);
    expect(errors).toEqual([
      "The paywall's onNavigateToUrl callback threw: Error: a host bug must not break the paywall",
    ]);
    expect(callbacks.onRestorePurchases).toHaveBeenCalledOnce();
    expect(callbacks.onVisitCustomerCenter).toHaveBeenCalledOnce();
    expect(callbacks.onNavigateToUrl).toHaveBeenCalledWith("https://realmheart.example/terms");
    expect(document.querySelector(".pw-paywall")).not.toBeNull();
    press("Escape");
    await settle(shown);

    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const second = await openPaywall(server, {}, paywall);
    (await paywallButton("Terms")).click();
    expect(open).toHaveBeenCalledWith("https://realmheart.example/terms", "_blank", "noopener,noreferrer");
    press("Escape");
    await settle(second.shown);
  });

  it("ignores a url that is not a web address", async () => {
    const paywall = paywallDocument();
    paywall.components_localizations.en.terms_url = "javascript:alert(1)";
    const onNavigateToUrl = vi.fn();
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { shown } = await openPaywall(server, { onNavigateToUrl }, paywall);
    (await paywallButton("Terms")).click();
    expect(onNavigateToUrl).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    press("Escape");
    await settle(shown);
  });
});

describe("presentPaywall: validation at the boundary", () => {
  it.each([
    ["params", "nope", /object of parameters/],
    ["htmlTarget", { htmlTarget: "#paywall" }, /htmlTarget must be an HTML element/],
    ["purchaseHtmlTarget", { purchaseHtmlTarget: {} }, /purchaseHtmlTarget must be an HTML element/],
    ["customerEmail", { customerEmail: 42 }, /customerEmail must be a string/],
    ["selectedLocale", { selectedLocale: ["de"] }, /selectedLocale must be a string/],
    ["colorMode", { colorMode: "sepia" }, /colorMode must be "light" or "dark"/],
    ["listener", { listener: "x" }, /listener must be an object/],
    ["onBack", { onBack: "back" }, /onBack must be a function/],
    ["onNavigateToUrl", { onNavigateToUrl: 1 }, /onNavigateToUrl must be a function/],
    ["onVisitCustomerCenter", { onVisitCustomerCenter: {} }, /onVisitCustomerCenter must be a function/],
    ["onRestorePurchases", { onRestorePurchases: true }, /onRestorePurchases must be a function/],
    [
      "listener.onPurchaseStarted",
      { listener: { onPurchaseStarted: 1 } },
      /onPurchaseStarted must be a function/,
    ],
    ["offering", { offering: { identifier: "default" } }, /offering must be an Offering/],
  ])("rejects an invalid %s with ConfigurationError and shows nothing", async (_name, params, message) => {
    servePaywall(server, paywallDocument());
    const purchases = configure(KEYS.testStore);
    const { error } = await settle(purchases.presentPaywall(params as never));
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toMatch(message);
    expect(document.querySelector(".pw-root")).toBeNull();
  });

  it("rejects an offering without paywall components (docs/checkout.md)", async () => {
    servePaywall(server, null);
    const purchases = configure(KEYS.testStore);
    const { error } = await settle(purchases.presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toBe("The offering default has no paywall components.");
  });

  it("shows the paywall of a given offering", async () => {
    servePaywall(server, null);
    const purchases = configure(KEYS.testStore);
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    const offering: Offering = { ...offerings.current!, paywallComponents: paywallDocument() };
    const shown = purchases.presentPaywall({ offering });
    await paywallRoot();
    expect(paywallText()).toContain("Choose Your Destiny");
    press("Escape");
    await settle(shown);
  });

  it("rejects a second paywall while one is shown with OperationAlreadyInProgressError", async () => {
    const { purchases, shown } = await openPaywall(server);
    const { error } = await settle(purchases.presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.OperationAlreadyInProgressError);
    press("Escape");
    await settle(shown);
  });

  it("rejects an unknown component type without a fallback, naming it", async () => {
    servePaywall(server, paywallOf([text("title"), { type: "confetti", pieces: [] }]));
    const purchases = configure(KEYS.testStore);
    const { error } = await settle(purchases.presentPaywall());
    expect(error?.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(error?.message).toBe(
      'Invalid paywall: base.stack.components[1] has the unknown component type "confetti" and no fallback component.',
    );
    expect(document.querySelector(".pw-root")).toBeNull();
  });
});
