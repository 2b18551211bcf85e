// @vitest-environment happy-dom
// A paywall's wallet buttons (`express_purchase_button` with a `wallet_button` in its available stack): Stripe's
// Express Checkout Element (the fake Stripe.js) for the selected package, over msw. What the customer and the host
// see: which stack shows, the package the wallet buys, and the paywall's result.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases } from "../../src/index";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "../ui/support/fake-stripe";
import { KEYS, configure, press, serveCheckout, settle } from "../ui/support/harness";
import { paywallOf, paywallRoot, paywallText, radios, servePaywall, text } from "./support/paywall-harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
  document.head.innerHTML = "";
});

const stack = (components: unknown[]) => ({ type: "stack", components });
const pkg = (id: string, lid: string) => ({ type: "package", package_id: id, stack: stack([text(lid)]) });

const paywall = paywallOf(
  [
    text("title"),
    pkg("$rc_monthly", "monthly"),
    pkg("$rc_annual", "annual"),
    {
      type: "express_purchase_button",
      wallet_unknown_stack: stack([text("asking")]),
      wallet_available_stack: stack([text("pay_fast"), { type: "wallet_button" }]),
      wallet_unavailable_stack: stack([text("no_wallet")]),
    },
  ],
  {
    title: "Choose",
    monthly: "Monthly",
    annual: "Annual",
    asking: "Looking for your wallet",
    pay_fast: "Pay in one tap",
    no_wallet: "No wallet here",
  },
);

async function showPaywall(key: string, stripe = fakeStripe({ wallets: { applePay: true } })) {
  servePaywall(server, paywall);
  const checkout = serveCheckout(server);
  const purchases = configure(key, { loadStripe: stripe.loadStripe });
  const started: string[] = [];
  const shown = purchases.presentPaywall({
    listener: { onPurchaseStarted: (rcPackage) => started.push(rcPackage.identifier) },
  });
  shown.catch(() => {});
  const root = await paywallRoot();
  return { checkout, stripe, shown, root, started };
}

const walletState = (root: HTMLElement) =>
  root.querySelector<HTMLElement>("[data-wallet-state]")?.dataset.walletState;

describe("a paywall's wallet buttons", () => {
  it("draws Stripe's wallets for the selected package where the wallet_button is, and buys that package", async () => {
    const { checkout, stripe, shown, root, started } = await showPaywall(KEYS.sandbox);
    await vi.waitFor(() => expect(walletState(root)).toBe("available"));
    expect(paywallText()).toContain("Pay in one tap");
    expect(paywallText()).not.toMatch(/Looking for your wallet|No wallet here/);
    expect(root.querySelector("[data-wallet-slot] .pw-express iframe")).not.toBeNull();
    expect(checkout.prepares[0]).toMatchObject({ product_id: "premium_realm_monthly" });

    radios()[1]!.click(); // the annual package
    await vi.waitFor(() => expect(checkout.prepares).toHaveLength(2));
    expect(checkout.prepares[1]).toMatchObject({ product_id: "premium_realm_annual" });

    await new Promise((resolve) => stripe.emit("expressCheckout", "click", { resolve }));
    expect(started).toEqual(["$rc_annual"]);
    expect(checkout.starts[0]).toMatchObject({ product_id: "premium_realm_annual" });
    stripe.emit("expressCheckout", "confirm", {
      billingDetails: { email: "ada@example.com" },
      paymentFailed() {},
    });
    const { value } = await settle(shown);
    expect(value?.selectedPackage.identifier).toBe("$rc_annual");
    expect(value?.customerEmail).toBe("ada@example.com");
    expect(document.querySelector(".pw-paywall")).toBeNull();
    expect(stripe.calls.destroyed).toBe(1); // the wallet's element went with the paywall
  });

  it("shows the unavailable stack when the browser offers no wallet", async () => {
    const { root, stripe } = await showPaywall(KEYS.sandbox, fakeStripe({ wallets: { applePay: false } }));
    await vi.waitFor(() => expect(walletState(root)).toBe("unavailable"));
    expect(paywallText()).toContain("No wallet here");
    expect(paywallText()).not.toContain("Pay in one tap");
    await vi.waitFor(() => expect(stripe.calls.destroyed).toBe(1)); // its element is not left behind
  });

  it("shows the unavailable stack for a Test Store key, without asking for Stripe", async () => {
    const { root, checkout, stripe } = await showPaywall(KEYS.testStore);
    expect(walletState(root)).toBe("unavailable");
    expect(paywallText()).toContain("No wallet here");
    expect(checkout.prepares).toHaveLength(0);
    expect(stripe.calls.loads).toHaveLength(0);
  });

  it("removes Stripe's element when the paywall closes", async () => {
    const { root, stripe, shown } = await showPaywall(KEYS.sandbox);
    await vi.waitFor(() => expect(walletState(root)).toBe("available"));
    press("Escape");
    expect((await settle(shown)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    await vi.waitFor(() => expect(stripe.calls.destroyed).toBe(1));
  });
});
