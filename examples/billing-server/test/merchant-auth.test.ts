// The merchant API's keys from an attacker's side and a merchant's (issue #48): secret keys with scopes, expiry,
// revocation and a rate; public keys refused on server routes, secret keys refused on the SDK's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secretKeys } from "../src/db/schema.js";
import { auditEntries } from "../src/access/audit-log.js";
import { listSecretKeys, revokeSecretKey } from "../src/access/secret-keys.js";
import { KEYS } from "./support/catalogue.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

describe.each(DATABASES)("secret keys on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { merchantApi: { requestsPerMinute: 30 } });
  });
  afterAll(() => server.close());

  it("reads a customer with a secret key holding customers:read, as the public key does", async () => {
    const key = await secretKeyFor(server, ["customers:read"]);
    const bySecret = await merchantCall(server, "GET", "/v1/subscribers/merchant_reader", { key });
    const byPublic = await merchantCall(server, "GET", "/v1/subscribers/merchant_reader", { key: KEYS.test });
    expect(bySecret.status).toBe(200);
    expect(bySecret.body.subscriber.original_app_user_id).toBe("merchant_reader");
    const { subscriber_attributes: attributes, ...subscriber } = bySecret.body.subscriber;
    expect(attributes).toEqual({});
    expect(subscriber).toEqual(byPublic.body.subscriber);
  });

  it("gives a secret key the customer's attributes, as RevenueCat does, and a public key never", async () => {
    await call(server, "POST", "/v1/subscribers/u_with_email/attributes", {
      body: {
        attributes: {
          $email: { value: "ada@example.com", updated_at_ms: 7 },
          $gone: { value: null, updated_at_ms: 7 },
        },
      },
    });
    const key = await secretKeyFor(server, ["customers:read"]);
    const bySecret = await merchantCall(server, "GET", "/v1/subscribers/u_with_email", { key });
    expect(bySecret.body.subscriber.subscriber_attributes).toEqual({
      $email: { value: "ada@example.com", updated_at_ms: 7 },
    });
    const byPublic = await merchantCall(server, "GET", "/v1/subscribers/u_with_email", { key: KEYS.test });
    expect(byPublic.body.subscriber).not.toHaveProperty("subscriber_attributes");
  });

  it("refuses a secret key without the route's scope (403, naming it), and takes a write scope for its read", async () => {
    const metricsOnly = await secretKeyFor(server, ["metrics:read"]);
    const refused = await merchantCall(server, "GET", "/v1/subscribers/u_scope", { key: metricsOnly });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 7225 });
    expect(refused.body.message).toContain("customers:read");
    const writer = await secretKeyFor(server, ["customers:write"]);
    expect((await merchantCall(server, "GET", "/v1/subscribers/u_scope", { key: writer })).status).toBe(200);
  });

  it("refuses a public key on a secret-only route (403) and no key or a made-up secret key (401), in v2's shape", async () => {
    const path = "/v2/projects/realmheart/audit_logs";
    const publicKey = await merchantCall(server, "GET", path, { key: KEYS.production });
    expect(publicKey.status).toBe(403);
    expect(publicKey.body).toMatchObject({ object: "error", type: "authorization_error", retryable: false });
    const none = await merchantCall(server, "GET", path, { key: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ object: "error", type: "authentication_error" });
    const forged = await merchantCall(server, "GET", path, { key: `sk_${"A".repeat(40)}` });
    expect(forged.status).toBe(401);
    expect(forged.body.type).toBe("authentication_error");
  });

  it("refuses a secret key on every SDK route, so a key pasted into an app fails loudly", async () => {
    const key = await secretKeyFor(server);
    for (const [method, path] of [
      ["GET", "/v1/subscribers/u_sdk/offerings"],
      ["GET", "/rcbilling/v1/branding"],
      ["POST", "/v1/subscribers/identify"],
      ["POST", "/rcbilling/v1/checkout/start"],
      ["POST", "/v1/receipts"],
    ] as const) {
      const answer = await call(server, method, path, { key, body: method === "POST" ? {} : undefined });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.code).toBe(7225);
      expect(answer.body.message).toContain("Secret API keys (sk_…) belong on your server");
    }
  });

  it("refuses a secret key sent from a web page (an Origin header)", async () => {
    const key = await secretKeyFor(server);
    const answer = await merchantCall(server, "GET", "/v1/subscribers/u_page", {
      key,
      headers: { origin: "https://evil.example" },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain("came from a web page");
  });

  it("refuses a key of another project on this project's v2 paths as if the project did not exist", async () => {
    const key = await secretKeyFor(server, ["audit_log:read"]);
    const answer = await merchantCall(server, "GET", "/v2/projects/someone_else/audit_logs", { key });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ type: "resource_missing", param: "project_id" });
  });

  it("refuses a revoked key and an expired one (401), and records the revocation in the audit log", async () => {
    const key = await secretKeyFor(server, ["customers:read"]);
    const listing = (await listSecretKeys(server.database.db, "realmheart")).find(
      (k) => k.prefix === key.slice(0, 12),
    );
    expect((await merchantCall(server, "GET", "/v1/subscribers/u_rev", { key })).status).toBe(200);
    await revokeSecretKey(server.database.db, listing!.id, { actor: "test admin", now: server.clock.now });
    const revoked = await merchantCall(server, "GET", "/v1/subscribers/u_rev", { key });
    expect(revoked).toMatchObject({
      status: 401,
      body: { code: 7225, message: "This secret API key was revoked." },
    });
    const entries = await auditEntries(server.database.db, {
      projectId: "realmheart",
      targetType: "secret_key",
      targetId: listing!.id,
      limit: 10,
    });
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["secret_key.revoke", "test admin"],
      ["secret_key.create", "test"],
    ]);

    const soon = await secretKeyFor(server, ["customers:read"], {
      expiresAt: new Date(server.clock.now.getTime() + 60_000),
    });
    expect((await merchantCall(server, "GET", "/v1/subscribers/u_exp", { key: soon })).status).toBe(200);
    server.clock.advance(60_000);
    const expired = await merchantCall(server, "GET", "/v1/subscribers/u_exp", { key: soon });
    expect(expired).toMatchObject({ status: 401, body: { message: "This secret API key has expired." } });
  });

  it("keeps only a hash of each key, and notes when a key was last used", async () => {
    const key = await secretKeyFor(server, ["customers:read"]);
    await merchantCall(server, "GET", "/v1/subscribers/u_hash", { key });
    const rows = await server.database.db
      .select()
      .from(secretKeys)
      .where(eq(secretKeys.prefix, key.slice(0, 12)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(key);
    expect(rows[0]!.lastUsedAt?.getTime()).toBe(server.clock.now.getTime());
  });

  it("limits a key's requests per minute with 429 and Retry-After, other keys unaffected", async () => {
    const busy = await secretKeyFor(server, ["customers:read"]);
    const calm = await secretKeyFor(server, ["customers:read"]);
    for (let i = 0; i < 30; i += 1) {
      expect((await merchantCall(server, "GET", "/v1/subscribers/u_rate", { key: busy })).status).toBe(200);
    }
    const limited = await merchantCall(server, "GET", "/v1/subscribers/u_rate", { key: busy });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await merchantCall(server, "GET", "/v1/subscribers/u_rate", { key: calm })).status).toBe(200);
    server.clock.advance(60_000);
    expect((await merchantCall(server, "GET", "/v1/subscribers/u_rate", { key: busy })).status).toBe(200);
  });

  it("sets attributes with a secret key as with the public key, auditing the names and never the values", async () => {
    const key = await secretKeyFor(server, ["customers:write", "audit_log:read"]);
    const body = { attributes: { $email: { value: "ada@example.com", updated_at_ms: 5 } } };
    const saved = await merchantCall(server, "POST", "/v1/subscribers/u_attrs/attributes", { key, body });
    expect(saved).toMatchObject({ status: 200, body: { attributes_saved: 1 } });
    const log = await merchantCall(
      server,
      "GET",
      "/v2/projects/realmheart/audit_logs?target_type=customer&target_id=u_attrs",
      { key },
    );
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      action: "customer.attributes_update",
      after: { names: ["$email"] },
    });
    expect(JSON.stringify(log.body)).not.toContain("ada@example.com");
    const bad = await merchantCall(server, "POST", "/v1/subscribers/u_attrs/attributes", {
      key,
      body: { attributes: { $email: { value: 5, updated_at_ms: 5 } } },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 7264 } });
  });

  it("lists the audit log a page at a time, newest first", async () => {
    const key = await secretKeyFor(server, ["audit_log:read"]);
    const first = await merchantCall(server, "GET", "/v2/projects/realmheart/audit_logs?limit=2", { key });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next_page).toContain("starting_after=");
    const second = await merchantCall(server, "GET", first.body.next_page, { key });
    expect(second.body.items[0].id).not.toBe(first.body.items[1].id);
    expect(second.body.items[0].created_at).toBeLessThanOrEqual(first.body.items[1].created_at);
    const bad = await merchantCall(server, "GET", "/v2/projects/realmheart/audit_logs?limit=ten", { key });
    expect(bad).toMatchObject({ status: 400, body: { type: "parameter_error", param: "limit" } });
  });
});
