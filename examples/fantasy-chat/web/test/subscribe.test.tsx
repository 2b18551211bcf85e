import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Billing, PurchaseOutcome } from "../src/subscribe/sdk-billing";
import { premiumPolling } from "../src/subscribe/use-subscribe";
import { pageNavigation } from "../src/api/navigation";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

// The SDK itself is exercised by the browser smoke test against the real billing server; here its adapter is
// replaced so each outcome can be chosen.
const sdk = vi.hoisted(() => ({
  configure: vi.fn<() => Promise<unknown>>(),
  purchase: vi.fn<() => Promise<unknown>>(),
  restore: vi.fn<() => Promise<boolean>>(),
}));
vi.mock("../src/subscribe/sdk-billing", () => ({
  configureBilling: (...args: unknown[]) => sdk.configure(...(args as [])),
  purchasePremium: (...args: unknown[]) => sdk.purchase(...(args as [])),
  restorePurchases: (...args: unknown[]) => sdk.restore(...(args as [])),
}));

const BILLING = { purchases: {}, rcPackage: {} } as unknown as Billing;
const premiumButton = () =>
  screen.getAllByRole("button").find((b) => b.closest(".plan-premium")) as HTMLButtonElement;

beforeEach(() => {
  premiumPolling.gapMs = 10;
  sdk.configure.mockResolvedValue(BILLING);
  sdk.purchase.mockResolvedValue({ kind: "purchased" } satisfies PurchaseOutcome);
  sdk.restore.mockResolvedValue(false);
});
afterEach(() => vi.restoreAllMocks());

describe("subscribe", () => {
  it("shows the title, the payment-method toggle, both plans, the reasons and the restore button", async () => {
    renderApp("/subscribe", aUser());
    expect(await screen.findByRole("heading", { name: "Choose Your Destiny" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    const appStore = await screen.findByRole("radio", { name: "App Store / Google Play" });
    expect(appStore.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("radio", { name: "Web Payment" }).getAttribute("aria-checked")).toBe("false");
    expect((screen.getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("MOST POPULAR")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Premium Realm" })).toBeTruthy();
    expect(premiumButton().textContent).toBe("Subscribe via App Store");
    expect(screen.getByRole("heading", { name: "Why Choose Premium?" })).toBeTruthy();
    for (const title of ["Unlimited Conversations", "Enhanced AI", "Exclusive Content"])
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Restore Previous Purchases" })).toBeTruthy();
    expect(sdk.configure).toHaveBeenCalledWith(
      { sdkApiKey: "test_key", billingBaseUrl: "/billing", paymentProvider: "sandbox" },
      { id: "user-1" },
    );
  });

  it("says 'Loading payment options...' until a method is ready", async () => {
    server.use(http.get("*/api/config", () => new Promise<never>(() => {})));
    renderApp("/subscribe", aUser());
    await screen.findByRole("heading", { name: "Choose Your Destiny" });
    expect(premiumButton().textContent).toBe("Loading payment options...");
    expect(premiumButton().disabled).toBe(true);
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });

  it("keeps the toggle's and the restore button's room, unseen, while the SDK is set up, so the plans never move", async () => {
    let configured!: (billing: Billing) => void;
    sdk.configure.mockReturnValue(new Promise<Billing>((resolve) => (configured = resolve)));
    renderApp("/subscribe", aUser());
    await screen.findByRole("heading", { name: "Choose Your Destiny" });
    const toggle = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".method-toggle");
      if (!found) throw new Error("no toggle yet");
      return found;
    });
    const restore = [...document.querySelectorAll("button")].find(
      (button) => button.textContent === "Restore Previous Purchases",
    );
    expect(toggle.style.visibility).toBe("hidden");
    expect(restore?.disabled).toBe(true);
    expect(restore?.closest<HTMLElement>("div")?.style.visibility).toBe("hidden");
    expect(screen.queryByRole("radiogroup")).toBeNull(); // hidden from screen readers too
    await waitFor(() => expect(sdk.configure).toHaveBeenCalled());
    configured({ purchases: {} as Billing["purchases"], rcPackage: {} as Billing["rcPackage"] });
    expect(await screen.findByRole("radiogroup")).toBe(toggle);
    expect(toggle.style.visibility).toBe("");
    expect(screen.getByRole("button", { name: "Restore Previous Purchases" })).toBe(restore);
  });

  it("falls back to the web payment (without the toggle) when the SDK cannot be configured", async () => {
    sdk.configure.mockRejectedValue(new Error("offline"));
    renderApp("/subscribe", aUser());
    await waitFor(() => expect(premiumButton().textContent).toBe("Subscribe via Sandbox Pay"));
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("button", { name: "Restore Previous Purchases" })).toBeNull();
  });

  it("shows 'Premium Active' and 'Already Subscribed' to subscribers, without the restore button", async () => {
    renderApp("/subscribe", aUser({ subscriptionStatus: "active", trialEndDate: null }));
    expect(await screen.findByText("Premium Active")).toBeTruthy();
    await screen.findByRole("radiogroup");
    expect(premiumButton().textContent).toBe("Already Subscribed");
    expect(premiumButton().disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Restore Previous Purchases" })).toBeNull();
  });

  it("buys through the SDK: 'Processing...' meanwhile, then 'Payment Successful!'", async () => {
    let release!: () => void;
    sdk.purchase.mockReturnValue(new Promise((r) => (release = () => r({ kind: "purchased" }))));
    const app = renderApp("/subscribe", aUser());
    await app.user.click(await screen.findByRole("button", { name: "Subscribe via App Store" }));
    expect(premiumButton().textContent).toBe("Processing...");
    // The billing server's webhook makes the user premium a little later: the screen reads the user until then.
    let reads = 0;
    server.use(
      http.get("*/api/auth/user", () => {
        reads += 1;
        return HttpResponse.json(
          reads < 3 ? aUser() : aUser({ subscriptionStatus: "active", trialEndDate: null }),
        );
      }),
    );
    release();
    await findToast("Payment Successful!", "Welcome to premium! Unlimited chats await.");
    expect(await screen.findByText("Premium Active")).toBeTruthy();
    expect(premiumButton().textContent).toBe("Already Subscribed");
    expect(reads).toBe(3);
    expect(sdk.purchase).toHaveBeenCalledWith(BILLING, "ysolde@example.test");
  });

  it("says 'Payment Cancelled' when the checkout is closed", async () => {
    sdk.purchase.mockResolvedValue({ kind: "cancelled" });
    const app = renderApp("/subscribe", aUser());
    await app.user.click(await screen.findByRole("button", { name: "Subscribe via App Store" }));
    await findToast("Payment Cancelled", "Payment was cancelled");
  });

  it("says 'Payment Failed' with the SDK's message when the purchase fails", async () => {
    sdk.purchase.mockResolvedValue({ kind: "failed", message: "Payment failed" });
    const app = renderApp("/subscribe", aUser());
    await app.user.click(await screen.findByRole("button", { name: "Subscribe via App Store" }));
    await findToast("Payment Failed", "Payment failed");
    expect(premiumButton().textContent).toBe("Subscribe via App Store");
  });

  it("restores previous purchases, or says there are none", async () => {
    const app = renderApp("/subscribe", aUser());
    await app.user.click(await screen.findByRole("button", { name: "Restore Previous Purchases" }));
    await findToast("No Purchases Found", "There are no previous purchases to restore.");
    sdk.restore.mockResolvedValue(true);
    await app.user.click(screen.getByRole("button", { name: "Restore Previous Purchases" }));
    await findToast("Purchases Restored", "Your premium access is active again.");
  });

  describe("web payment", () => {
    function paymentApi(verify: () => Response) {
      const calls = { initialize: [] as unknown[], verify: [] as unknown[] };
      server.use(
        http.post("*/api/initialize-payment", async ({ request }) => {
          calls.initialize.push(await request.json());
          return HttpResponse.json({ authorization_url: "/sandbox/authorize/ref-1", reference: "ref-1" });
        }),
        http.post("*/api/verify-payment", async ({ request }) => {
          calls.verify.push(await request.json());
          return verify();
        }),
      );
      return calls;
    }

    /** A payment popup that the customer closes once it has opened. */
    function popupClosedAfterOpening() {
      const popup = { closed: false };
      const open = vi.spyOn(window, "open").mockImplementation(() => {
        setTimeout(() => (popup.closed = true), 50);
        return popup as unknown as Window;
      });
      return open;
    }

    async function payByWeb() {
      const app = renderApp("/subscribe", aUser());
      await app.user.click(await screen.findByRole("radio", { name: "Web Payment" }));
      await app.user.click(await screen.findByRole("button", { name: "Subscribe via Sandbox Pay" }));
      return app;
    }

    it("initializes R99, opens the provider's page in a popup and verifies the reference when it closes", async () => {
      const calls = paymentApi(() => HttpResponse.json({ status: "success", reference: "ref-1" }));
      const open = popupClosedAfterOpening();
      await payByWeb();
      await findToast("Payment Successful!", "Welcome to premium! Unlimited chats await.");
      expect(calls.initialize).toEqual([{ amount: 9900, email: "ysolde@example.test" }]);
      expect(open).toHaveBeenCalledWith("/sandbox/authorize/ref-1", "realmheart-payment", expect.any(String));
      expect(calls.verify).toEqual([{ reference: "ref-1" }]);
    });

    it("says 'Payment Cancelled' when the popup closes before paying", async () => {
      paymentApi(() => apiError(402, "The payment is not complete yet.", "payment_incomplete"));
      popupClosedAfterOpening();
      await payByWeb();
      await findToast("Payment Cancelled", "Payment was cancelled");
    });

    it("says the card was declined, in the server's words, when the provider declined it", async () => {
      const declined = "Your card was declined. No money was taken: try again or use another card";
      paymentApi(() => apiError(402, declined, "payment_failed"));
      popupClosedAfterOpening();
      await payByWeb();
      await findToast("Payment Declined", declined);
      expect(screen.queryByText("Payment may have succeeded but verification failed")).toBeNull();
    });

    it("says 'Verification Failed' when the verification fails", async () => {
      paymentApi(() => apiError(500, "Internal server error"));
      popupClosedAfterOpening();
      await payByWeb();
      await findToast("Verification Failed", "Payment may have succeeded but verification failed");
    });

    it("says 'Payment Failed' when the payment cannot be initialized", async () => {
      server.use(
        http.post("*/api/initialize-payment", () => apiError(502, "Gateway down", "payment_gateway_error")),
      );
      const open = vi.spyOn(window, "open");
      await payByWeb();
      await findToast("Payment Failed", "Failed to initialize payment");
      expect(open).not.toHaveBeenCalled();
    });

    it("goes to the provider's page in this tab when the popup is blocked", async () => {
      paymentApi(() => HttpResponse.json({ status: "success" }));
      vi.spyOn(window, "open").mockReturnValue(null);
      const assign = vi.spyOn(pageNavigation, "assign").mockImplementation(() => {});
      await payByWeb();
      await waitFor(() => expect(assign).toHaveBeenCalledWith("/sandbox/authorize/ref-1"));
    });

    it("verifies the reference the provider's return brings back to /subscribe", async () => {
      const calls = paymentApi(() => HttpResponse.json({ status: "success", reference: "ref-9" }));
      const app = renderApp("/subscribe?payment=success&reference=ref-9", aUser());
      await findToast("Payment Successful!", "Welcome to premium! Unlimited chats await.");
      expect(calls.verify).toEqual([{ reference: "ref-9" }]);
      expect(app.path()).toBe("/subscribe");
    });
  });
});
