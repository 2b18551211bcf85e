// @vitest-environment happy-dom
// A card checkout asks for its start as the purchase begins, beside the card form's code and texts, not once the
// form has been drawn (issue #45's cold path): here the card checkout's code arrives only when the test lets it,
// and the start is asked for meanwhile, once, and the form that then shows uses it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases } from "../../src/index";
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
} from "./support/harness";

/**
 * The card checkout's code (src/ui/checkout-app.tsx) arrives once the test opens this gate. Vitest's module
 * factories do not hold back a second import made while the first is pending (that one gets the real module), so
 * the test takes its package from `getCurrentOfferingForPlacement`, which warms nothing up: the purchase's import
 * is the only one.
 */
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
});

vi.mock("../../src/ui/checkout-app", async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

describe("the card checkout's start", () => {
  it("is asked for while the card form's code is still loading, once, and the form uses it", async () => {
    serveCatalogue(server);
    const checkout = serveCheckout(server);
    const stripe = fakeStripe();
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    const offering = await purchases.getCurrentOfferingForPlacement("home", { currency: "ZAR" });
    const purchase = purchases.purchase({ rcPackage: offering!.monthly!, customerEmail: "ada@example.com" });
    await vi.waitFor(() => expect(checkout.starts).toHaveLength(1));
    expect(document.querySelector(".pw-root"), "nothing is drawn before the card form's code").toBeNull();
    expect(checkout.starts[0]).toMatchObject({ email: "ada@example.com" });
    gate.open();

    await dialog();
    await vi.waitFor(() => {
      const form = document.querySelector(".pw-root form");
      if (!form || form.getAttribute("aria-busy") !== "false") throw new Error("form not ready");
    });
    expect(checkout.starts).toHaveLength(1);
    press("Escape");
    await settle(purchase);
  });

  it("closed as it begins, the checkout draws nothing and starts at most once", async () => {
    serveCatalogue(server);
    const checkout = serveCheckout(server);
    const purchases = configure(KEYS.sandbox, { loadStripe: fakeStripe().loadStripe });
    const rcPackage = await packageOf(purchases);
    const purchase = purchases.purchase({ rcPackage });
    purchases.close();
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    expect(document.querySelector(".pw-root")).toBeNull();
    expect(checkout.starts.length).toBeLessThanOrEqual(1);
  });
});
