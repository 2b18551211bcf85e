// @vitest-environment happy-dom
import { HttpResponse } from "msw";
import type { WireBrandingInfo } from "../../src/http/wire";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gatewayErrorMessage } from "../../src/checkout/checkout-start";
import { ErrorCode, LogLevel, Purchases, PurchasesError, isPurchasesError } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "./support/fake-stripe";
import {
  KEYS,
  backendError,
  button,
  configure,
  dialog,
  packageOf,
  payButton,
  serveCatalogue,
  serveCheckout,
  settle,
  taxAnswer,
  widgetLeftovers,
  widgetText,
} from "./support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

async function open(
  options: {
    key?: string;
    slot?: "monthly" | "weekly" | "lifetime";
    checkout?: Parameters<typeof serveCheckout>[1];
    stripe?: ReturnType<typeof fakeStripe>;
    branding?: WireBrandingInfo | null;
  } = {},
) {
  serveCatalogue(server, { branding: options.branding });
  const checkout = serveCheckout(server, options.checkout);
  const stripe = options.stripe ?? fakeStripe();
  const purchases = configure(options.key ?? KEYS.sandbox, { loadStripe: stripe.loadStripe });
  const purchase = purchases.purchase({ rcPackage: await packageOf(purchases, options.slot ?? "monthly") });
  await dialog();
  return { checkout, stripe, purchase };
}

const closeButton = () => document.querySelector<HTMLButtonElement>(".pw-root .pw-close")!;
const heading = () => document.querySelector(".pw-root h2")?.textContent;
const errorPage = () => vi.waitFor(() => expect(document.querySelector(".pw-icon")).not.toBeNull());

async function pay(stripe: ReturnType<typeof fakeStripe>) {
  await vi.waitFor(() =>
    expect(document.querySelector(".pw-root form")?.getAttribute("aria-busy")).toBe("false"),
  );
  stripe.typeEmail("ada@example.com");
  stripe.completeCard();
  await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
  payButton()!.click();
}

describe("the error pages of docs/checkout.md", () => {
  it("already subscribed: success icon, the trouble-accessing hint, 'Go to' the app; dismissing reports the error", async () => {
    const { purchase } = await open({ checkout: { start: [backendError(400, 7772, "Already subscribed")] } });
    await errorPage();
    expect(heading()).toBe("Already subscribed");
    const text = widgetText();
    expect(text).toContain("You can't subscribe to this product again (error code: 6)");
    expect(text).toContain(
      "If you're having trouble accessing your purchase, contact support at support@realmheart.example",
    );
    expect(document.querySelector(".pw-icon-success")).not.toBeNull();
    expect(document.querySelector<HTMLAnchorElement>(".pw-root a")?.href).toBe(
      "mailto:support@realmheart.example",
    );
    (await button("Go to Realmheart")).click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.ProductAlreadyPurchasedError);
    expect(widgetLeftovers().roots).toBe(0);
  });

  it("already purchased (one-time product)", async () => {
    const { purchase } = await open({ slot: "lifetime", checkout: { start: [backendError(400, 7772)] } });
    await errorPage();
    expect(heading()).toBe("Already purchased");
    expect(widgetText()).toContain("You can't purchase this product again (error code: 6)");
    (await button("Go to Realmheart")).click();
    await settle(purchase);
  });

  it("network error: 'Try again' starts a new checkout", async () => {
    let first = true;
    const { checkout, purchase } = await open({
      checkout: {
        start: [
          () => {
            first = false;
            return HttpResponse.error();
          },
        ],
      },
    });
    await errorPage();
    expect(first).toBe(false);
    expect(heading()).toBe("Something went wrong");
    expect(widgetText()).toContain("Network error. Please check your internet connection (error code: 10)");
    expect(widgetText()).toContain("If the error persists, please contact support@realmheart.example");
    (await button("Try again")).click();
    await vi.waitFor(() => expect(checkout.starts).toHaveLength(2));
    await vi.waitFor(() => expect(heading()).toBe("Premium Realm"));
    closeButton().click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UserCancelledError);
  });

  it("error setting up the purchase: the checkout start failed", async () => {
    const { purchase } = await open({ checkout: { start: [backendError(503, 7110)] } });
    await errorPage();
    expect(widgetText()).toContain("Purchase not started due to an error (error code: 16)");
    closeButton().click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.UnknownBackendError);
  });

  it("missing email: required again although the start was retried without it", async () => {
    const { purchase } = await open({
      checkout: { start: [backendError(400, 7879), backendError(400, 7879)] },
    });
    await errorPage();
    expect(widgetText()).toContain("Email is required to complete the purchase (error code: 38)");
    closeButton().click();
    await settle(purchase);
  });

  it("invalid email: the complete call rejects the email", async () => {
    const { stripe, purchase } = await open({ checkout: { complete: backendError(400, 7012) } });
    await pay(stripe);
    await errorPage();
    expect(widgetText()).toContain(
      "could not be verified. Please provide a valid email address (error code: 38)",
    );
    closeButton().click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.InvalidEmailError);
  });

  it("error charging the payment: the operation failed", async () => {
    const failed = {
      operation: {
        status: "failed",
        operation_session_id: "opsess_1",
        error: { code: 3, message: "Declined" },
      },
    };
    const { stripe, purchase } = await open({ checkout: { status: () => HttpResponse.json(failed) } });
    await pay(stripe);
    await errorPage();
    expect(widgetText()).toContain("Payment failed (error code: 4)");
    closeButton().click();
    const { error } = await settle(purchase);
    expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.PurchaseInvalidError);
  });

  it("invalid tax location: the billing address at submit cannot be located", async () => {
    const { stripe, purchase } = await open();
    await vi.waitFor(() =>
      expect(document.querySelector(".pw-root form")?.getAttribute("aria-busy")).toBe("false"),
    );
    stripe.typeEmail("ada@example.com");
    stripe.completeCard();
    await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
    stripe.state.address = { country: "XX", postal_code: "0" };
    payButton()!.click();
    await errorPage();
    expect(widgetText()).toContain(
      "Your billing address could not be verified. Please check your postal code and country",
    );
    closeButton().click();
    await settle(purchase);
  });

  it("the payment provider cannot be loaded (the setup error)", async () => {
    const stripe = fakeStripe({ loadFails: true });
    const { purchase } = await open({ stripe });
    await errorPage();
    expect(widgetText()).toContain("Purchase not started due to an error (error code: 2)");
    stripe.state.loadFails = false;
    (await button("Try again")).click();
    await vi.waitFor(() => expect(heading()).toBe("Premium Realm"));
    closeButton().click();
    await settle(purchase);
  });

  it.each([
    ["taxes_not_active", "Tax collection is not active for this account"],
    ["invalid_origin_address", "The tax origin address of this account is not valid"],
    ["missing_required_permission", "The payment provider lacks a permission needed to calculate tax"],
  ])(
    "sandbox tax setup problem %s: close button, sandbox-only line, no support link",
    async (reason, message) => {
      const { purchase } = await open({
        checkout: { taxes: () => HttpResponse.json({ ...fixtures.calculateTaxes(), failed_reason: reason }) },
      });
      await errorPage();
      expect(heading()).toBe("Tax is not set up");
      expect(widgetText()).toContain(message);
      expect(widgetText()).toContain("In production, purchases work without tax applied");
      expect(widgetText()).toContain("This message only appears in the sandbox");
      expect(document.querySelector(".pw-root a")).toBeNull();
      (await button("Close")).click();
      const { error } = await settle(purchase);
      expect(isPurchasesError(error) && error.errorCode).toBe(ErrorCode.StoreProblemError);
    },
  );

  it("production keys go on without tax when tax is not set up", async () => {
    const { checkout, stripe, purchase } = await open({
      key: KEYS.production,
      checkout: { taxes: () => HttpResponse.json({ ...taxAnswer({}), failed_reason: "taxes_not_active" }) },
    });
    await pay(stripe);
    await vi.waitFor(() => expect(widgetText()).toContain("Payment complete"));
    expect(checkout.taxes).toHaveLength(1);
    expect(document.querySelector(".pw-banner")).toBeNull(); // no sandbox banner in production
    (await button("Continue")).click();
    await purchase;
  });
});

describe("a billing server without a payment gateway (issue #22)", () => {
  it("logs one error naming the missing gateway (7773 at checkout/start) and shows the error page", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const message = "No payment gateway is configured on this billing server (set STRIPE_SECRET_KEY).";
      const { purchase } = await open({ checkout: { start: [backendError(400, 7773, message)] } });
      await errorPage();
      const page = document.querySelector<HTMLElement>(".pw-root")!;
      // The sandbox's error page names the cause for the developer, not only "error code: 2".
      expect(page.textContent).toContain(
        `${gatewayErrorMessage(new PurchasesError(ErrorCode.StoreProblemError, message))} (This message only appears in the sandbox)`,
      );
      expect(error).toHaveBeenCalledTimes(1);
      const line = String(error.mock.calls[0]![0]);
      expect(line).toContain("no working payment gateway");
      expect(line).toContain("7773");
      expect(line).toContain(message);
      expect(line).toContain("STRIPE_SECRET_KEY");
      expect(line).toContain("test_");
      closeButton().click();
      await settle(purchase);
    } finally {
      error.mockRestore();
    }
  });

  it("says nothing of the gateway on a production key's error page (customers see it)", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const message = "No payment gateway is configured on this billing server (set STRIPE_SECRET_KEY).";
      const { purchase } = await open({
        key: KEYS.production,
        checkout: { start: [backendError(400, 7773, message)] },
      });
      await errorPage();
      const page = document.querySelector<HTMLElement>(".pw-root")!;
      expect(page.textContent).not.toContain("STRIPE_SECRET_KEY");
      expect(page.textContent).not.toContain("payment gateway");
      closeButton().click();
      await settle(purchase);
    } finally {
      error.mockRestore();
    }
  });

  it("logs no gateway error for other failures of checkout/start", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { purchase } = await open({
        checkout: { start: [backendError(400, 7772, "Already subscribed")] },
      });
      await errorPage();
      expect(error).not.toHaveBeenCalled();
      closeButton().click();
      await settle(purchase);
    } finally {
      error.mockRestore();
    }
  });
});

describe("purchase logs at LogLevel.Info (issue #22)", () => {
  it("logs the purchase's start and its outcome with the product id", async () => {
    const lines: string[] = [];
    Purchases.setLogHandler((level, message) => {
      if (level === LogLevel.Info) lines.push(message);
    });
    Purchases.setLogLevel(LogLevel.Info);
    try {
      const { purchase } = await open();
      closeButton().click();
      await settle(purchase);
      const started = lines.find((l) => l.startsWith("Purchase started:"));
      const finished = lines.find((l) => l.startsWith("Purchase finished:"));
      expect(started).toMatch(/^Purchase started: \S+\.$/);
      const productId = started!.slice("Purchase started: ".length, -1);
      expect(finished).toBe(`Purchase finished: ${productId}, UserCancelledError (Purchase was cancelled.).`);
    } finally {
      Purchases.setLogHandler(null);
      Purchases.setLogLevel(LogLevel.Warn);
    }
  });
});
