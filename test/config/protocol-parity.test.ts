// The SDK's half of the protocol parity tests: the cases of fixtures/protocol (app user ids, API keys, currency
// exponents) are also run against the billing server (examples/billing-server/test/protocol-parity.test.ts), so the
// two cannot drift apart.
import { describe, expect, it } from "vitest";
import {
  apiKeyCases,
  appUserIdCases,
  backendCodes,
  currencyCases,
} from "../../fixtures/protocol/parity-cases.mjs";
import { errorCodeForBackendCode } from "../../src/errors/backend-error";
import { currencyExponent } from "../../src/model/currency-exponent";
import { toPrice } from "../../src/model/price";
import { ErrorCode, Purchases, isPurchasesError } from "../../src";

function configureWith(appUserId: string, apiKey = "rcb_sb_parity") {
  return Purchases.configure({ apiKey, appUserId, httpConfig: { proxyURL: "http://127.0.0.1:9" } });
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("app user ids the billing server refuses are refused by configure and changeUser", () => {
  it.each(appUserIdCases.valid.map((c) => [c.label, c] as const))("accepts %s", (_label, c) => {
    const purchases = configureWith(c.id);
    expect(purchases.getAppUserId()).toBe(c.id);
    purchases.close();
  });

  it.each(appUserIdCases.invalid.map((c) => [c.label, c] as const))(
    "rejects %s with InvalidAppUserIdError",
    async (_label, c) => {
      const thrown = thrownBy(() => configureWith(c.id));
      expect(isPurchasesError(thrown) && thrown.errorCode).toBe(ErrorCode.InvalidAppUserIdError);
      if (c.code === 7220) expect((thrown as Error).message).toBe(appUserIdCases.messageFor(c.id));
      const purchases = configureWith("parity_user");
      await expect(purchases.changeUser(c.id)).rejects.toMatchObject({
        errorCode: ErrorCode.InvalidAppUserIdError,
      });
      expect(purchases.getAppUserId()).toBe("parity_user");
      purchases.close();
    },
  );
});

describe("API keys the billing server refuses in a catalogue are refused by configure", () => {
  it.each(apiKeyCases.valid.map((c) => [c.key, c.kind] as const))("accepts %j as a %s key", (key, kind) => {
    const purchases = configureWith("u", key);
    expect(purchases.isSandbox()).toBe(kind !== "production");
    purchases.close();
  });

  it.each(apiKeyCases.invalid.map((key) => [key] as const))(
    "rejects %j with InvalidCredentialsError",
    (key) => {
      const thrown = thrownBy(() => configureWith("u", key));
      expect(isPurchasesError(thrown) && thrown.errorCode).toBe(ErrorCode.InvalidCredentialsError);
    },
  );
});

describe("backend error codes the billing server may answer", () => {
  it.each(backendCodes.map((c) => [c.code, c.errorCode] as const))("maps %i to %s", (code, name) => {
    expect(errorCodeForBackendCode(code)).toBe(ErrorCode[name as keyof typeof ErrorCode]);
  });

  it("knows no backend code the protocol's table does not list", () => {
    const listed = new Set(backendCodes.map((c) => c.code));
    // The 7000 and 8000 ranges: purchases-js maps codes of both (8172 and 8174 are 8000s).
    const known = Array.from({ length: 2000 }, (_, i) => 7000 + i).filter(
      (code) => errorCodeForBackendCode(code) !== undefined,
    );
    expect(known.filter((code) => !listed.has(code))).toEqual([]);
  });
});

describe("currency exponents the billing server charges by", () => {
  it("gives every three-letter code the fixture's exponent, and 2 to every code it does not list", () => {
    const differing = currencyCases.everyCode.filter(
      (code) => currencyExponent(code) !== (currencyCases.exponents[code] ?? 2),
    );
    expect(differing).toEqual([]);
  });

  it.each(currencyCases.charges.map((c) => [c.micros, c.currency, c.minorUnits] as const))(
    "gives Stripe Elements %i micros of %s as %i minor units",
    (micros, currency, minorUnits) => {
      expect(toPrice(micros, currency, "en-US").amount).toBe(minorUnits);
    },
  );
});
