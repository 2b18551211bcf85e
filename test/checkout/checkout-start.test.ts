import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/index";
import type { WireCheckoutStartRequest } from "../../src/http/wire";
import { toOfferings } from "../../src/model/offerings";
import type { Package } from "../../src/model/types";
import { startCheckout } from "../../src/checkout/checkout-start";
import { fixtures } from "../support/fixtures";
import { testBackend } from "../support/backend";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();

const backend = testBackend();

function monthlyPackage(placementIdentifier: string | null = null): Package {
  const offerings = toOfferings(fixtures.offerings(), fixtures.products().product_details, {
    locale: "en-ZA",
    placementIdentifier,
  });
  const pkg = offerings.all.default?.monthly;
  if (!pkg) throw new Error("fixture has no monthly package");
  return pkg;
}

function captureStarts(respond: (body: WireCheckoutStartRequest, n: number) => Response) {
  const bodies: WireCheckoutStartRequest[] = [];
  server.use(
    http.post(`${TEST_BASE_URL}/rcbilling/v1/checkout/start`, async ({ request }) => {
      const body = (await request.json()) as WireCheckoutStartRequest;
      bodies.push(body);
      return respond(body, bodies.length);
    }),
  );
  return bodies;
}

describe("startCheckout", () => {
  it("sends the package's product, price, offering, placement, targeting, email and metadata", async () => {
    const bodies = captureStarts(() => HttpResponse.json(fixtures.checkoutStart()));
    const response = await startCheckout({
      backend,
      appUserId: "user_1",
      rcPackage: monthlyPackage("onboarding"),
      email: "ada@example.com",
      metadata: { utm_source: "newsletter" },
      traceId: "trace_1",
    });
    expect(response.operation_session_id).toBe("opsess_1");
    expect(bodies).toEqual([
      {
        app_user_id: "user_1",
        product_id: "premium_realm_monthly",
        price_id: "prc_monthly_zar",
        presented_offering_identifier: "default",
        trace_id: "trace_1",
        email: "ada@example.com",
        metadata: { utm_source: "newsletter" },
        applied_targeting_rule: { rule_id: "rule_za_users", revision: 3 },
        presented_placement_identifier: "onboarding",
      },
    ]);
  });

  it("sends offer_id only when the chosen option is not the product's default", async () => {
    const bodies = captureStarts(() => HttpResponse.json(fixtures.checkoutStart()));
    const pkg = monthlyPackage();
    const offer = { id: "winter_offer", priceId: "prc_winter" };
    await startCheckout({ backend, appUserId: "u", rcPackage: pkg, purchaseOption: offer, traceId: "t" });
    await startCheckout({ backend, appUserId: "u", rcPackage: pkg, traceId: "t" });
    expect(bodies[0]).toMatchObject({ offer_id: "winter_offer", price_id: "prc_winter" });
    expect(bodies[1]).not.toHaveProperty("offer_id");
  });

  it("sends external_purchase_token_id only when the purchase names an external purchase token", async () => {
    const bodies = captureStarts(() => HttpResponse.json(fixtures.checkoutStart()));
    const pkg = monthlyPackage();
    await startCheckout({
      backend,
      appUserId: "u",
      rcPackage: pkg,
      externalPurchaseTokenId: "ept_1",
      traceId: "t",
    });
    await startCheckout({
      backend,
      appUserId: "u",
      rcPackage: pkg,
      externalPurchaseTokenId: null,
      traceId: "t",
    });
    expect(bodies[0]).toMatchObject({ external_purchase_token_id: "ept_1" });
    expect(bodies[1]).not.toHaveProperty("external_purchase_token_id");
  });

  it("retries once without the email when the backend answers that an email is required", async () => {
    const { emailRequired } = fixtures.errors();
    const bodies = captureStarts((_, n) =>
      n === 1
        ? HttpResponse.json(emailRequired.body, { status: emailRequired.status })
        : HttpResponse.json(fixtures.checkoutStart()),
    );
    await startCheckout({
      backend,
      appUserId: "u",
      rcPackage: monthlyPackage(),
      email: "bad@nomx.test",
      traceId: "t",
    });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.email).toBe("bad@nomx.test");
    expect(bodies[1]).not.toHaveProperty("email");
  });

  it("does not retry other failures, and fails after the single retry", async () => {
    const { alreadySubscribed, emailRequired } = fixtures.errors();
    const bodies = captureStarts(() =>
      HttpResponse.json(alreadySubscribed.body, { status: alreadySubscribed.status }),
    );
    await expect(
      startCheckout({ backend, appUserId: "u", rcPackage: monthlyPackage(), email: "a@b.co", traceId: "t" }),
    ).rejects.toMatchObject({ errorCode: ErrorCode.ProductAlreadyPurchasedError });
    expect(bodies).toHaveLength(1);

    const again = captureStarts(() =>
      HttpResponse.json(emailRequired.body, { status: emailRequired.status }),
    );
    await expect(
      startCheckout({ backend, appUserId: "u", rcPackage: monthlyPackage(), email: "a@b.co", traceId: "t" }),
    ).rejects.toMatchObject({ errorCode: ErrorCode.InvalidEmailError });
    expect(again).toHaveLength(2);
  });

  it("refuses a package without a product id before any request", async () => {
    const bodies = captureStarts(() => HttpResponse.json(fixtures.checkoutStart()));
    const pkg = monthlyPackage();
    const broken = { ...pkg, webBillingProduct: { ...pkg.webBillingProduct, identifier: "" } };
    await expect(
      startCheckout({ backend, appUserId: "u", rcPackage: broken, traceId: "t" }),
    ).rejects.toMatchObject({
      message: "Product ID was not set before purchase.",
    });
    expect(bodies).toHaveLength(0);
  });
});
