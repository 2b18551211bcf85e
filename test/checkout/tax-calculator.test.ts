import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { PriceBreakdown } from "../../src/checkout/price-breakdown";
import { TaxCalculator } from "../../src/checkout/tax-calculator";
import { taxFailureFromError, taxFailureFromReason } from "../../src/checkout/tax-failure";
import { ErrorCode } from "../../src/errors/error-code";
import { PurchasesError } from "../../src/errors/purchases-error";
import type { WireCalculateTaxesResponse } from "../../src/http/wire";
import { fixtures } from "../support/fixtures";
import { testBackend } from "../support/backend";
import { TEST_BASE_URL, useMswServer } from "../support/msw";

const server = useMswServer();
const TAXES_URL = `${TEST_BASE_URL}/rcbilling/v1/checkout/opsess_1/calculate_taxes`;
const PRICE = { amountMicros: 99_000_000, currency: "ZAR" };

const backend = testBackend();

function makeCalculator(taxCollectionEnabled = true) {
  const calculator = new TaxCalculator({
    backend,
    operationSessionId: "opsess_1",
    price: PRICE,
    taxCollectionEnabled,
  });
  const seen: PriceBreakdown["taxCalculationStatus"][] = [];
  calculator.subscribe((breakdown) => seen.push(breakdown.taxCalculationStatus));
  return { calculator, seen };
}

function failedAnswer(failedReason: string): WireCalculateTaxesResponse {
  return { ...fixtures.calculateTaxes(), failed_reason: failedReason };
}

function answerWith(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(TAXES_URL, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe("TaxCalculator", () => {
  it("posts the address and shows the taxed breakdown", async () => {
    const bodies = answerWith(() => HttpResponse.json(fixtures.calculateTaxes()));
    const { calculator, seen } = makeCalculator();
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("unavailable");

    const result = await calculator.calculate({ countryCode: "ZA", postalCode: "8001" });

    expect(bodies).toEqual([{ country_code: "ZA", postal_code: "8001" }]);
    expect(seen).toEqual(["loading", "calculated"]);
    expect(result).toEqual({ kind: "calculated", breakdown: calculator.priceBreakdown });
    expect(calculator.priceBreakdown).toMatchObject({
      totalAmountInMicros: 113_850_000,
      taxAmountInMicros: 14_850_000,
      taxBreakdown: [{ displayName: "VAT", taxAmountInMicros: 14_850_000 }],
    });
  });

  it("aborts the running calculation when a newer one starts; only the newer result lands", async () => {
    let firstSignal: AbortSignal | undefined;
    server.use(
      http.post(TAXES_URL, async ({ request }) => {
        const body = (await request.json()) as { postal_code?: string };
        if (body.postal_code === "1111") {
          firstSignal = request.signal;
          await new Promise((resolve) => request.signal.addEventListener("abort", resolve));
          return HttpResponse.json({ ...fixtures.calculateTaxes(), total_amount_in_micros: 1 });
        }
        return HttpResponse.json(fixtures.calculateTaxes());
      }),
    );
    const { calculator, seen } = makeCalculator();

    const first = calculator.calculate({ countryCode: "ZA", postalCode: "1111" });
    await expect.poll(() => firstSignal).toBeDefined();
    const second = calculator.calculate({ countryCode: "ZA", postalCode: "8001" });

    expect(await first).toEqual({ kind: "aborted" });
    expect(firstSignal?.aborted).toBe(true);
    expect((await second).kind).toBe("calculated");
    expect(calculator.priceBreakdown.totalAmountInMicros).toBe(113_850_000);
    expect(seen).toEqual(["loading", "calculated"]);
  });

  it("settles an aborted calculation as aborted and leaves the state alone", async () => {
    server.use(http.post(TAXES_URL, () => new Promise<Response>(() => {})));
    const { calculator } = makeCalculator();

    const pending = calculator.calculate({ countryCode: "ZA" });
    calculator.abort();

    expect(await pending).toEqual({ kind: "aborted" });
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("loading");
  });

  it("waits as pending when the location is invalid before the customer gave an address", async () => {
    const bodies = answerWith(() => HttpResponse.json(failedAnswer("invalid_tax_location")));
    const { calculator } = makeCalculator();

    const result = await calculator.calculate();

    expect(bodies).toEqual([{}]);
    expect(result).toMatchObject({ kind: "failed", failure: { kind: "invalid_tax_location", error: null } });
    expect(calculator.priceBreakdown).toEqual({
      currency: "ZAR",
      originalAmountInMicros: 99_000_000,
      discount: null,
      totalAmountInMicros: 99_000_000,
      totalExcludingTaxInMicros: 99_000_000,
      taxCalculationStatus: "pending",
      taxAmountInMicros: 0,
      taxBreakdown: [],
    });
  });

  it("disables tax when the location given by the customer is invalid", async () => {
    answerWith(() => HttpResponse.json(failedAnswer("invalid_tax_location")));
    const { calculator } = makeCalculator();

    await calculator.calculate({ countryCode: "ZA", postalCode: "0000" });

    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("disabled");
  });

  it.each([
    [7898, "taxes_not_active"],
    [7899, "invalid_origin_address"],
    [7900, "missing_required_permission"],
  ])("disables tax on backend code %i and reports it as %s", async (code, kind) => {
    answerWith(() => HttpResponse.json({ code, message: "Tax setup problem." }, { status: 400 }));
    const { calculator } = makeCalculator();

    const result = await calculator.calculate({ countryCode: "ZA", postalCode: "8001" });

    expect(result).toMatchObject({
      kind: "failed",
      failure: { kind, error: { errorCode: ErrorCode.StoreProblemError } },
    });
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("disabled");
  });

  it("disables tax when the request fails for any other reason", async () => {
    answerWith(() => HttpResponse.error());
    const { calculator } = makeCalculator();

    const result = await calculator.calculate({ countryCode: "ZA" });

    expect(result).toMatchObject({
      kind: "failed",
      failure: { kind: "unexpected_gateway_error", error: { errorCode: ErrorCode.NetworkError } },
    });
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("disabled");
  });

  it("requests nothing once tax is disabled", async () => {
    const bodies = answerWith(() => HttpResponse.json(fixtures.calculateTaxes()));
    const { calculator, seen } = makeCalculator(false);

    const result = await calculator.calculate({ countryCode: "ZA", postalCode: "8001" });

    expect(result).toEqual({ kind: "skipped", breakdown: calculator.priceBreakdown });
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("disabled");
    expect(bodies).toHaveLength(0);
    expect(seen).toHaveLength(0);
  });

  it("moves to miss-match when the total at submit differs from the one shown, and back once it matches", async () => {
    answerWith(() => HttpResponse.json(fixtures.calculateTaxes()));
    const { calculator } = makeCalculator();
    await calculator.calculate({ countryCode: "ZA", postalCode: "8001" });

    expect(calculator.checkTotal(99_000_000)).toBe(true);
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("miss-match");
    expect(calculator.checkTotal(113_850_000)).toBe(false);
    expect(calculator.priceBreakdown.taxCalculationStatus).toBe("calculated");
  });

  it("stops notifying a listener after it unsubscribes", async () => {
    answerWith(() => HttpResponse.json(fixtures.calculateTaxes()));
    const calculator = new TaxCalculator({
      backend,
      operationSessionId: "opsess_1",
      price: PRICE,
      taxCollectionEnabled: true,
    });
    const seen: string[] = [];
    const unsubscribe = calculator.subscribe((b) => seen.push(b.taxCalculationStatus));
    unsubscribe();

    await calculator.calculate({ countryCode: "ZA" });

    expect(seen).toEqual([]);
  });
});

describe("tax failures", () => {
  it.each([
    "tax_collection_disabled",
    "invalid_tax_location",
    "rate_limit_exceeded",
    "missing_required_permission",
    "invalid_origin_address",
    "taxes_not_active",
  ])("recognises the failed_reason %s", (reason) => {
    expect(taxFailureFromReason(reason)).toEqual({ kind: reason, error: null });
  });

  it("treats an unknown failed_reason as an unexpected gateway error", () => {
    expect(taxFailureFromReason("solar_flare").kind).toBe("unexpected_gateway_error");
  });

  it("treats a backend error without a tax code as an unexpected gateway error", () => {
    const error = new PurchasesError(ErrorCode.UnknownBackendError, undefined, {
      extra: { statusCode: 503 },
    });
    expect(taxFailureFromError(error)).toEqual({ kind: "unexpected_gateway_error", error });
    expect(taxFailureFromError(new TypeError("x"))).toEqual({
      kind: "unexpected_gateway_error",
      error: null,
    });
  });
});

describe("TaxCalculator.applyDiscountCode", () => {
  const PATCH_URL = `${TEST_BASE_URL}/rcbilling/v1/checkout/opsess_1`;
  function patchWith(answer: () => Response) {
    const bodies: unknown[] = [];
    server.use(
      http.patch(PATCH_URL, async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    return bodies;
  }

  it("sends the code with the address and shows the discounted, taxed breakdown of the shared fixture", async () => {
    const bodies = patchWith(() => HttpResponse.json(fixtures.checkoutPricingDiscount()));
    const { calculator, seen } = makeCalculator();
    const result = await calculator.applyDiscountCode("WELCOME10", { countryCode: "ZA", postalCode: "8001" });
    expect(bodies).toEqual([{ country_code: "ZA", postal_code: "8001", discount_code: "WELCOME10" }]);
    expect(seen).toEqual(["loading", "calculated"]);
    const discount = {
      code: "WELCOME10",
      displayName: "Welcome offer",
      percentage: 10,
      amountInMicros: 9_900_000,
    };
    expect(result).toEqual({
      kind: "applied",
      discount,
      tax: { kind: "calculated", breakdown: calculator.priceBreakdown },
    });
    expect(calculator.priceBreakdown).toMatchObject({
      originalAmountInMicros: 99_000_000,
      discount,
      totalExcludingTaxInMicros: 89_100_000,
      taxAmountInMicros: 13_370_000,
      totalAmountInMicros: 102_470_000,
    });
  });

  it("keeps the discount in the untaxed price while the address is unknown, and after a later tax failure", async () => {
    patchWith(() =>
      HttpResponse.json({ ...fixtures.checkoutPricingDiscount(), failed_reason: "invalid_tax_location" }),
    );
    const { calculator } = makeCalculator();
    const result = await calculator.applyDiscountCode("WELCOME10");
    expect(result).toMatchObject({ kind: "applied", tax: { kind: "failed" } });
    expect(calculator.priceBreakdown).toMatchObject({
      taxCalculationStatus: "pending",
      totalAmountInMicros: 89_100_000,
      taxAmountInMicros: 0,
      discount: { code: "WELCOME10" },
    });
    answerWith(() =>
      HttpResponse.json({ ...fixtures.checkoutPricingDiscount(), failed_reason: "unexpected_gateway_error" }),
    );
    await calculator.calculate({ countryCode: "ZA", postalCode: "8001" });
    expect(calculator.priceBreakdown).toMatchObject({
      taxCalculationStatus: "disabled",
      totalAmountInMicros: 89_100_000,
    });
  });

  it("prices a discount without tax when tax is not collected, and removes it with null", async () => {
    const bodies = patchWith(() =>
      HttpResponse.json({ ...fixtures.checkoutPricingDiscount(), failed_reason: "tax_collection_disabled" }),
    );
    const { calculator } = makeCalculator(false);
    expect(await calculator.applyDiscountCode("WELCOME10")).toMatchObject({ tax: { kind: "skipped" } });
    expect(calculator.priceBreakdown).toMatchObject({
      taxCalculationStatus: "disabled",
      totalAmountInMicros: 89_100_000,
    });
    patchWith(() =>
      HttpResponse.json({ ...fixtures.calculateTaxes(), failed_reason: "tax_collection_disabled" }),
    );
    expect(await calculator.applyDiscountCode(null)).toMatchObject({ kind: "applied", discount: null });
    expect(calculator.priceBreakdown).toMatchObject({ discount: null, totalAmountInMicros: 99_000_000 });
    expect(bodies).toEqual([{ discount_code: "WELCOME10" }]);
  });

  it("changes nothing when the server refuses the code, and hands back its backend code", async () => {
    patchWith(() =>
      HttpResponse.json({ code: 7818, message: "The code ONCE has been used up." }, { status: 400 }),
    );
    const { calculator, seen } = makeCalculator();
    const before = calculator.priceBreakdown;
    const result = await calculator.applyDiscountCode("ONCE");
    expect(result.kind).toBe("refused");
    if (result.kind !== "refused") return;
    expect(result.error).toMatchObject({
      errorCode: ErrorCode.PurchaseInvalidError,
      extra: { backendErrorCode: 7818 },
    });
    expect(calculator.priceBreakdown).toBe(before);
    expect(seen).toEqual([]);
  });
});
