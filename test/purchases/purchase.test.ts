// @vitest-environment happy-dom
// What a purchase leaves behind, through the public interface: the result's email, the caches it refreshes, the
// purchasePackage form, a purchase without branding, and what configure does to an instance with a checkout open.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, LogLevel, Purchases, type Package } from "../../src/index";
import { fixtures } from "../support/fixtures";
import { TEST_BASE_URL, useMswServer } from "../support/msw";
import { fakeStripe } from "../ui/support/fake-stripe";
import {
  KEYS,
  button,
  configure,
  dialog,
  packageOf,
  payButton,
  press,
  serveCatalogue,
  serveCheckout,
  settle,
  widgetLeftovers,
} from "../ui/support/harness";

const server = useMswServer();

afterEach(() => {
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  Purchases.setLogHandler(null);
  Purchases.setLogLevel(LogLevel.Error);
  document.body.innerHTML = "";
});

/** Counts the offerings and customer info requests (on top of the harness's catalogue). */
function countRequests() {
  const counts = { offerings: 0, customerInfo: 0 };
  server.use(
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, () => {
      counts.offerings++;
      return HttpResponse.json(fixtures.offerings());
    }),
    http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, () => {
      counts.customerInfo++;
      return HttpResponse.json(fixtures.customerInfo());
    }),
  );
  return counts;
}

/** The warnings logged while the test runs. */
/** Once the checkout's card form is ready: fills the card in (the fake Stripe) and presses the pay button. */
async function payWithCard(stripe: ReturnType<typeof fakeStripe>) {
  await vi.waitFor(() => {
    const form = document.querySelector(".pw-root form");
    if (!form || form.getAttribute("aria-busy") !== "false") throw new Error("form not ready");
  });
  stripe.completeCard();
  await vi.waitFor(() => expect(payButton()?.disabled).toBe(false));
  payButton()!.click();
}

function captureWarnings() {
  const warnings: string[] = [];
  Purchases.setLogLevel(LogLevel.Warn);
  Purchases.setLogHandler((level, message) => {
    if (level === LogLevel.Warn) warnings.push(message);
  });
  return warnings;
}

describe("after a purchase", () => {
  it("a card purchase resolves with the developer's email, and offerings and customer info are asked for again", async () => {
    serveCatalogue(server);
    serveCheckout(server);
    const counts = countRequests();
    const stripe = fakeStripe();
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    await purchases.getCustomerInfo();
    const rcPackage = await packageOf(purchases);
    const purchase = purchases.purchase({
      rcPackage,
      customerEmail: "ada@example.com",
      skipSuccessPage: true,
    });
    await dialog();
    await payWithCard(stripe);
    const result = await purchase;
    expect(result.customerEmail).toBe("ada@example.com");
    expect(counts).toEqual({ offerings: 1, customerInfo: 2 }); // the purchase read customer info afresh
    await purchases.getOfferings({ currency: "ZAR" });
    expect(counts.offerings).toBe(2);
  });

  it("a card purchase answers the buyer's customer info, even when changeUser came during the checkout", async () => {
    serveCatalogue(server);
    serveCheckout(server);
    const asked: string[] = [];
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id`, ({ params }) => {
        asked.push(String(params.id));
        const wire = fixtures.customerInfo();
        wire.subscriber.original_app_user_id = String(params.id);
        return HttpResponse.json(wire);
      }),
    );
    const stripe = fakeStripe();
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    const purchase = purchases.purchase({
      rcPackage: await packageOf(purchases),
      customerEmail: "ada@example.com",
      skipSuccessPage: true,
    });
    await dialog();
    expect((await purchases.changeUser("user_2")).originalAppUserId).toBe("user_2");
    await payWithCard(stripe);
    expect((await purchase).customerInfo.originalAppUserId).toBe("user_1");
    expect(asked).toEqual(["user_2", "user_1"]);
    expect((await purchases.getCustomerInfo()).originalAppUserId).toBe("user_2");
  });

  it("a Test Store purchase refreshes the offerings and customer info too, and returns the given email", async () => {
    serveCatalogue(server, { branding: null });
    const counts = countRequests();
    const purchases = configure(KEYS.testStore);
    await purchases.getCustomerInfo();
    const rcPackage = await packageOf(purchases);
    const purchase = purchases.purchase({ rcPackage, customerEmail: "ada@example.com" });
    (await button("Test valid purchase")).click();
    expect((await purchase).customerEmail).toBe("ada@example.com");
    await purchases.getOfferings({ currency: "ZAR" });
    await purchases.getCustomerInfo();
    expect(counts).toEqual({ offerings: 2, customerInfo: 2 });
  });

  it("a Test Store purchase without an email has no customerEmail", async () => {
    serveCatalogue(server, { branding: null });
    const purchases = configure(KEYS.testStore);
    const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
    (await button("Test valid purchase")).click();
    expect("customerEmail" in (await purchase)).toBe(false);
  });

  it("a simulated Test Store failure rejects with TestStoreSimulatedPurchaseError (42), posting no receipt", async () => {
    const seen = serveCatalogue(server, { branding: null });
    const purchases = configure(KEYS.testStore);
    const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
    (await button("Test failed purchase")).click();
    const { error } = await settle(purchase);
    expect(error?.errorCode).toBe(ErrorCode.TestStoreSimulatedPurchaseError);
    expect(seen.receipts).toEqual([]);
  });
});

describe("purchasePackage (the purchases-js positional form)", () => {
  it("opens the checkout in the target with the given email and resolves like purchase", async () => {
    const seen = serveCatalogue(server, { branding: null });
    const purchases = configure(KEYS.testStore);
    const target = document.body.appendChild(document.createElement("div"));
    const purchase = purchases.purchasePackage(await packageOf(purchases), "ada@example.com", target);
    await vi.waitFor(() => expect(target.querySelector(".pw-root")).not.toBeNull());
    (await button("Test valid purchase")).click();
    const result = await purchase;
    expect(result.customerEmail).toBe("ada@example.com");
    expect(result.customerInfo.entitlements.all.premium).toBeDefined();
    expect(seen.receipts).toHaveLength(1);
  });

  it("checks its arguments as purchase does, showing nothing", async () => {
    serveCatalogue(server, { branding: null });
    const purchases = configure(KEYS.testStore);
    const rcPackage = await packageOf(purchases);
    await expect(purchases.purchasePackage({} as Package)).rejects.toMatchObject({
      errorCode: ErrorCode.PurchaseInvalidError,
    });
    await expect(
      purchases.purchasePackage(rcPackage, undefined, "#root" as unknown as HTMLElement),
    ).rejects.toMatchObject({ errorCode: ErrorCode.ConfigurationError });
    expect(widgetLeftovers().roots).toBe(0);
  });
});

describe("without branding", () => {
  it("purchase shows the checkout in the default look and logs a warning when branding fails to load", async () => {
    const seen = serveCatalogue(server);
    server.use(
      http.get(`${TEST_BASE_URL}/rcbilling/v1/branding`, () => {
        seen.branding++;
        return HttpResponse.json({ code: 7110, message: "down" }, { status: 503 });
      }),
    );
    serveCheckout(server);
    const warnings = captureWarnings();
    const stripe = fakeStripe();
    const purchases = configure(KEYS.sandbox, { loadStripe: stripe.loadStripe });
    const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
    const root = await dialog();
    // The default primary colour, not the project's (#8B2252 in the branding it could not load).
    expect(root.style.getPropertyValue("--pw-primary")).toBe("#576CDB");
    expect(warnings.some((w) => w.includes("branding could not be loaded"))).toBe(true);
    press("Escape");
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    // The failure was not kept: the next purchase asks for the branding again.
    const before = seen.branding;
    const again = purchases.purchase({ rcPackage: await packageOf(purchases) });
    await dialog();
    expect(seen.branding).toBe(before + 1);
    press("Escape");
    await settle(again);
  });

  it("preload resolves, with a warning, when branding cannot be loaded", async () => {
    serveCatalogue(server);
    server.use(
      http.get(`${TEST_BASE_URL}/rcbilling/v1/branding`, () =>
        HttpResponse.json({ code: 7110, message: "down" }, { status: 500 }),
      ),
    );
    const warnings = captureWarnings();
    await expect(configure(KEYS.sandbox).preload()).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/branding could not be loaded .*default look/);
  });
});

describe("configure called again", () => {
  it("closes the old instance's open checkout: its purchase rejects with UserCancelledError", async () => {
    serveCatalogue(server, { branding: null });
    const old = configure(KEYS.testStore);
    const purchase = old.purchase({ rcPackage: await packageOf(old) });
    await dialog();
    const fresh = configure(KEYS.testStore);
    expect((await settle(purchase)).error?.errorCode).toBe(ErrorCode.UserCancelledError);
    await vi.waitFor(() => expect(widgetLeftovers().roots).toBe(0));
    await expect(old.getOfferings()).rejects.toMatchObject({ errorCode: ErrorCode.ConfigurationError });
    expect((await fresh.getOfferings()).current?.identifier).toBe("default");
  });
});
