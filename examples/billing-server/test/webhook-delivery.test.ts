import Fastify from "fastify";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openBillingDatabase, type BillingDatabase } from "../src/db/database.js";
import { webhookDeliveries, webhookOutbox } from "../src/db/schema.js";
import { billingServer } from "../src/plugin.js";
import { deliverDueWebhooks, type DeliverWebhooksOptions } from "../src/webhooks/deliver-due-webhooks.js";
import { verifyWebhookSignature } from "../src/webhooks/webhook-signature.js";
import { testCatalogue } from "./support/catalogue.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, startTestServer, type DatabaseKind, type TestServer } from "./support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const SECRET = "whsec_realmheart_test_secret";
const HOUR = 3_600_000;

describe.each(DATABASES)("host-app webhooks on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const webhooks = () => ({ realmheart: { url: receiver.url, secret: SECRET } });
  const ctx = () => ({ db: server.database.db, now: () => server.clock.now });
  // random: () => 1 takes no jitter off, so waiting the nominal delay (10 s, 20 s, …) is exactly enough.
  const deliver = (options: Partial<DeliverWebhooksOptions> = {}) =>
    deliverDueWebhooks(ctx(), { webhooks: webhooks(), random: () => 1, ...options });
  const outboxRow = async (eventId: string) =>
    (await server.database.db.select().from(webhookOutbox).where(eq(webhookOutbox.eventId, eventId)))[0];
  const user = () => `user_${randomUUID()}`;
  const attemptsOf = (eventId: string) =>
    server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId))
      .orderBy(webhookDeliveries.attemptedAt);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, { webhooks: webhooks() });
  });
  afterEach(async () => {
    // Each test leaves nothing due behind: whatever is pending goes out, then the receiver forgets it.
    server.clock.advance(2 * HOUR);
    await deliver();
    receiver.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it("delivers INITIAL_PURCHASE once, with the bearer secret, the event id and a valid signature", async () => {
    const appUserId = user();
    const { fetchToken } = await postTestStoreReceipt(server, appUserId);

    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    const event = request!.body.event;
    expect(event).toMatchObject({
      type: "INITIAL_PURCHASE",
      app_user_id: appUserId,
      product_id: "premium_realm_monthly",
      entitlement_ids: ["premium"],
      period_type: "TRIAL",
      store: "TEST_STORE",
      environment: "SANDBOX",
      transaction_id: fetchToken,
      event_timestamp_ms: server.clock.now.getTime(),
    });
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["x-webhook-id"]).toBe(event.id);
    expect(verifyWebhookSignature(request!.rawBody, SECRET, request!.headers["x-webhook-signature"])).toBe(
      true,
    );
    expect(
      verifyWebhookSignature(request!.rawBody, "another_secret", request!.headers["x-webhook-signature"]),
    ).toBe(false);

    server.clock.advance(2 * HOUR);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.requests).toHaveLength(1);
    expect(await outboxRow(event.id)).toMatchObject({ attempts: 1, lastError: null });
  });

  it("keeps every attempt with its status, answer, trigger and time, and never the secret or the headers", async () => {
    receiver.failNext(1, 503);
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    const firstTry = server.clock.now;
    await deliver();
    server.clock.advance(10_000);
    await deliver();

    const eventId = receiver.requests[0]!.headers["x-webhook-id"] as string;
    const rows = await attemptsOf(eventId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.status, r.succeeded, r.responseExcerpt, r.attemptedAt.getTime()])).toEqual([
      [503, false, '{"error":"try later"}', firstTry.getTime()],
      [200, true, '{"received":true}', firstTry.getTime() + 10_000],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        projectId: "realmheart",
        appUserId,
        eventType: "INITIAL_PURCHASE",
        url: receiver.url,
        trigger: "schedule",
      });
      expect(row.latencyMs).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(row)).not.toContain(SECRET);
      expect(JSON.stringify(row)).not.toContain("Bearer");
    }
  });

  it("keeps an attempt that got no answer, with no status and the reason", async () => {
    receiver.hangNext(1);
    await postTestStoreReceipt(server, user());
    await deliver({ timeoutMs: 200 });
    const eventId = receiver.requests[0]!.headers["x-webhook-id"] as string;
    expect(await attemptsOf(eventId)).toMatchObject([
      { status: null, succeeded: false, responseExcerpt: "No answer within 200 ms", trigger: "schedule" },
    ]);
  });

  it("dates each delivery at sending and signs the date, so a receiver refuses it replayed minutes later", async () => {
    await postTestStoreReceipt(server, user());
    server.clock.advance(42_000);
    const sentAt = server.clock.now;
    await deliver();
    const [request] = receiver.requests;
    expect(request!.headers["x-webhook-timestamp"]).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(verifyWebhookSignature(request!.rawBody, SECRET, request!.headers, { now: sentAt })).toBe(true);
    const later = new Date(sentAt.getTime() + 6 * 60_000);
    expect(verifyWebhookSignature(request!.rawBody, SECRET, request!.headers, { now: later })).toBe(false);
  });

  it("signs with every secret of a rotation; the first stays the bearer and the body signature of older receivers", async () => {
    const next = "whsec_realmheart_next_secret";
    await postTestStoreReceipt(server, user());
    await deliver({ webhooks: { realmheart: { url: receiver.url, secret: [SECRET, next] } } });
    const [request] = receiver.requests;
    const now = server.clock.now;
    expect(verifyWebhookSignature(request!.rawBody, SECRET, request!.headers, { now })).toBe(true);
    expect(verifyWebhookSignature(request!.rawBody, next, request!.headers, { now })).toBe(true);
    expect(
      verifyWebhookSignature(request!.rawBody, "whsec_dropped_long_ago_0", request!.headers, { now }),
    ).toBe(false);
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(verifyWebhookSignature(request!.rawBody, SECRET, request!.headers["x-webhook-signature"])).toBe(
      true,
    );
  });

  it("keeps 1,000 characters of a hostile answer (NUL bytes, megabytes) and still acknowledges its 2xx", async () => {
    const hostile = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end(`\u0000ok${"x".repeat(2_000_000)}`);
      });
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/hook`;
      await postTestStoreReceipt(server, user());
      expect(await deliver({ webhooks: { realmheart: { url, secret: SECRET } } })).toEqual({
        delivered: 1,
        failed: 0,
      });
      const [row] = await server.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.url, url));
      expect(row).toMatchObject({ status: 200, succeeded: true });
      expect(row!.responseExcerpt).toHaveLength(1000);
      expect(row!.responseExcerpt!.startsWith("\uFFFDok")).toBe(true);
    } finally {
      hostile.closeAllConnections();
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
    }
  });

  it("retries a failing receiver after 10 s, then 20 s, with the same event id, and stops after the 2xx", async () => {
    receiver.failNext(2, 503);
    await postTestStoreReceipt(server, user());

    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    server.clock.advance(9_999);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    server.clock.advance(1);
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    server.clock.advance(19_999);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    server.clock.advance(1);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });

    expect(receiver.requests.map((r) => r.answer)).toEqual([503, 503, 200]);
    const ids = new Set(receiver.requests.map((r) => r.headers["x-webhook-id"]));
    expect(ids.size).toBe(1);
    const [eventId] = [...ids] as string[];
    expect(receiver.requests.every((r) => r.body.event.id === eventId)).toBe(true);
    expect(await outboxRow(eventId!)).toMatchObject({
      attempts: 3,
      lastError: null,
      deliveredAt: server.clock.now,
    });

    server.clock.advance(2 * HOUR);
    await deliver();
    expect(receiver.requests).toHaveLength(3);
  });

  it("counts a receiver that does not answer in time as a failed attempt and records why", async () => {
    receiver.hangNext(1);
    await postTestStoreReceipt(server, user());

    expect(await deliver({ timeoutMs: 200 })).toEqual({ delivered: 0, failed: 1 });
    const eventId = receiver.requests[0]!.headers["x-webhook-id"] as string;
    expect(await outboxRow(eventId)).toMatchObject({
      attempts: 1,
      lastError: "No answer within 200 ms",
      deliveredAt: null,
    });

    server.clock.advance(10_000);
    expect(await deliver({ timeoutMs: 200 })).toEqual({ delivered: 1, failed: 0 });
  });

  it("counts a refused connection as a failed attempt and delivers once the receiver is back", async () => {
    const gone = await startWebhookReceiver();
    await gone.close();
    await postTestStoreReceipt(server, user());

    const down = { realmheart: { url: gone.url, secret: SECRET } };
    expect(await deliver({ webhooks: down })).toEqual({ delivered: 0, failed: 1 });
    const [row] = await server.database.db
      .select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.projectId, "realmheart"), isNull(webhookOutbox.deliveredAt)));
    expect(row?.lastError).toMatch(/fetch failed/);

    server.clock.advance(10_000);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.requests[0]!.headers["x-webhook-id"]).toBe(row!.eventId);
  });

  it("treats a redirect as a failure instead of following it", async () => {
    receiver.failNext(1, 307);
    await postTestStoreReceipt(server, user());
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    expect(receiver.requests).toHaveLength(1);
  });

  it("sends no second event for a replayed receipt", async () => {
    const appUserId = user();
    const { fetchToken } = await postTestStoreReceipt(server, appUserId);
    await postTestStoreReceipt(server, appUserId, { fetchToken });
    await deliver();
    expect(receiver.events().filter((e) => e.app_user_id === appUserId)).toHaveLength(1);
  });

  it("keeps the events of a project without a webhook until one is configured", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId, { key: "test_other_project", productId: "pro_yearly" });

    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    const [pending] = await server.database.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.projectId, "other"));
    expect(pending).toMatchObject({ attempts: 0, deliveredAt: null });

    const both = { ...webhooks(), other: { url: receiver.url, secret: "whsec_other_project_secret" } };
    expect(await deliver({ webhooks: both })).toEqual({ delivered: 1, failed: 0 });
    const [request] = receiver.requests;
    expect(request!.body.event).toMatchObject({ app_user_id: appUserId, entitlement_ids: ["pro"] });
    expect(
      verifyWebhookSignature(
        request!.rawBody,
        "whsec_other_project_secret",
        request!.headers["x-webhook-signature"],
      ),
    ).toBe(true);
  });

  it("sends each event once when several workers deliver at the same time", async () => {
    const users = Array.from({ length: 12 }, user);
    for (const appUserId of users) await postTestStoreReceipt(server, appUserId);

    const reports = await Promise.all(Array.from({ length: 4 }, () => deliver({ batchSize: 2 })));

    expect(reports.reduce((sum, r) => sum + r.delivered, 0)).toBe(12);
    expect(receiver.requests).toHaveLength(12);
    const ids = new Set(receiver.requests.map((r) => r.headers["x-webhook-id"]));
    expect(ids.size).toBe(12);
    expect(new Set(receiver.events().map((e) => e.app_user_id))).toEqual(new Set(users));
  });
});

describe.each(DATABASES)("host-app webhooks across a restart on %s", (kind) => {
  let receiver: WebhookReceiver;
  let cleanup: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await cleanup();
  });

  /** Where both server lifetimes keep their data: a PGlite data dir, or a PostgreSQL schema. */
  async function durableDatabase(kindOf: DatabaseKind): Promise<() => Promise<BillingDatabase>> {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (kindOf === "postgres" && databaseUrl) {
      const pgSchema = `test_${randomBytes(6).toString("hex")}`;
      cleanup = async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
        await client.end();
      };
      return () => openBillingDatabase({ databaseUrl, pgSchema });
    }
    const dataDir = await mkdtemp(join(tmpdir(), "billing-restart-"));
    cleanup = () => rm(dataDir, { recursive: true, force: true });
    return () => openBillingDatabase({ dataDir });
  }

  it("delivers after a restart what was pending before it", async () => {
    const open = await durableDatabase(kind);
    const clock = { now: new Date("2026-11-21T12:00:00Z") };
    const webhooks = { realmheart: { url: receiver.url, secret: SECRET } };
    const start = async () => {
      const database = await open();
      const app = Fastify({ logger: false });
      await app.register(billingServer, {
        prefix: "/billing",
        database,
        catalogue: testCatalogue(),
        now: () => clock.now,
        webhooks,
        workers: false,
      });
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      const server: TestServer = {
        app,
        url: `${address}/billing`,
        database,
        clock: { now: clock.now, advance: () => undefined },
        async close() {
          await app.close();
          await database.close();
        },
      };
      return server;
    };

    const first = await start();
    await postTestStoreReceipt(first, "restart_user");
    receiver.failNext(1);
    const ctx = { db: first.database.db, now: () => clock.now };
    expect(await deliverDueWebhooks(ctx, { webhooks, random: () => 1 })).toEqual({ delivered: 0, failed: 1 });
    await first.close();

    const second = await start();
    try {
      clock.now = new Date(clock.now.getTime() + 10_000);
      const report = await deliverDueWebhooks(
        { db: second.database.db, now: () => clock.now },
        { webhooks, random: () => 1 },
      );
      expect(report).toEqual({ delivered: 1, failed: 0 });
      expect(receiver.requests.map((r) => r.answer)).toEqual([500, 200]);
      expect(receiver.requests[1]!.headers["x-webhook-id"]).toBe(
        receiver.requests[0]!.headers["x-webhook-id"],
      );
      expect(receiver.requests[1]!.body.event).toMatchObject({
        type: "INITIAL_PURCHASE",
        app_user_id: "restart_user",
      });
    } finally {
      await second.close();
    }
  });
});
