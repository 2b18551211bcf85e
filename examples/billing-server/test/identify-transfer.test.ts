// The TRANSFER webhook event of an identify that moves an anonymous customer's purchases to a signed-in id:
// written once, in the identify's transaction, and only when something moved.
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookOutbox } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const anonymousId = () => `$RCAnonymousID:${randomUUID().replaceAll("-", "")}`;

describe.each(DATABASES)("identify's TRANSFER event on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const identify = (app_user_id: string, new_app_user_id: string) =>
    call(server, "POST", "/v1/subscribers/identify", {
      key: KEYS.test,
      body: { app_user_id, new_app_user_id },
    });
  const transfers = async () =>
    (await server.database.db.select().from(webhookOutbox).where(eq(webhookOutbox.type, "TRANSFER"))).map(
      (row) => row.payload as { event: Record<string, unknown> },
    );
  const transfersTo = async (to: string) =>
    (await transfers()).filter((payload) => payload.event.app_user_id === to);

  it("writes one TRANSFER event naming both ids when an anonymous customer's purchase moves; a retry writes none", async () => {
    const anonymous = anonymousId();
    const identified = `user_${randomUUID()}`;
    await postTestStoreReceipt(server, anonymous);
    expect((await identify(anonymous, identified)).status).toBe(201);
    const [event, ...more] = await transfersTo(identified);
    expect(more).toEqual([]);
    expect(event).toEqual({
      api_version: "1.0",
      event: {
        id: expect.any(String),
        type: "TRANSFER",
        app_user_id: identified,
        transferred_from: [anonymous],
        transferred_to: [identified],
        environment: "SANDBOX",
        event_timestamp_ms: server.clock.now.getTime(),
      },
    });
    expect((await identify(anonymous, identified)).status).toBe(200);
    expect(await transfersTo(identified)).toHaveLength(1);
  });

  it("writes none when nothing moves: an anonymous id without purchases, or an identified id", async () => {
    const before = (await transfers()).length;
    const identified = `user_${randomUUID()}`;
    await identify(anonymousId(), identified);
    const other = `user_${randomUUID()}`;
    await postTestStoreReceipt(server, other);
    await identify(other, `user_${randomUUID()}`);
    expect(await transfers()).toHaveLength(before);
  });
});
