// Regressions found by fuzzing (fuzz-endpoints.test.ts): text PostgreSQL cannot store exactly, paths that are
// not valid percent-encoding, and bodies nested deeper than the call stack.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, customerAttributes, customers } from "../src/db/schema.js";
import { KEYS } from "./support/catalogue.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import { call, DATABASES, startTestServer, type TestServer } from "./support/test-server.js";

describe.each(DATABASES)("hostile input on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** Calls, expecting a 400 `{ code, message }` and no table changed. */
  async function refused(...args: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) {
    const before = await snapshotTables(server.database.db);
    const answer = await call(server, ...args);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: expect.any(Number), message: expect.any(String) });
    expect(changedTables(before, await snapshotTables(server.database.db))).toEqual([]);
    return answer.body as { code: number; message: string };
  }

  it("refuses a NUL character in an attribute value with 7264 instead of failing in PostgreSQL with a 500", async () => {
    const body = await refused("POST", "/v1/subscribers/nul_user/attributes", {
      body: { attributes: { $displayName: { value: "Ar\u0000ia", updated_at_ms: 1 } } },
    });
    expect(body.code).toBe(7264);
    expect(body.message).toContain("attributes.$displayName.value");
    expect(
      await server.database.db.select().from(customers).where(eq(customers.appUserId, "nul_user")),
    ).toEqual([]);
  });

  it("refuses a NUL character in an app user id path and in an attribute name", async () => {
    await refused("GET", "/v1/subscribers/nul%00user");
    await refused("POST", "/v1/subscribers/nul_name_user/attributes", {
      body: { attributes: { "a\u0000b": { value: "x", updated_at_ms: 1 } } },
    });
  });

  it("refuses lone surrogates instead of storing U+FFFD in their place", async () => {
    await refused("POST", "/v1/events", {
      rawBody: JSON.stringify({
        events: [
          {
            id: "surrogate_event",
            timestamp_ms: 1,
            type: "web_billing",
            event_name: "sdk_initialized",
            app_user_id: "u1",
            context: { note: "half \ud83d of an emoji" },
            properties: {},
            trace_id: "t",
          },
        ],
      }),
    });
    expect(
      await server.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.id, "surrogate_event")),
    ).toEqual([]);
    // Whole surrogate pairs (emoji) are fine and come back as sent.
    const ok = await call(server, "POST", "/v1/subscribers/emoji_user/attributes", {
      body: { attributes: { $displayName: { value: "Aria 🐉 ‮", updated_at_ms: 1 } } },
    });
    expect(ok.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(customerAttributes)
      .where(eq(customerAttributes.appUserId, "emoji_user"));
    expect(row?.value).toBe("Aria 🐉 ‮");
  });

  it("answers a path that is not valid percent-encoding in the protocol's error shape", async () => {
    for (const path of [
      "/v1/subscribers/%E0%A4%A",
      "/v1/subscribers/%ED%A0%80/offerings",
      "/rcbilling/v1/checkout/%",
    ]) {
      const body = await refused("GET", path, { key: KEYS.sandbox });
      expect(body.code).toBe(7226);
    }
  });

  it("refuses a body nested 100,000 levels deep without overflowing the stack", async () => {
    const deep = `${"[".repeat(100_000)}"\u0000"${"]".repeat(100_000)}`;
    const rawBody = `{"events":[{"id":"deep","timestamp_ms":1,"type":"web_billing","event_name":"e","app_user_id":"u","context":{"d":${deep}},"properties":{},"trace_id":"t"}]}`;
    await refused("POST", "/v1/events", { key: KEYS.test, rawBody });
  });
});
