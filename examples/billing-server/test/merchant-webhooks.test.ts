// The merchant API's webhook routes (issue #48): a merchant's server lists its events and every attempt to deliver
// them, and replays one (the same event id, now); another project's key, a read-only key and made-up ids get nothing.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../src/access/audit-log.js";
import { deliverDueWebhooks } from "../src/webhooks/deliver-due-webhooks.js";
import { verifyWebhookSignature } from "../src/webhooks/webhook-signature.js";
import { merchantCall, secretKeyFor } from "./support/merchant-api.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";
import { DATABASES, startTestServer, type TestServer } from "./support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const SECRET = "whsec_merchant_webhooks_secret";
const HOUR = 3_600_000;
const base = "/v2/projects/realmheart/webhooks";

describe.each(DATABASES)("merchant webhook routes on %s", (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let reader: string;
  let writer: string;
  const webhooks = () => ({ realmheart: { url: receiver.url, secret: SECRET } });
  const deliver = () =>
    deliverDueWebhooks(
      { db: server.database.db, now: () => server.clock.now },
      { webhooks: webhooks(), random: () => 1 },
    );
  const user = () => `mw_${randomUUID()}`;
  const get = (path: string, key = reader) => merchantCall(server, "GET", path, { key });
  const replay = (eventId: string, key = writer, project = "realmheart") =>
    merchantCall(server, "POST", `/v2/projects/${project}/webhooks/events/${eventId}/actions/replay`, {
      key,
    });
  /** A purchase's event id, from the outbox list. */
  const eventOf = async (appUserId: string) => {
    const { body } = await get(`${base}/events?app_user_id=${appUserId}`);
    return body.items[0] as { id: string; [field: string]: unknown };
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(kind, { webhooks: webhooks() });
    reader = await secretKeyFor(server, ["webhooks:read"]);
    writer = await secretKeyFor(server, ["webhooks:write"]);
  });
  afterEach(async () => {
    server.clock.advance(2 * HOUR);
    await deliver();
    receiver.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it("lists events the last first, by customer and type, with when each was delivered and when it is tried next", async () => {
    const [first, second] = [user(), user()];
    await postTestStoreReceipt(server, first);
    receiver.failNext(1, 503);
    await deliver();
    server.clock.advance(1000);
    await postTestStoreReceipt(server, second);
    await deliver();

    const { status, body } = await get(`${base}/events?type=INITIAL_PURCHASE&limit=2`);
    expect(status).toBe(200);
    expect(body.items.map((e: { app_user_id: string }) => e.app_user_id)).toEqual([second, first]);
    const byUser = Object.fromEntries(body.items.map((e: { app_user_id: string }) => [e.app_user_id, e]));
    expect(byUser[first]).toMatchObject({
      object: "webhook_event",
      type: "INITIAL_PURCHASE",
      delivered_at: null,
      attempts: 1,
      next_attempt_at: server.clock.now.getTime() - 1000 + 10_000,
      last_error: "HTTP 503",
    });
    expect(byUser[second]).toMatchObject({
      delivered_at: server.clock.now.getTime(),
      attempts: 1,
      next_attempt_at: null,
      last_error: null,
    });
    expect(byUser[second].payload.event).toMatchObject({ id: byUser[second].id, app_user_id: second });

    const onlyFirst = await get(`${base}/events?app_user_id=${first}`);
    expect(onlyFirst.body.items.map((e: { id: string }) => e.id)).toEqual([byUser[first].id]);
    expect((await get(`${base}/events?app_user_id=${first}&type=RENEWAL`)).body.items).toEqual([]);
  });

  it("pages through events with next_page until the last page", async () => {
    const users = [user(), user(), user()];
    for (const appUserId of users) {
      await postTestStoreReceipt(server, appUserId);
      server.clock.advance(1000);
    }
    const seen: string[] = [];
    let path: string | null = `${base}/events?limit=1`;
    while (path && seen.length < 3) {
      const { body } = await get(path);
      seen.push(...body.items.map((e: { app_user_id: string }) => e.app_user_id));
      path = body.next_page;
    }
    expect(seen).toEqual([...users].reverse());
    const missing = await get(`${base}/events?starting_after=not_an_event`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: "resource_missing", param: "starting_after" });
  });

  it("shows an event with each attempt: status, the answer's start, the trigger", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    receiver.failNext(1, 500);
    await deliver();
    server.clock.advance(10_000);
    await deliver();
    const { id } = await eventOf(appUserId);

    const { status, body } = await get(`${base}/events/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: "webhook_event",
      id,
      attempts: 2,
      delivered_at: server.clock.now.getTime(),
    });
    expect(body.deliveries).toMatchObject({ object: "list", next_page: null });
    expect(body.deliveries.items).toMatchObject([
      {
        object: "webhook_delivery",
        event_id: id,
        event_type: "INITIAL_PURCHASE",
        app_user_id: appUserId,
        url: receiver.url,
        trigger: "schedule",
        http_status: 200,
        succeeded: true,
        response_excerpt: '{"received":true}',
        attempted_at: server.clock.now.getTime(),
      },
      { http_status: 500, succeeded: false, response_excerpt: '{"error":"try later"}' },
    ]);
  });

  it("lists attempts by customer or by event, the last first", async () => {
    const [one, other] = [user(), user()];
    await postTestStoreReceipt(server, one);
    await postTestStoreReceipt(server, other);
    receiver.failNext(2, 502);
    await deliver();
    server.clock.advance(10_000);
    await deliver();

    const byCustomer = await get(`${base}/deliveries?app_user_id=${one}`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.items.map((d: { http_status: number }) => d.http_status)).toEqual([200, 502]);
    expect(byCustomer.body.items.every((d: { app_user_id: string }) => d.app_user_id === one)).toBe(true);

    const { id } = await eventOf(other);
    const byEvent = await get(`${base}/deliveries?event_id=${id}&limit=1`);
    expect(byEvent.body.items).toMatchObject([{ event_id: id, http_status: 200 }]);
    const next = await get(byEvent.body.next_page);
    expect(next.body.items).toMatchObject([{ event_id: id, http_status: 502 }]);
    expect(next.body.next_page).toBeNull();
  });

  it("replays a delivered event now with the same id and a fresh signature, and keeps the attempt and an audit entry", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    await deliver();
    const { id } = await eventOf(appUserId);
    const deliveredAt = server.clock.now.getTime();
    server.clock.advance(HOUR);

    const { status, body } = await replay(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: "webhook_delivery",
      event_id: id,
      trigger: "replay",
      http_status: 200,
      succeeded: true,
      attempted_at: server.clock.now.getTime(),
    });
    expect(receiver.requests).toHaveLength(2);
    const again = receiver.requests[1]!;
    expect(again.headers["x-webhook-id"]).toBe(id);
    expect(again.rawBody).toBe(receiver.requests[0]!.rawBody);
    // Signed at the replay: a receiver checking the timestamp takes it now, not an hour-old capture.
    expect(verifyWebhookSignature(again.rawBody, SECRET, again.headers, { now: server.clock.now })).toBe(
      true,
    );
    expect(
      verifyWebhookSignature(receiver.requests[0]!.rawBody, SECRET, receiver.requests[0]!.headers, {
        now: server.clock.now,
      }),
    ).toBe(false);

    const event = (await get(`${base}/events/${id}`)).body;
    expect(event).toMatchObject({ delivered_at: deliveredAt, attempts: 2 });
    expect(event.deliveries.items.map((d: { trigger: string }) => d.trigger)).toEqual(["replay", "schedule"]);
    const [entry] = await auditEntries(server.database.db, {
      projectId: "realmheart",
      targetType: "webhook_event",
      targetId: id,
      limit: 5,
    });
    expect(entry).toMatchObject({
      action: "webhook_event.replay",
      actor: expect.stringMatching(/^secret_key key_/),
      before: { delivered_at: deliveredAt, attempts: 1 },
      after: { delivered_at: deliveredAt, attempts: 2, delivery_id: body.id, succeeded: true },
    });
  });

  it("counts a replay the receiver acknowledges as the delivery of an event still being retried", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    receiver.failNext(1, 503);
    await deliver();
    const { id } = await eventOf(appUserId);

    expect((await replay(id)).body).toMatchObject({ succeeded: true, trigger: "replay" });
    expect((await get(`${base}/events/${id}`)).body).toMatchObject({
      delivered_at: server.clock.now.getTime(),
      next_attempt_at: null,
      last_error: null,
    });
    server.clock.advance(HOUR);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.requests).toHaveLength(2);
  });

  it("keeps a failed replay's answer and leaves the retry schedule as it was", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    receiver.failNext(2, 503);
    await deliver();
    const { id, next_attempt_at: scheduled } = await eventOf(appUserId);

    const { status, body } = await replay(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      succeeded: false,
      http_status: 503,
      response_excerpt: '{"error":"try later"}',
    });
    expect(await eventOf(appUserId)).toMatchObject({
      delivered_at: null,
      next_attempt_at: scheduled,
      attempts: 2,
      last_error: "HTTP 503",
    });
  });

  it("answers 404 for an unknown event and for another project's event; 422 to replay where no endpoint is", async () => {
    const missing = await replay(randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ object: "error", type: "resource_missing", param: "event_id" });
    expect((await get(`${base}/events/${randomUUID()}`)).status).toBe(404);

    // An event of project "other": realmheart's key neither reads nor replays it, even by its exact id.
    await postTestStoreReceipt(server, user(), { key: "test_other_project", productId: "pro_yearly" });
    const otherKey = await secretKeyFor(server, ["webhooks:read", "webhooks:write"], { project: "other" });
    const { body } = await get("/v2/projects/other/webhooks/events", otherKey);
    const otherEvent = body.items[0].id as string;
    expect((await get(`${base}/events/${otherEvent}`)).status).toBe(404);
    expect((await replay(otherEvent)).status).toBe(404);
    expect((await get(`${base}/deliveries?event_id=${otherEvent}`)).body.items).toEqual([]);
    expect((await get(`/v2/projects/other/webhooks/events/${otherEvent}`)).status).toBe(404);
    expect(receiver.requests).toHaveLength(0);

    // Its own key may replay it, but the project has no endpoint: nothing is sent.
    const noEndpoint = await replay(otherEvent, otherKey, "other");
    expect(noEndpoint.status).toBe(422);
    expect(noEndpoint.body.type).toBe("unprocessable_entity_error");
    expect(receiver.requests).toHaveLength(0);
  });

  it("refuses a replay to a key that may only read, and sends nothing", async () => {
    const appUserId = user();
    await postTestStoreReceipt(server, appUserId);
    const { id } = await eventOf(appUserId);
    const refused = await replay(id, reader);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: "authorization_error" });
    expect(receiver.requests).toHaveLength(0);
    expect((await get(`${base}/deliveries?event_id=${id}`)).body.items).toEqual([]);
  });
});
