// @vitest-environment happy-dom
// A purchase asked for as soon as the offerings are known is drawn first (issue #45's cold path): the warm-up that
// getOfferings started then does nothing more — no texts compiled for a later purchase, no paywall code loaded
// while the purchase's frame is being drawn. Without a purchase, the same warm-up loads the paywall's code.
import { afterEach, describe, expect, it, vi } from "vitest";
import { Purchases } from "../../src/index";
import { useMswServer } from "../support/msw";
import { paywallDocument, servePaywall } from "../paywall/support/paywall-harness";
import { KEYS, configure, dialog, press, settle } from "./support/harness";

const loaded = vi.hoisted(() => ({ paywall: 0 }));
vi.mock("../../src/paywall/present-paywall", async (importOriginal) => {
  loaded.paywall++;
  return importOriginal();
});

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  document.body.innerHTML = "";
});

/** Long enough for the warm-up's task and the paywall's import to have run. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("the warm-up and a purchase asked for at once", () => {
  it("steps aside: the paywall's code is not loaded while the purchase is drawn", async () => {
    servePaywall(server, paywallDocument());
    const purchases = configure(KEYS.testStore);
    const { current } = await purchases.getOfferings({ currency: "ZAR" });
    const purchase = purchases.purchase({ rcPackage: current!.monthly! });
    await dialog();
    await aWhile();
    expect(loaded.paywall).toBe(0);
    press("Escape");
    await settle(purchase);
  });

  it("without a purchase, loads the paywall's code once the offering with a paywall is known", async () => {
    servePaywall(server, paywallDocument());
    const purchases = configure(KEYS.testStore);
    await purchases.getOfferings({ currency: "ZAR" });
    await vi.waitFor(() => expect(loaded.paywall).toBe(1));
  });
});
