// RevenueCat v1's calls for a merchant's server (issue #48): promotional grants and their revocation, and deleting a
// customer, through real HTTP with secret keys, every answer checked against /openapi.json.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  checkoutSessions,
  customerAttributes,
  customers,
  promotionalGrants,
  purchases,
} from "../src/db/schema.js";
import { cancelSubscription } from "../src/lifecycle/cancel-subscription.js";
import { auditEntries } from "../src/access/audit-log.js";
import { KEYS } from "./support/catalogue.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const DAY_MS = 86_400_000;
const promotional = (user: string, entitlement = "premium") =>
  `/v1/subscribers/${user}/entitlements/${entitlement}/promotional`;
const revoke = (user: string, entitlement = "premium") =>
  `/v1/subscribers/${user}/entitlements/${entitlement}/revoke_promotionals`;

describe.each(DATABASES)("merchant v1 calls on %s", (kind) => {
  let server: TestServer;
  let writer: string;
  let reader: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    writer = await secretKeyFor(server, ["customers:write"]);
    reader = await secretKeyFor(server, ["customers:read"]);
  });
  afterAll(() => server.close());

  const grantsOf = (appUserId: string) =>
    server.database.db
      .select()
      .from(promotionalGrants)
      .where(and(eq(promotionalGrants.projectId, "realmheart"), eq(promotionalGrants.appUserId, appUserId)));

  describe("POST …/entitlements/{id}/promotional", () => {
    it("grants a month of premium to a new customer, shown as a promotional subscription the SDK reads as active and not renewing", async () => {
      const { status, body } = await merchantCall(server, "POST", promotional("promo_new"), {
        key: writer,
        body: { duration: "monthly" },
      });
      expect(status).toBe(200);
      expect(body.subscriber.entitlements.premium).toEqual({
        expires_date: "2026-12-21T12:00:00.000Z",
        product_identifier: "rc_promo_premium_monthly",
        purchase_date: "2026-11-21T12:00:00.000Z",
      });
      expect(body.subscriber.subscriptions.rc_promo_premium_monthly).toMatchObject({
        store: "promotional",
        is_sandbox: false,
        period_type: "normal",
        expires_date: "2026-12-21T12:00:00.000Z",
        unsubscribe_detected_at: null,
      });
      // The SDK (src/model/customer-info.ts) reads store "promotional" as never renewing, and an expiry after the
      // request date as active: the wire values it decides by.
      expect(Date.parse(body.subscriber.entitlements.premium.expires_date)).toBeGreaterThan(
        body.request_date_ms,
      );
      // The SDK's own read of the customer sees the same grant.
      const read = await call(server, "GET", "/v1/subscribers/promo_new", { key: KEYS.test });
      expect(read.body.subscriber.entitlements.premium.product_identifier).toBe("rc_promo_premium_monthly");
      const [entry] = await auditEntries(server.database.db, {
        projectId: "realmheart",
        targetType: "customer",
        targetId: "promo_new",
        limit: 1,
      });
      expect(entry).toMatchObject({
        action: "customer.promotional_grant",
        actor: expect.stringMatching(/^secret_key key_/),
      });
    });

    it("treats a retried grant (an end within 2 hours of the active grant's) as the same grant: one row, one audit entry", async () => {
      const first = await merchantCall(server, "POST", promotional("promo_retry"), {
        key: writer,
        body: { duration: "weekly" },
      });
      server.clock.advance(60 * 60_000);
      const retry = await merchantCall(server, "POST", promotional("promo_retry"), {
        key: writer,
        body: { duration: "weekly" },
      });
      expect(retry.status).toBe(200);
      expect(retry.body.subscriber.entitlements).toEqual(first.body.subscriber.entitlements);
      expect(await grantsOf("promo_retry")).toHaveLength(1);
      const entries = await auditEntries(server.database.db, {
        projectId: "realmheart",
        targetId: "promo_retry",
        limit: 10,
      });
      expect(entries.map((e) => e.action)).toEqual(["customer.promotional_grant"]);
      server.clock.advance(-60 * 60_000);
    });

    it("grants until end_time_ms as rc_promo_<entitlement>_custom, and a longer grant wins over a shorter purchase", async () => {
      await postTestStoreReceipt(server, "promo_custom");
      const end = server.clock.now.getTime() + 60 * DAY_MS;
      const { body } = await merchantCall(server, "POST", promotional("promo_custom"), {
        key: writer,
        body: { end_time_ms: end },
      });
      expect(body.subscriber.entitlements.premium).toMatchObject({
        product_identifier: "rc_promo_premium_custom",
        expires_date: new Date(end).toISOString(),
      });
      // The purchase stays as it was beside the grant.
      expect(body.subscriber.subscriptions.premium_realm_monthly.store).toBe("test_store");
    });

    it("counts a duration from start_time_ms, and a lifetime grant never expires", async () => {
      const start = server.clock.now.getTime() - 2 * DAY_MS;
      const daily = await merchantCall(server, "POST", promotional("promo_start"), {
        key: writer,
        body: { duration: "three_day", start_time_ms: start },
      });
      expect(daily.body.subscriber.entitlements.premium.expires_date).toBe(
        new Date(start + 3 * DAY_MS).toISOString(),
      );
      const lifetime = await merchantCall(server, "POST", promotional("promo_start"), {
        key: writer,
        body: { duration: "lifetime" },
      });
      expect(lifetime.body.subscriber.entitlements.premium).toMatchObject({
        expires_date: null,
        product_identifier: "rc_promo_premium_lifetime",
      });
      expect(lifetime.body.subscriber.subscriptions.rc_promo_premium_lifetime).toMatchObject({
        store: "promotional",
        expires_date: null,
      });
    });

    it("shows an expired grant as expired", async () => {
      await merchantCall(server, "POST", promotional("promo_expired"), {
        key: writer,
        body: { duration: "daily" },
      });
      server.clock.advance(2 * DAY_MS);
      try {
        const { body } = await call(server, "GET", "/v1/subscribers/promo_expired", { key: KEYS.test });
        expect(body.subscriber.entitlements.premium.expires_date).toBe("2026-11-22T12:00:00.000Z");
        expect(body.subscriber.subscriptions.rc_promo_premium_daily.expires_date).toBe(
          "2026-11-22T12:00:00.000Z",
        );
        expect(body.request_date_ms).toBeGreaterThan(Date.parse("2026-11-22T12:00:00Z"));
      } finally {
        server.clock.advance(-2 * DAY_MS);
      }
    });

    it("refuses bad bodies with 400 naming the field, and grants nothing", async () => {
      for (const [body, field] of [
        [{}, "duration"],
        [{ duration: "monthly", end_time_ms: server.clock.now.getTime() + DAY_MS }, "duration"],
        [{ duration: "fortnightly" }, "duration"],
        [{ end_time_ms: "soon" }, "end_time_ms"],
        [{ end_time_ms: server.clock.now.getTime() - 1 }, "end_time_ms"],
        [{ end_time_ms: server.clock.now.getTime() + DAY_MS, start_time_ms: 1 }, "start_time_ms"],
      ] as const) {
        const answer = await merchantCall(server, "POST", promotional("promo_bad"), { key: writer, body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe(7226);
        expect(answer.body.message).toContain(field);
      }
      expect(await grantsOf("promo_bad")).toEqual([]);
    });

    it("answers 404 for an entitlement the project does not have, and creates nobody", async () => {
      const answer = await merchantCall(server, "POST", promotional("promo_unknown_ent", "no_such_thing"), {
        key: writer,
        body: { duration: "monthly" },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 7226 });
      expect(answer.body.message).toContain("no_such_thing");
      const rows = await server.database.db
        .select()
        .from(customers)
        .where(eq(customers.appUserId, "promo_unknown_ent"));
      expect(rows).toEqual([]);
    });

    it("refuses a read-only secret key (403) and public keys (403)", async () => {
      const readOnly = await merchantCall(server, "POST", promotional("promo_scope"), {
        key: reader,
        body: { duration: "monthly" },
      });
      expect(readOnly.status).toBe(403);
      expect(readOnly.body.message).toContain("customers:write");
      const publicKey = await merchantCall(server, "POST", promotional("promo_scope"), {
        key: KEYS.test,
        body: { duration: "monthly" },
      });
      expect(publicKey.status).toBe(403);
      expect(await grantsOf("promo_scope")).toEqual([]);
    });
  });

  describe("POST …/entitlements/{id}/revoke_promotionals", () => {
    it("revokes every active grant of the entitlement, which disappears from customer info; again changes nothing", async () => {
      await merchantCall(server, "POST", promotional("promo_revoke"), {
        key: writer,
        body: { duration: "monthly" },
      });
      await merchantCall(server, "POST", promotional("promo_revoke"), {
        key: writer,
        body: { duration: "yearly" },
      });
      const { status, body } = await merchantCall(server, "POST", revoke("promo_revoke"), { key: writer });
      expect(status).toBe(200);
      expect(body.subscriber.entitlements).toEqual({});
      expect(body.subscriber.subscriptions).toEqual({});
      const again = await merchantCall(server, "POST", revoke("promo_revoke"), { key: writer });
      expect(again.status).toBe(200);
      expect(again.body.subscriber).toEqual(body.subscriber);
      const entries = await auditEntries(server.database.db, {
        projectId: "realmheart",
        targetId: "promo_revoke",
        limit: 10,
      });
      expect(entries.map((e) => e.action)).toEqual([
        "customer.promotional_revoke",
        "customer.promotional_grant",
        "customer.promotional_grant",
      ]);
    });

    it("leaves a purchase's entitlement in place", async () => {
      await postTestStoreReceipt(server, "promo_revoke_buyer");
      await merchantCall(server, "POST", promotional("promo_revoke_buyer"), {
        key: writer,
        body: { duration: "yearly" },
      });
      const { body } = await merchantCall(server, "POST", revoke("promo_revoke_buyer"), { key: writer });
      expect(body.subscriber.entitlements.premium.product_identifier).toBe("premium_realm_monthly");
    });

    it("answers 404 for an unknown customer or entitlement, and refuses read-only and public keys", async () => {
      const unknownCustomer = await merchantCall(server, "POST", revoke("promo_nobody"), { key: writer });
      expect(unknownCustomer.status).toBe(404);
      expect(unknownCustomer.body.code).toBe(7259);
      const unknownEntitlement = await merchantCall(server, "POST", revoke("promo_nobody", "nope"), {
        key: writer,
      });
      expect(unknownEntitlement.status).toBe(404);
      expect((await merchantCall(server, "POST", revoke("promo_new"), { key: reader })).status).toBe(403);
      expect((await merchantCall(server, "POST", revoke("promo_new"), { key: KEYS.test })).status).toBe(403);
      // Nothing was revoked by the refused calls.
      expect((await grantsOf("promo_new")).every((g) => g.revokedAt === null)).toBe(true);
    });
  });

  describe("DELETE /v1/subscribers/{id}", () => {
    it("deletes a customer and everything of theirs in one go, keeping only counts in the audit log", async () => {
      await postTestStoreReceipt(server, "delete_me");
      await cancelSubscription(
        { db: server.database.db },
        {
          projectId: "realmheart",
          appUserId: "delete_me",
          productId: "premium_realm_monthly",
          at: server.clock.now,
        },
      );
      await call(server, "POST", "/v1/subscribers/delete_me/attributes", {
        key: KEYS.test,
        body: { attributes: { $email: { value: "erase.me@example.com", updated_at_ms: 1 } } },
      });
      await merchantCall(server, "POST", promotional("delete_me"), {
        key: writer,
        body: { duration: "weekly" },
      });

      const { status, body } = await merchantCall(server, "DELETE", "/v1/subscribers/delete_me", {
        key: writer,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ app_user_id: "delete_me" });
      const db = server.database.db;
      for (const table of [customers, customerAttributes, purchases, promotionalGrants, checkoutSessions]) {
        expect(await db.select().from(table).where(eq(table.appUserId, "delete_me"))).toEqual([]);
      }
      const [entry] = await auditEntries(db, { projectId: "realmheart", targetId: "delete_me", limit: 1 });
      expect(entry).toMatchObject({ action: "customer.delete", after: null });
      expect(entry!.before).toMatchObject({
        deleted: { attributes: 1, purchases: 1, promotional_grants: 1 },
      });
      const everything = JSON.stringify(await db.select().from(auditLog));
      expect(everything).not.toContain("erase.me@example.com");
      // Reading the id again starts a new, empty customer, as the SDK would.
      const fresh = await call(server, "GET", "/v1/subscribers/delete_me", { key: KEYS.test });
      expect(fresh.body.subscriber.entitlements).toEqual({});
    });

    it("refuses (409) while a subscription still renews, and deletes nothing", async () => {
      await postTestStoreReceipt(server, "delete_renewing");
      const answer = await merchantCall(server, "DELETE", "/v1/subscribers/delete_renewing", { key: writer });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toContain("premium_realm_monthly");
      const rows = await server.database.db
        .select()
        .from(purchases)
        .where(eq(purchases.appUserId, "delete_renewing"));
      expect(rows).toHaveLength(1);
    });

    it("answers 404 for an unknown customer and for a retried delete", async () => {
      await call(server, "GET", "/v1/subscribers/delete_twice", { key: KEYS.test });
      expect(
        (await merchantCall(server, "DELETE", "/v1/subscribers/delete_twice", { key: writer })).status,
      ).toBe(200);
      const retry = await merchantCall(server, "DELETE", "/v1/subscribers/delete_twice", { key: writer });
      expect(retry.status).toBe(404);
      expect(retry.body.code).toBe(7259);
      const unknown = await merchantCall(server, "DELETE", "/v1/subscribers/never_seen_anywhere", {
        key: writer,
      });
      expect(unknown.status).toBe(404);
    });

    it("refuses a read-only secret key and public keys (403), and rejects a blocked app user id (400)", async () => {
      await call(server, "GET", "/v1/subscribers/delete_guarded", { key: KEYS.test });
      expect(
        (await merchantCall(server, "DELETE", "/v1/subscribers/delete_guarded", { key: reader })).status,
      ).toBe(403);
      expect(
        (await merchantCall(server, "DELETE", "/v1/subscribers/delete_guarded", { key: KEYS.production }))
          .status,
      ).toBe(403);
      const blocked = await merchantCall(server, "DELETE", "/v1/subscribers/undefined", { key: writer });
      expect(blocked.status).toBe(400);
      expect(blocked.body.code).toBe(7220);
      const rows = await server.database.db
        .select()
        .from(customers)
        .where(eq(customers.appUserId, "delete_guarded"));
      expect(rows).toHaveLength(1);
    });
  });
});
