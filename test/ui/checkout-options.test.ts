// @vitest-environment happy-dom
// The purchase options purchases-js takes: promotion codes (field, pre-applied code, onDiscountCodeChanged, the
// discount line), termsAndConditionsUrl, brandingAppearanceOverride, the hideBackButton flag, null metadata
// values and a page's #rcb-ui-root.
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases, type Package } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";
import { fakeStripe } from "./support/fake-stripe";
import {
  KEYS,
  backendError,
  button,
  dialog,
  packageOf,
  press,
  serveCatalogue,
  serveCheckout,
  settle,
  widgetLeftovers,
  widgetText,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

/** The weekly package's price: R29, charged at checkout (no trial). */
const PRICE = 29_000_000;

/** What the billing server answers for a pricing request: WELCOME10 takes 10 % off, ZA adds 15 % VAT. */
function pricingAnswer(address: { country_code?: string }, code: string | null) {
  const discount = code ? PRICE / 10 : 0;
  const subtotal = PRICE - discount;
  const taxed = address.country_code === "ZA";
  const tax = taxed ? Math.round((subtotal * 0.15) / 10_000) * 10_000 : 0;
  return {
    operation_session_id: "opsess_1",
    currency: "ZAR",
    tax_inclusive: false,
    total_amount_in_micros: subtotal + tax,
    tax_amount_in_micros: tax,
    total_excluding_tax_in_micros: subtotal,
    original_amount_in_micros: PRICE,
    applied_discounts: code
      ? [
          {
            identifier: "WELCOME10",
            display_name: "Welcome offer",
            discount_code: "WELCOME10",
            discounted_amount_in_micros: discount,
            percentage: 10,
            duration_mode: "one_time",
            time_window: null,
          },
        ]
      : [],
    pricing_phases: {
      base: { tax_breakdown: taxed ? [{ display_name: "VAT", tax_amount_in_micros: tax }] : [] },
    },
    failed_reason: taxed ? null : "invalid_tax_location",
  };
}

/** A fake billing server's pricing: the session keeps the applied code, as the real one does. */
function pricingServer() {
  let applied: string | null = null;
  return {
    taxes: (body: { country_code?: string }) => HttpResponse.json(pricingAnswer(body, applied)),
    patch: (body: { country_code?: string; discount_code?: string | null }) => {
      if (body.discount_code !== undefined) {
        const code = body.discount_code?.toUpperCase() ?? null;
        if (code === "EXPIRED") return backendError(400, 7816, "The code EXPIRED has expired.")();
        if (code !== null && code !== "WELCOME10") return backendError(400, 7815, "No such code.")();
        applied = code;
      }
      return HttpResponse.json(pricingAnswer(body, applied));
    },
  };
}

async function openCheckout(
  options: {
    params?: Record<string, unknown>;
    config?: Record<string, unknown>;
    branding?: ReturnType<typeof fixtures.branding>;
  } = {},
) {
  const catalogue = serveCatalogue(server, { branding: options.branding });
  // The weekly package is charged at checkout: a payment, whose amount the card form shows.
  const start = fixtures.checkoutStart();
  start.gateway_params.elements_configuration = {
    mode: "payment",
    payment_method_types: ["card"],
    amount: 2900,
    currency: "zar",
  };
  const checkout = serveCheckout(server, { ...pricingServer(), start: [() => HttpResponse.json(start)] });
  const stripe = fakeStripe();
  const purchases = Purchases.configure({
    apiKey: KEYS.sandbox,
    appUserId: "user_1",
    httpConfig: { proxyURL: TEST_BASE_URL },
    environment: { fetch: (input, init) => globalThis.fetch(input, init), loadStripe: stripe.loadStripe },
    ...options.config,
  });
  const rcPackage: Package = await packageOf(purchases, "weekly");
  const purchase = purchases.purchase({ rcPackage, ...options.params });
  purchase.catch(() => {}); // a test that does not wait for the purchase lets afterEach cancel it
  const root = await dialog();
  return { catalogue, checkout, stripe, purchases, purchase, root };
}

const formReady = () =>
  vi.waitFor(() => {
    const form = document.querySelector(".pw-root form[aria-busy]");
    if (!form || form.getAttribute("aria-busy") !== "false") throw new Error("form not ready");
  });

/** The payment form's submit button (the promotion code field is a form of its own). */
const payButton = () => document.querySelector<HTMLButtonElement>(".pw-main form button[type=submit]");
const codeInput = () => document.querySelector<HTMLInputElement>(".pw-discount input");

/** Clicks "Add promo code" and waits for the field. */
async function openCodeField() {
  (await button("Add promo code")).click();
  await vi.waitFor(() => expect(codeInput()).not.toBeNull());
}

/** Types a code into the open field and submits it as Enter would. */
function submitCode(code: string) {
  const input = codeInput()!;
  input.value = code;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.form!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
}

describe("promotion codes in the checkout", () => {
  it("applies a code from the field: discount line, new total on the button and the card form, onDiscountCodeChanged; Remove undoes it", async () => {
    const changes: (string | null)[] = [];
    const { checkout, stripe, root } = await openCheckout({
      params: {
        showDiscountCodeField: true,
        onDiscountCodeChanged: (code: string | null) => changes.push(code),
      },
    });
    await formReady();
    expect(codeInput()).toBeNull();
    await openCodeField();
    expect(document.activeElement).toBe(codeInput());
    const label = root.querySelector<HTMLLabelElement>(`label[for="${codeInput()!.id}"]`);
    expect(label?.textContent).toBe("Promo code");

    submitCode(" welcome10 ");
    await vi.waitFor(() => expect(widgetText()).toContain("Code WELCOME10 applied"));
    expect(checkout.patches).toEqual([{ discount_code: "welcome10" }]);
    expect(changes).toEqual(["WELCOME10"]);
    expect(widgetText()).toContain("Welcome offer (10% off)");
    expect(widgetText()).toMatch(/-\s?(R|ZAR)\s?2[.,]90/);
    expect(widgetText()).toMatch(/Subtotal\s?(R|ZAR)\s?29[.,]00/);

    stripe.typeEmail("ada@example.com");
    stripe.completeCard();
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
    // The card form's address prices the discounted R26.10: VAT R3.92, R30.02 in all.
    expect(checkout.taxes.at(-1)).toEqual({ country_code: "ZA", postal_code: "8001" });
    expect(widgetText()).toMatch(/VAT\s?(R|ZAR)\s?3[.,]92/);
    expect(payButton()?.textContent).toMatch(/^Pay (R|ZAR)\s?30[.,]02$/);
    expect(stripe.calls.updates.at(-1)).toEqual({ amount: 3002 });

    (await button("Remove")).click();
    await vi.waitFor(() => expect(widgetText()).not.toContain("Welcome offer"));
    expect(checkout.patches.at(-1)).toEqual({ country_code: "ZA", postal_code: "8001", discount_code: null });
    expect(changes).toEqual(["WELCOME10", null]);
    expect(payButton()?.textContent).toMatch(/^Pay (R|ZAR)\s?33[.,]35$/);
  });

  it("shows why a code was refused next to the field and keeps the price; an empty field cannot be applied", async () => {
    const changes: (string | null)[] = [];
    const { checkout } = await openCheckout({
      params: {
        showDiscountCodeField: true,
        onDiscountCodeChanged: (code: string | null) => changes.push(code),
      },
    });
    await formReady();
    await openCodeField();
    expect((await button("Apply")).disabled).toBe(true);
    submitCode("   ");
    await vi.waitFor(() =>
      expect((document.querySelector(".pw-discount input") as HTMLInputElement).value).toBe("   "),
    );
    expect((await button("Apply")).disabled).toBe(true);
    expect(checkout.patches).toEqual([]);
    expect(document.querySelector(".pw-discount [role=alert]")).toBeNull();

    submitCode("NOPE");
    await vi.waitFor(() =>
      expect(document.querySelector(".pw-discount [role=alert]")?.textContent).toBe("This code isn't valid."),
    );
    const input = codeInput()!;
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toBe(
      "This code isn't valid.",
    );
    submitCode("expired");
    await vi.waitFor(() => expect(widgetText()).toContain("This code has expired or isn't active yet."));
    expect(widgetText()).not.toContain("Welcome offer");
    expect(widgetText()).toMatch(/Subtotal\s?(R|ZAR)\s?29[.,]00/);
    expect(changes).toEqual([]);
  });

  it("applies discountCode as the checkout opens (in place of the first tax request), without the field when not asked for", async () => {
    const changes: (string | null)[] = [];
    const { checkout } = await openCheckout({
      params: {
        discountCode: "WELCOME10",
        onDiscountCodeChanged: (code: string | null) => changes.push(code),
      },
    });
    await vi.waitFor(() => expect(widgetText()).toContain("Welcome offer (10% off)"));
    expect(checkout.patches).toEqual([{ discount_code: "WELCOME10" }]);
    expect(checkout.taxes).toEqual([]);
    expect(codeInput()).toBeNull();
    expect(document.querySelector(".pw-discount")).toBeNull();
    expect(changes).toEqual([]); // only the customer's own changes are reported
  });

  it("shows a refused discountCode in the field when the field is shown, and as the error page when it is not", async () => {
    const shown = await openCheckout({ params: { discountCode: "nope", showDiscountCodeField: true } });
    await vi.waitFor(() => expect(widgetText()).toContain("This code isn't valid."));
    expect(codeInput()?.value).toBe("nope");
    await vi.waitFor(() => expect(shown.checkout.taxes).toEqual([{}])); // the price is still calculated
    shown.purchases.close();
    await settle(shown.purchase);

    const hidden = await openCheckout({ params: { discountCode: "nope" } });
    await vi.waitFor(() => expect(widgetText()).toContain("Purchase not started due to an error"));
    document.querySelector<HTMLButtonElement>(".pw-close")!.click();
    const outcome = await settle(hidden.purchase);
    expect(outcome.error?.errorCode).toBe(ErrorCode.PurchaseInvalidError);
  });
});

describe("other purchase options", () => {
  it("links termsAndConditionsUrl under the pay button, in a new tab", async () => {
    const { root } = await openCheckout({
      params: { termsAndConditionsUrl: "https://realmheart.example/terms" },
    });
    const link = await vi.waitFor(() => {
      const found = root.querySelector<HTMLAnchorElement>(".pw-terms a");
      if (!found) throw new Error("no link yet");
      return found;
    });
    expect(link.textContent).toBe("Terms and conditions");
    expect(link.getAttribute("href")).toBe("https://realmheart.example/terms");
    expect(link.target).toBe("_blank");
    expect(link.rel).toBe("noopener noreferrer");
  });

  it("hides the close button with the hideBackButton flag, while Escape still cancels", async () => {
    const { purchase, root } = await openCheckout({ config: { flags: { hideBackButton: true } } });
    await formReady();
    expect(root.querySelector(".pw-close")).toBeNull();
    press("Escape");
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(widgetLeftovers().roots).toBe(0);
  });

  it("overrides the branding's appearance: configure's values, then the purchase's, win over the fetched branding", async () => {
    const { root, catalogue } = await openCheckout({
      config: { brandingAppearanceOverride: { color_buttons_primary: "#123456", shapes: "pill" } },
      params: {
        brandingAppearanceOverride: {
          color_buttons_primary: "#0A7A3B",
          color_buttons_primary_text: "#FFFF00",
        },
      },
    });
    expect(root.style.getPropertyValue("--pw-primary")).toBe("#0A7A3B");
    expect(root.style.getPropertyValue("--pw-primary-text")).toBe("#FFFF00");
    expect(root.style.getPropertyValue("--pw-button-radius")).toBe("9999px");
    expect(root.style.getPropertyValue("--pw-product-bg")).toBe("#1E1330"); // the branding's own
    await vi.waitFor(() =>
      expect(
        catalogue.events.find((e) => e.event_name === "checkout_session_start")?.properties,
      ).toMatchObject({
        customization: { color_buttons_primary: "#0A7A3B", shapes: "pill" },
      }),
    );
  });

  it("sends metadata without its null values, which also remove a collected utm_* value", async () => {
    window.history.replaceState(null, "", "/?utm_source=newsletter&utm_medium=email");
    const { checkout } = await openCheckout({
      params: { metadata: { campaign: "spring", utm_medium: null } },
    });
    await vi.waitFor(() => expect(checkout.starts).toHaveLength(1));
    expect(checkout.starts[0].metadata).toEqual({ utm_source: "newsletter", campaign: "spring" });
  });

  describe("the applePayBrandingLogoEnabled flag", () => {
    const ICON = "https://cdn.realmheart.example/icon.png";
    const branding = () => ({ ...fixtures.branding(), app_icon: ICON });
    const touchIcons = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel~="apple-touch-icon"]')].map(
        (l) => l.href,
      );
    afterEach(() => document.head.querySelectorAll("link").forEach((link) => link.remove()));

    it("gives the page the app icon as its apple-touch-icon while the checkout is open", async () => {
      const { purchase, root } = await openCheckout({
        branding: branding(),
        config: { flags: { applePayBrandingLogoEnabled: true } },
      });
      expect(touchIcons()).toEqual([ICON]);
      root.querySelector<HTMLButtonElement>(".pw-close")!.click();
      expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
      expect(touchIcons()).toEqual([]);
    });

    it("leaves a page's own apple-touch-icon alone, and adds nothing without the flag", async () => {
      const own = document.createElement("link");
      own.rel = "apple-touch-icon";
      own.href = "https://realmheart.example/own.png";
      document.head.append(own);
      await openCheckout({ branding: branding(), config: { flags: { applePayBrandingLogoEnabled: true } } });
      expect(touchIcons()).toEqual(["https://realmheart.example/own.png"]);
      Purchases.getSharedInstance().close();
      own.remove();
      await openCheckout({ branding: branding() });
      expect(touchIcons()).toEqual([]);
    });
  });

  it("sends externalPurchaseTokenId with the checkout start as external_purchase_token_id", async () => {
    const { checkout } = await openCheckout({ params: { externalPurchaseTokenId: "ept_42" } });
    await vi.waitFor(() => expect(checkout.starts).toHaveLength(1));
    expect(checkout.starts[0].external_purchase_token_id).toBe("ept_42");
  });

  it("mounts the full-screen checkout inside the page's #rcb-ui-root, and leaves that element behind when it closes", async () => {
    const host = document.createElement("div");
    host.id = "rcb-ui-root";
    document.body.append(host);
    const { purchase, root } = await openCheckout();
    expect(root.parentElement).toBe(host);
    expect(root.classList.contains("pw-fullscreen")).toBe(true);
    expect(root.getAttribute("aria-modal")).toBe("true");
    root.querySelector<HTMLButtonElement>(".pw-close")!.click();
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(host.isConnected).toBe(true);
    expect(host.children).toHaveLength(0);
  });

  it.each([
    [{ showDiscountCodeField: "yes" }, "showDiscountCodeField must be a boolean."],
    [{ discountCode: 10 }, "discountCode must be a non-empty string."],
    [{ discountCode: "  " }, "discountCode must be a non-empty string."],
    [{ onDiscountCodeChanged: "log" }, "onDiscountCodeChanged must be a function."],
    [{ brandingAppearanceOverride: "dark" }, "brandingAppearanceOverride must be an object."],
    [
      { brandingAppearanceOverride: { color_buttons_primary: "red" } },
      "brandingAppearanceOverride.color_buttons_primary has an invalid value.",
    ],
    [
      { brandingAppearanceOverride: { colour: "#FFFFFF" } },
      "brandingAppearanceOverride.colour is not a branding appearance value.",
    ],
    [
      { brandingAppearanceOverride: { shapes: "blob" } },
      "brandingAppearanceOverride.shapes has an invalid value.",
    ],
    [{ termsAndConditionsUrl: "javascript:alert(1)" }, "termsAndConditionsUrl must be an http(s) URL."],
    [{ metadata: { count: 3 } }, "metadata must map names to strings or null."],
    [{ externalPurchaseTokenId: 7 }, "externalPurchaseTokenId must be a string."],
  ])("refuses %j before anything is requested or shown", async (params, message) => {
    const catalogue = serveCatalogue(server);
    const checkout = serveCheckout(server);
    const purchases = Purchases.configure({
      apiKey: KEYS.sandbox,
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      environment: { fetch: (input, init) => globalThis.fetch(input, init) },
    });
    const rcPackage = await packageOf(purchases, "weekly");
    // The branding was asked for once, beside the offerings (the warm-up); the refused purchase asks for nothing.
    await vi.waitFor(() => expect(catalogue.branding).toBe(1));
    const outcome = await settle(purchases.purchase({ rcPackage, ...(params as object) }));
    expect(outcome.error).toMatchObject({ errorCode: ErrorCode.ConfigurationError, message });
    expect(checkout.starts).toHaveLength(0);
    expect(catalogue.branding).toBe(1);
    expect(document.querySelector(".pw-root")).toBeNull();
  });

  it("refuses an invalid brandingAppearanceOverride or hideBackButton in configure", () => {
    const base = { apiKey: KEYS.sandbox, appUserId: "user_1" };
    expect(() => Purchases.configure({ ...base, brandingAppearanceOverride: { font: 3 } as never })).toThrow(
      expect.objectContaining({ errorCode: ErrorCode.ConfigurationError }),
    );
    expect(() => Purchases.configure({ ...base, flags: { hideBackButton: "yes" as never } })).toThrow(
      "The flag hideBackButton must be a boolean.",
    );
  });

  it("takes the deprecated storeLoadTime flag of purchases-js: Stripe.js still loads only once a checkout starts", async () => {
    const stripe = fakeStripe();
    serveCatalogue(server);
    const purchases = Purchases.configure({
      apiKey: KEYS.sandbox,
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      flags: { storeLoadTime: "configuration" },
      environment: { fetch: (input, init) => globalThis.fetch(input, init), loadStripe: stripe.loadStripe },
    });
    await purchases.preload();
    expect(stripe.calls.loads).toHaveLength(0);
  });
});
