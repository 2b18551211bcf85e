import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/errors/error-code";
import { PurchasesError } from "../../src/errors/purchases-error";
import { ProductType } from "../../src/model/types";
import { checkoutTransition, initialCheckoutPage, type CheckoutPage } from "../../src/ui/checkout-flow";
import { errorKindOf, errorPageModel } from "../../src/ui/error-page-model";
import { isPayButtonEnabled, payButtonLabel, taxPromptKey } from "../../src/ui/pay-button";
import { stripeLocale } from "../../src/ui/stripe-options";
import { isHandledFormError } from "../../src/checkout/submit-payment";
import {
  contrastRatio,
  DARK_MODAL_COLORS,
  darken,
  DEFAULT_COLORS,
  readableColor,
  textColorOn,
  themeVariables,
} from "../../src/ui/theme";
import { WIDGET_CSS } from "../../src/ui/styles";
import { fixtures } from "../support/fixtures";

const checkout = fixtures.checkoutStart();
const result = {
  operationSessionId: "opsess_1",
  storeTransaction: {
    storeTransactionId: "txn_1",
    productIdentifier: "premium_realm_monthly",
    purchaseDate: new Date(0),
  },
  redemptionInfo: null,
};
const options = { skipSuccessPage: false };
const error = new PurchasesError(ErrorCode.NetworkError);

describe("checkoutTransition (the page state machine)", () => {
  const entry: CheckoutPage = { page: "payment-entry", checkout };

  it("goes payment-entry-loading → payment-entry → success → finished", () => {
    const started = checkoutTransition(initialCheckoutPage, { type: "started", checkout }, options);
    expect(started).toEqual(entry);
    const success = checkoutTransition(started, { type: "purchased", result }, options);
    expect(success).toEqual({ page: "success", result });
    expect(checkoutTransition(success, { type: "continue" }, options)).toEqual({
      page: "finished",
      outcome: { kind: "purchased", result },
    });
  });

  it("finishes at once after a purchase with skipSuccessPage", () => {
    expect(checkoutTransition(entry, { type: "purchased", result }, { skipSuccessPage: true })).toEqual({
      page: "finished",
      outcome: { kind: "purchased", result },
    });
  });

  it("shows the error page for failures and tries again from the start", () => {
    const failed = checkoutTransition(
      initialCheckoutPage,
      { type: "failed", error, kind: "network" },
      options,
    );
    expect(failed).toEqual({ page: "error", error, kind: "network" });
    expect(checkoutTransition(failed, { type: "retry" }, options)).toEqual(initialCheckoutPage);
  });

  it("reports the stored error when the error page is dismissed, UnknownError without one", () => {
    const failed: CheckoutPage = { page: "error", error, kind: "network" };
    expect(checkoutTransition(failed, { type: "continue" }, options)).toEqual({
      page: "finished",
      outcome: { kind: "failed", error },
    });
    const none = checkoutTransition(
      { page: "error", error: null, kind: "unknown" },
      { type: "closed" },
      options,
    );
    expect(none.page === "finished" && none.outcome.kind === "failed" && none.outcome.error.errorCode).toBe(
      ErrorCode.UnknownError,
    );
  });

  it("cancels with UserCancelledError when closed while loading or paying, but keeps a purchase made", () => {
    for (const page of [initialCheckoutPage, entry]) {
      const closed = checkoutTransition(page, { type: "closed" }, options);
      expect(
        closed.page === "finished" && closed.outcome.kind === "failed" && closed.outcome.error.errorCode,
      ).toBe(ErrorCode.UserCancelledError);
    }
    const closedAfter = checkoutTransition({ page: "success", result }, { type: "closed" }, options);
    expect(closedAfter).toEqual({ page: "finished", outcome: { kind: "purchased", result } });
  });

  it("ignores events that do not apply, and nothing leaves finished", () => {
    expect(checkoutTransition(initialCheckoutPage, { type: "purchased", result }, options)).toBe(
      initialCheckoutPage,
    );
    expect(checkoutTransition(entry, { type: "started", checkout }, options)).toBe(entry);
    const done: CheckoutPage = { page: "finished", outcome: { kind: "failed", error } };
    expect(checkoutTransition(done, { type: "retry" }, options)).toBe(done);
  });
});

describe("error page kinds and models", () => {
  const backend = (code: ErrorCode, backendErrorCode?: number) =>
    new PurchasesError(code, undefined, { extra: backendErrorCode ? { backendErrorCode } : undefined });

  it.each([
    [
      backend(ErrorCode.ProductAlreadyPurchasedError, 7772),
      "start",
      ProductType.Subscription,
      "already_subscribed",
    ],
    [
      backend(ErrorCode.ProductAlreadyPurchasedError, 7772),
      "start",
      ProductType.NonConsumable,
      "already_purchased",
    ],
    [backend(ErrorCode.InvalidEmailError, 7879), "start", ProductType.Subscription, "missing_email"],
    [backend(ErrorCode.InvalidEmailError, 7834), "payment", ProductType.Subscription, "invalid_email"],
    [backend(ErrorCode.NetworkError), "payment", ProductType.Subscription, "network"],
    [backend(ErrorCode.StoreProblemError, 7898), "payment", ProductType.Subscription, "taxes_not_active"],
    [
      backend(ErrorCode.StoreProblemError, 7899),
      "payment",
      ProductType.Subscription,
      "invalid_origin_address",
    ],
    [backend(ErrorCode.StoreProblemError, 7900), "payment", ProductType.Subscription, "missing_permission"],
    [backend(ErrorCode.UnknownBackendError), "start", ProductType.Subscription, "setting_up_purchase"],
    [backend(ErrorCode.PurchaseInvalidError), "payment", ProductType.Subscription, "charging_payment"],
    [backend(ErrorCode.PaymentPendingError), "payment", ProductType.Subscription, "charging_payment"],
    [backend(ErrorCode.UnknownBackendError), "payment", ProductType.Subscription, "unknown"],
  ] as const)("%s in %s of a %s → %s", (err, phase, productType, kind) => {
    expect(errorKindOf(err, phase, productType)).toBe(kind);
  });

  const branding = { supportEmail: "help@realm.example", appName: "Realmheart" };

  it("gives tax-setup kinds a Close button and no support link", () => {
    expect(errorPageModel("taxes_not_active", branding)).toEqual({
      titleKey: "error.title_tax_setup",
      messageKey: "error.taxes_not_active",
      icon: "error",
      sandboxOnly: true,
      supportHintKey: null,
      action: "close",
    });
  });

  it("gives owned kinds the success icon, the purchase hint and a button naming the app (Close without a name)", () => {
    expect(errorPageModel("already_purchased", branding)).toMatchObject({
      icon: "success",
      supportHintKey: "error.support_hint_purchased",
      action: "go_to_app",
    });
    expect(errorPageModel("already_purchased", { supportEmail: null, appName: null })).toMatchObject({
      supportHintKey: null,
      action: "close",
    });
  });

  it("gives the other kinds Try again and the 'If the error persists' hint when a support email exists", () => {
    expect(errorPageModel("unknown", branding)).toMatchObject({
      titleKey: "error.title",
      messageKey: "error.unknown",
      supportHintKey: "error.support_hint",
      action: "try_again",
    });
    expect(errorPageModel("network", { supportEmail: null, appName: null }).supportHintKey).toBeNull();
  });
});

describe("the pay button", () => {
  const ready = {
    submitting: false,
    paymentComplete: true,
    emailComplete: true,
    taxStatus: "calculated",
  } as const;

  it("is enabled only when not submitting, complete, and tax is disabled, calculated or miss-match", () => {
    expect(isPayButtonEnabled(ready)).toBe(true);
    for (const taxStatus of ["disabled", "miss-match"] as const)
      expect(isPayButtonEnabled({ ...ready, taxStatus })).toBe(true);
    for (const taxStatus of ["unavailable", "loading", "pending"] as const)
      expect(isPayButtonEnabled({ ...ready, taxStatus })).toBe(false);
    expect(isPayButtonEnabled({ ...ready, submitting: true })).toBe(false);
    expect(isPayButtonEnabled({ ...ready, paymentComplete: false })).toBe(false);
    expect(isPayButtonEnabled({ ...ready, emailComplete: false })).toBe(false);
  });

  it("has the four variants: start trial, pay with a method, pay with the price, plain pay", () => {
    const base = { isTrial: false, paymentMethodType: "card", totalKnown: true, formattedTotal: "R 99,00" };
    expect(payButtonLabel({ ...base, isTrial: true })).toEqual({ key: "pay.trial" });
    expect(payButtonLabel({ ...base, paymentMethodType: "google_pay" })).toEqual({
      key: "pay.method",
      values: { paymentMethod: "Google Pay" },
    });
    expect(payButtonLabel(base)).toEqual({ key: "pay.price", values: { price: "R 99,00" } });
    expect(payButtonLabel({ ...base, totalKnown: false })).toEqual({ key: "pay.plain" });
  });

  it("prompts for the address, then the state and postal code or the postal code", () => {
    expect(taxPromptKey({})).toBe("pricing.tax_prompt_address");
    expect(taxPromptKey({ countryCode: "us" })).toBe("pricing.tax_prompt_state_postal");
    expect(taxPromptKey({ countryCode: "ZA" })).toBe("pricing.tax_prompt_postal");
  });
});

describe("Stripe specifics", () => {
  it("keeps validation errors and the customer's card problems in the form", () => {
    expect(isHandledFormError({ type: "validation_error" })).toBe(true);
    for (const code of ["card_declined", "expired_card", "incorrect_cvc", "incorrect_number"])
      expect(isHandledFormError({ type: "card_error", code })).toBe(true);
    expect(isHandledFormError({ type: "card_error", code: "processing_error" })).toBe(false);
    expect(isHandledFormError({ type: "api_error" })).toBe(false);
  });

  it("maps the widget locales to Stripe's", () => {
    expect(["ca", "hi", "uk"].map((code) => stripeLocale(code as "ca"))).toEqual(["auto", "auto", "auto"]);
    expect(stripeLocale("zh_Hans")).toBe("zh");
    expect(stripeLocale("zh_Hant")).toBe("zh");
    expect(stripeLocale("de")).toBe("de");
  });
});

describe("theming", () => {
  it("uses the default colours of docs/checkout.md and gives text of at least 4.5:1 contrast", () => {
    const vars = themeVariables(null);
    expect(vars["--pw-primary"]).toBe("#576CDB");
    expect(vars["--pw-error"]).toBe("#B0171F");
    expect(vars["--pw-focus"]).toBe("#1148B8");
    expect(vars["--pw-accent"]).toBe("#767676");
    expect(vars["--pw-product-bg"]).toBe("#EFF3FA");
    const pairs: [string, string][] = [
      [vars["--pw-primary-text"]!, vars["--pw-primary"]!],
      [vars["--pw-primary-text"]!, vars["--pw-primary-hover"]!],
      [vars["--pw-primary-text"]!, vars["--pw-primary-pressed"]!],
      [vars["--pw-accent"]!, DEFAULT_COLORS.formBg],
      [vars["--pw-error"]!, DEFAULT_COLORS.formBg],
      [vars["--pw-form-text"]!, vars["--pw-form-bg"]!],
      [vars["--pw-product-text"]!, vars["--pw-product-bg"]!],
      [vars["--pw-warning-text"]!, DEFAULT_COLORS.warning],
    ];
    for (const [text, background] of pairs)
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("picks dark text above luminance 0.37 and light text below, and darkens 10 % on hover and 15 % pressed", () => {
    expect(textColorOn("#FFFFFF")).toBe("#111111");
    expect(textColorOn("#8B2252")).toBe("#FFFFFF");
    expect(textColorOn("#A0A0A0")).toBe("#FFFFFF"); // luminance 0.35
    expect(textColorOn("#A8A8A8")).toBe("#111111"); // luminance 0.39
  });

  it("maps shapes to radii and ignores malformed colours", () => {
    expect(themeVariables({ shapes: "pill" })["--pw-button-radius"]).toBe("9999px");
    expect(themeVariables({ shapes: "pill" })["--pw-input-radius"]).toBe("12px");
    expect(themeVariables({ shapes: "rectangle" })["--pw-button-radius"]).toBe("0");
    expect(themeVariables({ shapes: "rounded" })["--pw-button-radius"]).toBe("8px");
    expect(themeVariables({ color_buttons_primary: "red" })["--pw-primary"]).toBe("#576CDB");
    expect(darken("#FFFFFF", 0.1)).toBe("#e6e6e6");
    expect(darken("#FFFFFF", 0.15)).toBe("#d9d9d9");
  });
});

describe("readable accent text (issue #22: the Test Store notice at 2.42:1)", () => {
  const ACCENTS = [
    "#C9A227",
    "#767676",
    "#FF0066",
    "#00FF00",
    "#FFFF00",
    "#8B2252",
    "#1148B8",
    "#000000",
    "#FFFFFF",
  ];

  it("Realmheart's gold accent is 2.42:1 on white, and becomes a darker gold of at least 4.5:1", () => {
    expect(contrastRatio("#C9A227", "#FFFFFF")).toBeCloseTo(2.42, 2);
    const text = readableColor("#C9A227", "#FFFFFF");
    expect(contrastRatio(text, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    expect(text).not.toBe("#111111"); // still gold, not the neutral fallback
    expect(themeVariables({ color_accent: "#C9A227" })["--pw-accent-text"]).toBe(text);
  });

  it("keeps an accent that already passes as it is", () => {
    expect(readableColor("#767676", "#FFFFFF")).toBe("#767676");
  });

  it.each(["#FFFFFF", "#EFF3FA", "#1E1330", "#000000", DARK_MODAL_COLORS.bg, "#808080"])(
    "gives every accent at least 4.5:1 on the background %s",
    (background) => {
      for (const accent of ACCENTS) {
        expect(contrastRatio(readableColor(accent, background), background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("the muted text, dividers and fine print use the readable accent, not the raw one", () => {
    expect(WIDGET_CSS).toContain(".pw-muted{color:var(--pw-accent-text)}");
    expect(WIDGET_CSS).toContain(".pw-terms{font-size:12px;color:var(--pw-accent-text)}");
  });
});

describe("the Test Store modal in dark mode", () => {
  it("has a prefers-color-scheme: dark rule giving the modal dark colours", () => {
    const rule = /@media \(prefers-color-scheme:dark\)\{\.pw-test-store \.pw-modal\{([^}]*)\}\}/.exec(
      WIDGET_CSS,
    );
    expect(rule).not.toBeNull();
    expect(rule![1]).toContain(`--pw-form-bg:${DARK_MODAL_COLORS.bg}`);
    expect(rule![1]).toContain(`--pw-form-text:${DARK_MODAL_COLORS.text}`);
    expect(rule![1]).toContain("--pw-accent-text:var(--pw-accent-text-dark)");
  });

  it.each([null, { color_accent: "#C9A227" }, { color_accent: "#1148B8" }])(
    "passes AA in dark mode (text, accent text; focus ring 3:1) with the appearance %j",
    (appearance) => {
      const vars = themeVariables(appearance);
      expect(contrastRatio(DARK_MODAL_COLORS.text, DARK_MODAL_COLORS.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(vars["--pw-accent-text-dark"]!, DARK_MODAL_COLORS.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(DARK_MODAL_COLORS.focus, DARK_MODAL_COLORS.bg)).toBeGreaterThanOrEqual(3);
    },
  );
});
