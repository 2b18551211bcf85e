// @vitest-environment happy-dom
// Getting ready ahead of need: once a page has shown offerings, the SDK loads the branding (and the checkout's code
// and texts) while the page is idle, once per instance, so that purchase() has nothing left to fetch for it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { Purchases } from "../../src/index";
import { useMswServer } from "../support/msw";
import { fakeStripe } from "../ui/support/fake-stripe";
import {
  KEYS,
  configure,
  dialog,
  packageOf,
  press,
  serveCatalogue,
  serveCheckout,
  settle,
} from "../ui/support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

describe("warming up after getOfferings", () => {
  it("loads the branding once while idle, and the purchase that follows asks for nothing more of it", async () => {
    const seen = serveCatalogue(server);
    serveCheckout(server);
    const purchases = configure(KEYS.sandbox, { loadStripe: fakeStripe().loadStripe });
    expect(seen.branding).toBe(0);
    const rcPackage = await packageOf(purchases);
    await vi.waitFor(() => expect(seen.branding).toBe(1));
    await packageOf(purchases); // offerings again: nothing more is warmed
    const purchase = purchases.purchase({ rcPackage });
    await dialog();
    press("Escape");
    await settle(purchase);
    expect(seen.branding).toBe(1);
  });

  it("warms nothing for an instance closed before the page is idle", async () => {
    const seen = serveCatalogue(server);
    const purchases = configure(KEYS.sandbox);
    const offerings = purchases.getOfferings();
    await offerings;
    purchases.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.branding).toBe(0);
  });
});
