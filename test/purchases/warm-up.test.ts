// @vitest-environment happy-dom
// Getting ready ahead of need: while a page's offerings are being fetched, the SDK loads the branding (and the
// checkout's code and texts) beside them, once per instance, so that purchase() has nothing left to fetch for it and
// a purchase asked for as soon as the offerings are known waits for nothing else (issue #45's cold path).
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorCode, Purchases } from "../../src/index";
import { TEST_BASE_URL, useMswServer } from "../support/msw";
import { fakeStripe } from "../ui/support/fake-stripe";
import { fixtures } from "../support/fixtures";
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

describe("warming up while getOfferings fetches", () => {
  it("loads the branding once, and the purchase that follows asks for nothing more of it", async () => {
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

  it("takes the branding the offerings' answer brings along and asks for none", async () => {
    const seen = serveCatalogue(server);
    const asked: string[] = [];
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("include") ?? "");
        return HttpResponse.json({ ...fixtures.offerings(), branding: fixtures.branding() });
      }),
    );
    const purchases = configure(KEYS.testStore);
    const purchase = purchases.purchase({ rcPackage: await packageOf(purchases) });
    await dialog();
    press("Escape");
    await settle(purchase);
    expect(asked).toEqual(["product_details,branding"]);
    expect(seen.branding).toBe(0);
  });

  it("asks for the branding as soon as offerings that do not bring it have answered, beside their products", async () => {
    const seen = serveCatalogue(server);
    let brandingBeforeProducts = false;
    server.use(
      http.get(`${TEST_BASE_URL}/rcbilling/v1/subscribers/:id/products`, async () => {
        // The products answer once the branding was asked for (or after 2 s, which fails the test).
        for (let waited = 0; waited < 2000 && seen.branding === 0; waited += 10) await delay(10);
        brandingBeforeProducts = seen.branding === 1;
        return HttpResponse.json(fixtures.products());
      }),
    );
    const purchases = configure(KEYS.testStore);
    await packageOf(purchases);
    expect(brandingBeforeProducts).toBe(true);
  });

  it("makes the page's first number format (Intl's locale data) while the offerings are on their way", async () => {
    serveCatalogue(server);
    const Real = Intl.NumberFormat;
    const made: unknown[] = [];
    vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      made.push(args[0]);
      return new Real(...args);
    } as unknown as typeof Real);
    let madeBeforeOfferings: unknown[] = [];
    server.use(
      http.get(`${TEST_BASE_URL}/v1/subscribers/:id/offerings`, async () => {
        for (let waited = 0; waited < 2000 && made.length === 0; waited += 10) await delay(10);
        madeBeforeOfferings = [...made];
        return HttpResponse.json(fixtures.offerings());
      }),
    );
    const purchases = Purchases.configure({
      apiKey: KEYS.testStore,
      appUserId: "user_1",
      httpConfig: { proxyURL: TEST_BASE_URL },
      // A locale no other test formats in, so that no format is kept from before.
      locale: "sw-KE",
    });
    await purchases.getOfferings();
    vi.restoreAllMocks();
    expect(madeBeforeOfferings).toEqual(["sw-KE"]);
  });

  it("an instance closed while its offerings are fetched warms nothing more and is refused after", async () => {
    const seen = serveCatalogue(server);
    const purchases = configure(KEYS.testStore);
    const offerings = purchases.getOfferings();
    purchases.close();
    await settle(offerings);
    await expect(purchases.getOfferings()).rejects.toMatchObject({ errorCode: ErrorCode.ConfigurationError });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.branding).toBe(0); // the offerings answered after close(): nothing more is asked for
    expect(document.querySelector(".pw-root")).toBeNull();
  });

  it("warms up for a page whose offerings failed: the purchase after a retry finds the branding loaded", async () => {
    const seen = serveCatalogue(server);
    server.use(
      http.get(
        `${TEST_BASE_URL}/v1/subscribers/:id/offerings`,
        () => HttpResponse.json({}, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    const purchases = configure(KEYS.testStore);
    await expect(purchases.getOfferings()).rejects.toMatchObject({
      errorCode: ErrorCode.UnknownBackendError,
    });
    await vi.waitFor(() => expect(seen.branding).toBe(1));
    const rcPackage = await packageOf(purchases);
    const purchase = purchases.purchase({ rcPackage });
    await dialog();
    press("Escape");
    await settle(purchase);
    expect(seen.branding).toBe(1);
  });
});
