// RevenueCat v2's customers for a merchant's server (issue #48): finding, reading and deleting customers, their
// active entitlements and attributes, and granting and revoking entitlements, through real HTTP with secret keys,
// every answer checked against /openapi.json.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, promotionalGrants } from "../src/db/schema.js";
import { auditEntries } from "../src/access/audit-log.js";
import { KEYS } from "./support/catalogue.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const DAY_MS = 86_400_000;
const base = "/v2/projects/realmheart/customers";

describe.each(DATABASES)("merchant v2 customers on %s", (kind) => {
  let server: TestServer;
  let writer: string;
  let reader: string;
  let other: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    writer = await secretKeyFor(server, ["customers:write"]);
    reader = await secretKeyFor(server, ["customers:read"]);
    other = await secretKeyFor(server, ["metrics:read"]);
  });
  afterAll(() => server.close());

  /** A customer as the SDK makes one, with an email. */
  async function seen(appUserId: string, email?: string) {
    await call(server, "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.test });
    if (email) {
      await call(server, "POST", `/v1/subscribers/${appUserId}/attributes`, {
        key: KEYS.test,
        body: { attributes: { $email: { value: email, updated_at_ms: 1 } } },
      });
    }
  }
  const grantsOf = (appUserId: string) =>
    server.database.db
      .select()
      .from(promotionalGrants)
      .where(and(eq(promotionalGrants.projectId, "realmheart"), eq(promotionalGrants.appUserId, appUserId)));

  describe("GET /customers/{id}", () => {
    it("answers a customer with their purchase's active entitlement and attributes; what is not recorded is null", async () => {
      await postTestStoreReceipt(server, "v2_buyer");
      await seen("v2_buyer", "buyer@example.com");
      const { status, body } = await merchantCall(server, "GET", `${base}/v2_buyer`, { key: reader });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        object: "customer",
        id: "v2_buyer",
        project_id: "realmheart",
        first_seen_at: Date.parse("2026-11-21T12:00:00Z"),
        last_seen_at: null,
        experiment: null,
      });
      expect(body.active_entitlements.items).toEqual([
        {
          object: "customer.entitlement",
          entitlement_id: "premium",
          expires_at: Date.parse("2026-11-28T12:00:00Z"),
        },
      ]);
      expect(body.attributes.items).toEqual([
        { object: "customer.attribute", name: "$email", value: "buyer@example.com", updated_at: 1 },
      ]);
    });

    it("answers 404 resource_missing for an unknown customer and creates nobody", async () => {
      const { status, body } = await merchantCall(server, "GET", `${base}/v2_never_seen`, { key: reader });
      expect(status).toBe(404);
      expect(body).toMatchObject({ object: "error", type: "resource_missing", param: "customer_id" });
      expect(
        await server.database.db.select().from(customers).where(eq(customers.appUserId, "v2_never_seen")),
      ).toEqual([]);
    });

    it("refuses a key without customers:read and public keys (403), and another project's path (404)", async () => {
      await seen("v2_guarded");
      expect((await merchantCall(server, "GET", `${base}/v2_guarded`, { key: other })).status).toBe(403);
      expect((await merchantCall(server, "GET", `${base}/v2_guarded`, { key: KEYS.test })).status).toBe(403);
      const elsewhere = await merchantCall(server, "GET", "/v2/projects/other/customers/v2_guarded", {
        key: reader,
      });
      expect(elsewhere.status).toBe(404);
    });
  });

  describe("GET /customers", () => {
    it("pages through customers in id order with limit and starting_after", async () => {
      for (const id of ["v2_page_a", "v2_page_b", "v2_page_c"]) await seen(id);
      const first = await merchantCall(server, "GET", `${base}?limit=2&starting_after=v2_page_`, {
        key: reader,
      });
      expect(first.status).toBe(200);
      expect(first.body.items.map((c: { id: string }) => c.id)).toEqual(["v2_page_a", "v2_page_b"]);
      expect(first.body.next_page).toBe(`${base}?limit=2&starting_after=v2_page_b`);
      const second = await merchantCall(server, "GET", first.body.next_page, { key: reader });
      expect(second.body.items[0].id).toBe("v2_page_c");
    });

    it("finds a customer by exact email, by app user id and by store transaction id", async () => {
      await postTestStoreReceipt(server, "v2_found");
      await seen("v2_found", "Found.Me@example.com");
      const ids = async (search: string) =>
        (
          await merchantCall(server, "GET", `${base}?search=${encodeURIComponent(search)}`, { key: reader })
        ).body.items.map((c: { id: string }) => c.id);
      expect(await ids("Found.Me@example.com")).toEqual(["v2_found"]);
      expect(await ids("found.me@example.com")).toEqual([]);
      expect(await ids("v2_found")).toEqual(["v2_found"]);
      const info = await call(server, "GET", "/v1/subscribers/v2_found", { key: KEYS.test });
      const transactionId: string =
        info.body.subscriber.subscriptions.premium_realm_monthly.store_transaction_id;
      expect(await ids(transactionId)).toEqual(["v2_found"]);
    });

    it("refuses a bad limit with 400 naming it", async () => {
      const { status, body } = await merchantCall(server, "GET", `${base}?limit=many`, { key: reader });
      expect(status).toBe(400);
      expect(body).toMatchObject({ type: "parameter_error", param: "limit" });
    });
  });

  describe("attributes", () => {
    it("sets attributes with v2's body, removes one with null, and lists them; the audit log keeps names only", async () => {
      await seen("v2_attrs");
      const path = `${base}/v2_attrs/attributes`;
      const set = await merchantCall(server, "POST", path, {
        key: writer,
        body: {
          attributes: [
            { name: "$email", value: "attrs@example.com" },
            { name: "plan_note", value: "vip" },
          ],
        },
      });
      expect(set.status).toBe(200);
      expect(set.body.items.map((a: { name: string; value: string }) => [a.name, a.value])).toEqual([
        ["$email", "attrs@example.com"],
        ["plan_note", "vip"],
      ]);
      const retried = await merchantCall(server, "POST", path, {
        key: writer,
        body: { attributes: [{ name: "plan_note", value: null }] },
      });
      expect(retried.body.items.map((a: { name: string }) => a.name)).toEqual(["$email"]);
      const listed = await merchantCall(server, "GET", path, { key: reader });
      expect(listed.body).toEqual(retried.body);
      const [entry] = await auditEntries(server.database.db, {
        projectId: "realmheart",
        targetId: "v2_attrs",
        limit: 1,
      });
      expect(entry).toMatchObject({ action: "customer.attributes_update", after: { names: ["plan_note"] } });
      expect(JSON.stringify(await server.database.db.select().from(auditLog))).not.toContain(
        "attrs@example.com",
      );
    });

    it("refuses a bad body (400 naming the field), an unknown customer (404), a read-only or public key (403)", async () => {
      await seen("v2_attrs_bad");
      const path = `${base}/v2_attrs_bad/attributes`;
      const bad = await merchantCall(server, "POST", path, {
        key: writer,
        body: { attributes: [{ name: "", value: "x" }] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ type: "parameter_error", param: "attributes.0.name" });
      const unknown = await merchantCall(server, "POST", `${base}/v2_attrs_nobody/attributes`, {
        key: writer,
        body: { attributes: [{ name: "a", value: "b" }] },
      });
      expect(unknown.status).toBe(404);
      for (const key of [reader, KEYS.test]) {
        const refused = await merchantCall(server, "POST", path, {
          key,
          body: { attributes: [{ name: "a", value: "b" }] },
        });
        expect(refused.status).toBe(403);
      }
      expect((await merchantCall(server, "GET", path, { key: reader })).body.items).toEqual([]);
    });
  });

  describe("grant_entitlement and revoke_granted_entitlement", () => {
    it("grants until expires_at, shown in active_entitlements and in the SDK's customer info, once however often it is retried", async () => {
      await seen("v2_granted");
      const expiresAt = server.clock.now.getTime() + 10 * DAY_MS;
      const path = `${base}/v2_granted/actions/grant_entitlement`;
      const granted = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium", expires_at: expiresAt },
      });
      expect(granted.status).toBe(200);
      expect(granted.body.active_entitlements.items).toEqual([
        { object: "customer.entitlement", entitlement_id: "premium", expires_at: expiresAt },
      ]);
      const retried = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium", expires_at: expiresAt + 60_000 },
      });
      expect(retried.body.active_entitlements).toEqual(granted.body.active_entitlements);
      expect(await grantsOf("v2_granted")).toHaveLength(1);
      const v1 = await call(server, "GET", "/v1/subscribers/v2_granted", { key: KEYS.test });
      expect(v1.body.subscriber.subscriptions.rc_promo_premium_custom.store).toBe("promotional");
      const listed = await merchantCall(server, "GET", `${base}/v2_granted/active_entitlements`, {
        key: reader,
      });
      expect(listed.body.items).toEqual(granted.body.active_entitlements.items);
    });

    it("revokes granted entitlements; revoking again changes nothing", async () => {
      await seen("v2_revoked");
      await merchantCall(server, "POST", `${base}/v2_revoked/actions/grant_entitlement`, {
        key: writer,
        body: { entitlement_id: "premium", expires_at: server.clock.now.getTime() + DAY_MS },
      });
      const path = `${base}/v2_revoked/actions/revoke_granted_entitlement`;
      const revoked = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium" },
      });
      expect(revoked.status).toBe(200);
      expect(revoked.body.active_entitlements.items).toEqual([]);
      const again = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium" },
      });
      expect(again.body).toEqual(revoked.body);
      const actions = (
        await auditEntries(server.database.db, { projectId: "realmheart", targetId: "v2_revoked", limit: 10 })
      ).map((e) => e.action);
      expect(actions).toEqual(["customer.promotional_revoke", "customer.promotional_grant"]);
    });

    it("refuses bad bodies (400 naming the field), unknown customers and entitlements (404), and read-only or public keys", async () => {
      await seen("v2_grant_bad");
      const path = `${base}/v2_grant_bad/actions/grant_entitlement`;
      const past = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium", expires_at: server.clock.now.getTime() - 1 },
      });
      expect(past.status).toBe(400);
      expect(past.body.param).toBe("expires_at");
      const missing = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "premium" },
      });
      expect(missing.body.param).toBe("expires_at");
      const future = server.clock.now.getTime() + DAY_MS;
      const unknownEntitlement = await merchantCall(server, "POST", path, {
        key: writer,
        body: { entitlement_id: "gold", expires_at: future },
      });
      expect(unknownEntitlement.status).toBe(404);
      expect(unknownEntitlement.body.type).toBe("resource_missing");
      const unknownCustomer = await merchantCall(
        server,
        "POST",
        `${base}/v2_grant_nobody/actions/grant_entitlement`,
        {
          key: writer,
          body: { entitlement_id: "premium", expires_at: future },
        },
      );
      expect(unknownCustomer.status).toBe(404);
      const revokeUnknown = await merchantCall(
        server,
        "POST",
        `${base}/v2_grant_nobody/actions/revoke_granted_entitlement`,
        { key: writer, body: { entitlement_id: "premium" } },
      );
      expect(revokeUnknown.status).toBe(404);
      for (const key of [reader, KEYS.test]) {
        const refused = await merchantCall(server, "POST", path, {
          key,
          body: { entitlement_id: "premium", expires_at: future },
        });
        expect(refused.status).toBe(403);
      }
      expect(await grantsOf("v2_grant_bad")).toEqual([]);
      expect(await grantsOf("v2_grant_nobody")).toEqual([]);
    });
  });

  describe("DELETE /customers/{id}", () => {
    it("deletes the customer with v2's deleted-object answer; a retry is 404", async () => {
      await seen("v2_deleted", "gone@example.com");
      const { status, body } = await merchantCall(server, "DELETE", `${base}/v2_deleted`, { key: writer });
      expect(status).toBe(200);
      expect(body).toEqual({ object: "customer", id: "v2_deleted", deleted_at: server.clock.now.getTime() });
      expect((await merchantCall(server, "GET", `${base}/v2_deleted`, { key: reader })).status).toBe(404);
      const retry = await merchantCall(server, "DELETE", `${base}/v2_deleted`, { key: writer });
      expect(retry.status).toBe(404);
      expect(retry.body.type).toBe("resource_missing");
    });

    it("refuses while a subscription renews (409), and a read-only or public key (403)", async () => {
      await postTestStoreReceipt(server, "v2_renewing");
      const renewing = await merchantCall(server, "DELETE", `${base}/v2_renewing`, { key: writer });
      expect(renewing.status).toBe(409);
      expect(renewing.body.object).toBe("error");
      expect((await merchantCall(server, "DELETE", `${base}/v2_renewing`, { key: reader })).status).toBe(403);
      expect((await merchantCall(server, "DELETE", `${base}/v2_renewing`, { key: KEYS.test })).status).toBe(
        403,
      );
      expect((await merchantCall(server, "GET", `${base}/v2_renewing`, { key: reader })).status).toBe(200);
    });
  });
});
