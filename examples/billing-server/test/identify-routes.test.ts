// POST /v1/subscribers/identify, the SDKs' identifyUser: an anonymous customer's purchases, balances and
// attributes follow them to the id they sign in with, once, in one transaction.
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerAttributes } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const anonymousId = () => `$RCAnonymousID:${randomUUID().replaceAll("-", "")}`;
const userId = () => `identified_${randomUUID()}`;

describe.each(DATABASES)("identify on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const identify = (app_user_id: unknown, new_app_user_id: unknown, key: string = KEYS.test) =>
    call(server, "POST", "/v1/subscribers/identify", { key, body: { app_user_id, new_app_user_id } });
  const customerInfo = async (appUserId: string, key: string = KEYS.test) =>
    (await call(server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}`, { key })).body;

  it("moves an anonymous customer's purchase to a new id, answering 201 with the new id's customer info", async () => {
    const anonymous = anonymousId();
    const identified = userId();
    await postTestStoreReceipt(server, anonymous);

    const answer = await identify(anonymous, identified);
    expect(answer.status).toBe(201);
    expect(answer.body.request_date).toBe(server.clock.now.toISOString());
    expect(answer.body.subscriber).toMatchObject({
      original_app_user_id: identified,
      entitlements: { premium: { product_identifier: "premium_realm_monthly" } },
    });
    expect((await customerInfo(identified)).subscriber.entitlements.premium).toBeDefined();
    expect((await customerInfo(anonymous)).subscriber.entitlements).toEqual({});
  });

  it("changes nothing more when the same identify is retried, and answers 200 for the existing customer", async () => {
    const anonymous = anonymousId();
    const identified = userId();
    await postTestStoreReceipt(server, anonymous);
    expect((await identify(anonymous, identified)).status).toBe(201);

    const before = await snapshotTables(server.database.db);
    const retried = await identify(anonymous, identified);
    expect(retried.status).toBe(200);
    expect(retried.body.subscriber.subscriptions.premium_realm_monthly).toBeDefined();
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);
  });

  it("moves an anonymous customer's purchase to exactly one id when two identifies race", async () => {
    const anonymous = anonymousId();
    const [first, second] = [userId(), userId()];
    await postTestStoreReceipt(server, anonymous);

    const answers = await Promise.all([identify(anonymous, first), identify(anonymous, second)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const holders = [first, second, anonymous];
    const entitled = await Promise.all(
      holders.map(async (id) => (await customerInfo(id)).subscriber.entitlements.premium !== undefined),
    );
    expect(entitled.filter(Boolean)).toHaveLength(1);
    expect(entitled[2]).toBe(false);
  });

  it("answers 200 and keeps the identified customer's own purchases when it signs in again from a fresh anonymous id", async () => {
    const identified = userId();
    await postTestStoreReceipt(server, identified, { productId: "premium_realm_annual" });

    const answer = await identify(anonymousId(), identified);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.subscriber.subscriptions)).toEqual(["premium_realm_annual"]);
  });

  it("merges an anonymous customer's purchases into an identified customer who has purchases too", async () => {
    const anonymous = anonymousId();
    const identified = userId();
    await postTestStoreReceipt(server, identified, { productId: "premium_realm_annual" });
    await postTestStoreReceipt(server, anonymous, { productId: "premium_realm_monthly" });

    const answer = await identify(anonymous, identified);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.subscriber.subscriptions).sort()).toEqual([
      "premium_realm_annual",
      "premium_realm_monthly",
    ]);
    expect((await customerInfo(anonymous)).subscriber.subscriptions).toEqual({});
  });

  it("adds an anonymous customer's virtual currency balances to the identified customer's", async () => {
    const anonymous = anonymousId();
    const identified = userId();
    const gems = async (appUserId: string) =>
      (
        await call(server, "GET", `/v1/subscribers/${encodeURIComponent(appUserId)}/virtual_currencies`, {
          key: KEYS.arcadeTest,
        })
      ).body.virtual_currencies.GEMS.balance;
    await postTestStoreReceipt(server, anonymous, { productId: "gems_100", key: KEYS.arcadeTest });
    await postTestStoreReceipt(server, identified, { productId: "gems_100", key: KEYS.arcadeTest });

    expect((await identify(anonymous, identified, KEYS.arcadeTest)).status).toBe(200);
    expect(await gems(identified)).toBe(200);
    expect(await gems(anonymous)).toBe(0);
    // Balances move once: a retry adds nothing.
    await identify(anonymous, identified, KEYS.arcadeTest);
    expect(await gems(identified)).toBe(200);
  });

  it("keeps the newer of two values of an attribute both customers have, and takes the anonymous customer's others", async () => {
    const anonymous = anonymousId();
    const identified = userId();
    const setAttributes = (appUserId: string, attributes: Record<string, [string, number]>) =>
      call(server, "POST", `/v1/subscribers/${encodeURIComponent(appUserId)}/attributes`, {
        body: {
          attributes: Object.fromEntries(
            Object.entries(attributes).map(([name, [value, at]]) => [name, { value, updated_at_ms: at }]),
          ),
        },
      });
    await setAttributes(identified, { $email: ["new@example.com", 2000], $displayName: ["Old", 1000] });
    await setAttributes(anonymous, {
      $email: ["old@example.com", 1000],
      $displayName: ["New", 2000],
      realm: ["Eld", 1],
    });

    await identify(anonymous, identified);
    const attributesOf = async (appUserId: string) =>
      Object.fromEntries(
        (
          await server.database.db
            .select()
            .from(customerAttributes)
            .where(eq(customerAttributes.appUserId, appUserId))
        ).map((a) => [a.name, a.value]),
      );
    expect(await attributesOf(identified)).toEqual({
      $email: "new@example.com",
      $displayName: "New",
      realm: "Eld",
    });
    expect(await attributesOf(anonymous)).toEqual({});
  });

  it("moves nothing from an identified id: a guessable id cannot hand its purchases to another", async () => {
    const first = userId();
    const second = userId();
    await postTestStoreReceipt(server, first);

    const answer = await identify(first, second);
    expect(answer.status).toBe(201);
    expect(answer.body.subscriber.entitlements).toEqual({});
    expect((await customerInfo(first)).subscriber.entitlements.premium).toBeDefined();
  });

  it("refuses invalid ids and malformed bodies with 400 and the protocol's codes, writing nothing", async () => {
    const before = await snapshotTables(server.database.db);
    for (const [from, to] of [
      [anonymousId(), "null"],
      [anonymousId(), "a/b"],
      [anonymousId(), "x".repeat(257)],
      ["", userId()],
      ["  undefined ", userId()],
    ]) {
      expect(await identify(from, to)).toMatchObject({ status: 400, body: { code: 7220 } });
    }
    for (const body of [{}, { app_user_id: anonymousId() }, { app_user_id: 1, new_app_user_id: userId() }]) {
      const answer = await call(server, "POST", "/v1/subscribers/identify", { body });
      expect(answer).toMatchObject({ status: 400, body: { code: 7226 } });
    }
    const nul = await identify(anonymousId(), "nul\u0000user");
    expect(nul.status).toBe(400);
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);
  });

  it("requires the project's API key, sees only that project's customers, and answers CORS per project", async () => {
    const before = await snapshotTables(server.database.db);
    const refused = await call(server, "POST", "/v1/subscribers/identify", {
      key: null,
      body: { app_user_id: anonymousId(), new_app_user_id: userId() },
    });
    expect(refused).toMatchObject({ status: 401, body: { code: 7225 } });
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);

    const anonymous = anonymousId();
    const identified = userId();
    await postTestStoreReceipt(server, anonymous);
    const otherProject = await call(server, "POST", "/v1/subscribers/identify", {
      key: KEYS.otherProject,
      headers: { origin: "https://other.example" },
      body: { app_user_id: anonymous, new_app_user_id: identified },
    });
    expect(otherProject.status).toBe(201);
    expect(otherProject.headers.get("access-control-allow-origin")).toBe("https://other.example");
    expect(otherProject.body.subscriber.entitlements).toEqual({});
    expect((await customerInfo(anonymous)).subscriber.entitlements.premium).toBeDefined();

    const beforeForeign = await snapshotTables(server.database.db);
    const foreign = await call(server, "POST", "/v1/subscribers/identify", {
      key: KEYS.otherProject,
      headers: { origin: "https://elsewhere.example" },
      body: { app_user_id: anonymousId(), new_app_user_id: userId() },
    });
    expect(foreign).toMatchObject({ status: 403, body: { code: 7225 } });
    expect(changedTables(beforeForeign, await snapshotTables(server.database.db))).toEqual([]);
  });
});
