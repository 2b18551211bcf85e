// The billing server's half of the protocol parity tests: the SDK runs the same cases of fixtures/protocol
// (test/config/protocol-parity.test.ts at the repository root), so the two cannot drift apart.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKeyCases,
  appUserIdCases,
  backendCodes,
  currencyCases,
} from "../../../fixtures/protocol/parity-cases.mjs";
import { BillingErrorCode } from "../src/http/billing-error.js";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { apiKeyKind } from "../src/kinds/api-key-kind.js";
import { currencyExponent } from "../src/domain/currency-exponent.js";
import { toMinorUnits } from "../src/domain/money.js";
import { KEYS } from "./support/catalogue.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { newFetchToken } from "./support/test-store-receipt.js";

describe.each(DATABASES)("app user ids the SDK refuses are refused by the billing server on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** A Test Store receipt carries the id in a JSON body, so every case (lone surrogates too) can be sent. */
  const postReceipt = (appUserId: string) =>
    call(server, "POST", "/v1/receipts", {
      key: KEYS.test,
      body: { fetch_token: newFetchToken(), product_id: "premium_realm_monthly", app_user_id: appUserId },
    });

  it.each(appUserIdCases.valid.map((c) => [c.label, c] as const))("accepts %s", async (_label, c) => {
    const answer = await postReceipt(c.id);
    expect(answer.status).toBe(200);
    expect(answer.body.subscriber.original_app_user_id).toBe(c.id);
  });

  it.each(appUserIdCases.invalid.map((c) => [c.label, c] as const))(
    "refuses %s with 400",
    async (_label, c) => {
      const answer = await postReceipt(c.id);
      expect(answer.status).toBe(400);
      if (c.code === 7220) {
        expect(answer.body).toEqual({ code: 7220, message: appUserIdCases.messageFor(c.id) });
      } else {
        expect(answer.body.code).not.toBe(7220);
        expect(answer.body.message).toMatch(/without NUL characters/);
      }
    },
  );

  it("answers the same over a path parameter", async () => {
    const answer = await call(server, "GET", `/v1/subscribers/${encodeURIComponent(" null ")}`);
    expect(answer.body).toEqual({ code: 7220, message: appUserIdCases.messageFor(" null ") });
    expect((await call(server, "GET", `/v1/subscribers/${"x".repeat(257)}`)).body.code).toBe(7220);
    // The longest id, percent-encoded at three UTF-8 bytes a character, still fits Fastify's path limit.
    const longest = "€".repeat(256);
    const found = await call(server, "GET", `/v1/subscribers/${encodeURIComponent(longest)}`);
    expect(found.status).toBe(200);
    expect(found.body.subscriber.original_app_user_id).toBe(longest);
  });
});

const realmheartCatalogue: unknown = JSON.parse(
  readFileSync(new URL("../src/catalogue/realmheart.json", import.meta.url), "utf8"),
);

/** The Realmheart catalogue with its first project's keys replaced by `apiKeys`. */
function catalogueWithKeys(apiKeys: string[]) {
  const source = structuredClone(realmheartCatalogue) as { projects: { api_keys: string[] }[] };
  source.projects[0]!.api_keys = apiKeys;
  return source;
}

describe("API keys the SDK refuses are refused in a catalogue", () => {
  it.each(apiKeyCases.valid.map((c) => [c.key, c.kind] as const))("accepts %j as a %s key", (key, kind) => {
    expect(() => parseCatalogue(catalogueWithKeys([key]))).not.toThrow();
    expect(apiKeyKind(key)).toBe(kind);
  });

  it.each(apiKeyCases.invalid.map((key) => [key] as const))("refuses %j", (key) => {
    expect(() => parseCatalogue(catalogueWithKeys([key]))).toThrow(/keys start rcb_, rcb_sb_ or test_/);
  });
});

describe("backend error codes the SDK maps", () => {
  it("answers only codes of the protocol's table, each of which the SDK maps", () => {
    const listed = new Set(backendCodes.map((c) => c.code));
    const answered = Object.entries(BillingErrorCode);
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.filter(([, code]) => !listed.has(code)).map(([name]) => name)).toEqual([]);
  });
});

describe("currency exponents the SDK shows prices by", () => {
  it("gives every three-letter code the fixture's exponent, and 2 to every code it does not list", () => {
    const differing = currencyCases.everyCode.filter(
      (code) => currencyExponent(code) !== (currencyCases.exponents[code] ?? 2),
    );
    expect(differing).toEqual([]);
  });

  it.each(currencyCases.charges.map((c) => [c.micros, c.currency, c.minorUnits] as const))(
    "charges %i micros of %s as %i minor units",
    (micros, currency, minorUnits) => {
      expect(toMinorUnits(micros, currency)).toBe(minorUnits);
    },
  );
});
