// The SDK's half of the protocol parity tests: the cases of fixtures/protocol/app-user-ids.json and api-keys.json
// are also run against the billing server (examples/billing-server/test/protocol-parity.test.ts), so the two
// cannot drift apart.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ErrorCode, Purchases, isPurchasesError } from "../../src";

interface IdCase {
  id?: string;
  repeat?: string;
  times?: number;
  code?: number;
}

// Read as text: the fixture holds lone surrogates, which JSON allows and Vite's JSON import does not.
const cases = JSON.parse(
  readFileSync(new URL("../../fixtures/protocol/app-user-ids.json", import.meta.url), "utf8"),
) as { message: string; valid: IdCase[]; invalid: IdCase[] };

const idOf = (c: IdCase) => c.id ?? (c.repeat ?? "").repeat(c.times ?? 0);
const label = (c: IdCase) =>
  JSON.stringify(idOf(c)).slice(0, 40) + (c.times ? ` (${c.times} characters)` : "");

function configureWith(appUserId: string) {
  return Purchases.configure({
    apiKey: "rcb_sb_parity",
    appUserId,
    httpConfig: { proxyURL: "http://127.0.0.1:9" },
  });
}

describe("app user ids the billing server refuses are refused by configure and changeUser", () => {
  it.each(cases.valid.map((c) => [label(c), c] as const))("accepts %s", (_label, c) => {
    const purchases = configureWith(idOf(c));
    expect(purchases.getAppUserId()).toBe(idOf(c));
    purchases.close();
  });

  it.each(cases.invalid.map((c) => [label(c), c] as const))(
    "rejects %s with InvalidAppUserIdError",
    async (_label, c) => {
      let thrown: unknown;
      try {
        configureWith(idOf(c));
      } catch (error) {
        thrown = error;
      }
      expect(isPurchasesError(thrown) && thrown.errorCode).toBe(ErrorCode.InvalidAppUserIdError);
      if (c.code === 7220 && thrown instanceof Error) {
        expect(thrown.message).toBe(cases.message.replace("{id}", idOf(c).slice(0, 64)));
      }
      const purchases = configureWith("parity_user");
      await expect(purchases.changeUser(idOf(c))).rejects.toMatchObject({
        errorCode: ErrorCode.InvalidAppUserIdError,
      });
      expect(purchases.getAppUserId()).toBe("parity_user");
      purchases.close();
    },
  );
});

const keys = JSON.parse(
  readFileSync(new URL("../../fixtures/protocol/api-keys.json", import.meta.url), "utf8"),
) as {
  valid: { key: string; kind: "production" | "sandbox" | "test_store" }[];
  invalid: string[];
};

describe("API keys the billing server refuses in a catalogue are refused by configure", () => {
  it.each(keys.valid.map((c) => [c.key, c.kind] as const))("accepts %j as a %s key", (key, kind) => {
    const purchases = Purchases.configure({
      apiKey: key,
      appUserId: "u",
      httpConfig: { proxyURL: "http://127.0.0.1:9" },
    });
    expect(purchases.isSandbox()).toBe(kind !== "production");
    purchases.close();
  });

  it.each(keys.invalid.map((key) => [key] as const))("rejects %j with InvalidCredentialsError", (key) => {
    let thrown: unknown;
    try {
      Purchases.configure({ apiKey: key, appUserId: "u" });
    } catch (error) {
      thrown = error;
    }
    expect(isPurchasesError(thrown) && thrown.errorCode).toBe(ErrorCode.InvalidCredentialsError);
  });
});
