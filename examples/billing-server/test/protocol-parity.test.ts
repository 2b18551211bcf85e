// The billing server's half of the protocol parity tests (app user ids, API keys); the SDK runs the same cases
// (test/config/protocol-parity.test.ts at the repository root), so the two cannot drift apart.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyKind } from "../src/catalogue/seed-catalogue.js";
import { parseCatalogue } from "../src/catalogue/catalogue-schema.js";
import { KEYS } from "./support/catalogue.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { newFetchToken } from "./support/test-store-receipt.js";

interface IdCase {
  id?: string;
  repeat?: string;
  times?: number;
  code?: number;
}

const cases = JSON.parse(
  readFileSync(new URL("../../../fixtures/protocol/app-user-ids.json", import.meta.url), "utf8"),
) as { message: string; valid: IdCase[]; invalid: IdCase[] };

const idOf = (c: IdCase) => c.id ?? (c.repeat ?? "").repeat(c.times ?? 0);
const label = (c: IdCase) =>
  JSON.stringify(idOf(c)).slice(0, 40) + (c.times ? ` (${c.times} characters)` : "");

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

  it.each(cases.valid.map((c) => [label(c), c] as const))("accepts %s", async (_label, c) => {
    const answer = await postReceipt(idOf(c));
    expect(answer.status).toBe(200);
    expect(answer.body.subscriber.original_app_user_id).toBe(idOf(c));
  });

  it.each(cases.invalid.map((c) => [label(c), c] as const))("refuses %s with 400", async (_label, c) => {
    const answer = await postReceipt(idOf(c));
    expect(answer.status).toBe(400);
    if (c.code === 7220) {
      expect(answer.body).toEqual({
        code: 7220,
        message: cases.message.replace("{id}", idOf(c).slice(0, 64)),
      });
    } else {
      expect(answer.body.code).not.toBe(7220);
      expect(answer.body.message).toMatch(/without NUL characters/);
    }
  });

  it("answers the same over a path parameter", async () => {
    const answer = await call(server, "GET", `/v1/subscribers/${encodeURIComponent(" null ")}`);
    expect(answer.body).toEqual({ code: 7220, message: cases.message.replace("{id}", " null ") });
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

const keys = JSON.parse(
  readFileSync(new URL("../../../fixtures/protocol/api-keys.json", import.meta.url), "utf8"),
) as { valid: { key: string; kind: string }[]; invalid: string[] };

/** The Realmheart catalogue with its first project's keys replaced by `apiKeys`. */
function catalogueWithKeys(apiKeys: string[]) {
  const source = structuredClone(realmheartCatalogue) as { projects: { api_keys: string[] }[] };
  source.projects[0]!.api_keys = apiKeys;
  return source;
}

describe("API keys the SDK refuses are refused in a catalogue", () => {
  it.each(keys.valid.map((c) => [c.key, c.kind] as const))("accepts %j as a %s key", (key, kind) => {
    expect(() => parseCatalogue(catalogueWithKeys([key]))).not.toThrow();
    expect(apiKeyKind(key)).toBe(kind);
  });

  it.each(keys.invalid.map((key) => [key] as const))("refuses %j", (key) => {
    expect(() => parseCatalogue(catalogueWithKeys([key]))).toThrow(/keys start rcb_, rcb_sb_ or test_/);
  });
});
