// The database going away under the billing server: every request answers 503 `{ code: 7110, message }`
// with Retry-After instead of a 500 or a hang, nothing is half-written, and service resumes by itself when
// the database is back. PostgreSQL is taken away through a TCP proxy (refused, cut mid-query, black-holed);
// embedded PGlite can only be closed, which is final for an in-memory database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../src/db/database-unavailable.js";
import { customerAttributes, purchases } from "../src/db/schema.js";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../src/http/error-handler.js";
import { KEYS } from "./support/catalogue.js";
import { startFaultProxy } from "./support/fault-proxy.js";
import { call, DATABASES, startTestServer, type TestServer } from "./support/test-server.js";
import { newFetchToken } from "./support/test-store-receipt.js";

type Answer = Awaited<ReturnType<typeof call>>;

function expectUnavailable(answer: Answer) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ code: 7110, message: DATABASE_UNAVAILABLE_MESSAGE });
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
}

const attributes = (server: TestServer, appUserId: string, value: string) =>
  call(server, "POST", `/v1/subscribers/${appUserId}/attributes`, {
    key: KEYS.test,
    body: { attributes: { $displayName: { value, updated_at_ms: 1 } } },
  });

describe("telling an unreachable database from a bad query", () => {
  it("counts lost connections, refused and timed-out connects and shutdowns, through Drizzle's cause chain", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    expect(isDatabaseUnavailable(withCode("57P01"))).toBe(true); // terminated by administrator
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
  });

  it("does not count a query's own error (syntax, constraint) as unavailability", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});

describe("PGlite closed under a running server", () => {
  it("answers 503 JSON with Retry-After on reads, writes and key checks, never hanging", async () => {
    const server = await startTestServer("pglite");
    try {
      expect((await call(server, "GET", "/v1/subscribers/closed_user")).status).toBe(200);
      await server.database.close();
      expectUnavailable(await call(server, "GET", "/v1/subscribers/closed_user"));
      expectUnavailable(await attributes(server, "closed_user", "Aria"));
      expectUnavailable(await call(server, "GET", "/rcbilling/v1/branding", { key: KEYS.sandbox }));
    } finally {
      await server.app.close();
    }
  });
});

describe.each(DATABASES.filter((kind) => kind === "postgres"))("%s taken away through a proxy", (kind) => {
  async function proxiedServer() {
    const proxy = await startFaultProxy(process.env.TEST_DATABASE_URL as string);
    const server = await startTestServer(
      kind,
      {},
      { connectVia: () => proxy.url, connectionTimeoutMillis: 1_000 },
    );
    return {
      proxy,
      server,
      async close() {
        proxy.setMode("forward");
        await server.close();
        await proxy.close();
      },
    };
  }

  it("answers 503 while connections are refused, and serves again once the database is back", async () => {
    const { proxy, server, close } = await proxiedServer();
    try {
      expect((await attributes(server, "outage_user", "before")).status).toBe(200);
      proxy.setMode("refuse");
      proxy.cutAll();
      expectUnavailable(await call(server, "GET", "/v1/subscribers/outage_user"));
      expectUnavailable(await attributes(server, "outage_user", "during"));
      proxy.setMode("forward");
      expect((await attributes(server, "outage_user", "after")).status).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(customerAttributes)
        .where(eq(customerAttributes.appUserId, "outage_user"));
      expect(row?.value).toBe("after");
    } finally {
      await close();
    }
  });

  it("answers 503 when the connection drops mid-request, writes nothing half-way, and the retried receipt grants exactly once", async () => {
    const { proxy, server, close } = await proxiedServer();
    try {
      const receipt = {
        fetch_token: newFetchToken(),
        product_id: "premium_realm_monthly",
        app_user_id: "midway_user",
      };
      // The key check and the product lookup go through; a later query of the request is held, then cut.
      const held = proxy.holdQuery(2);
      const pending = call(server, "POST", "/v1/receipts", { key: KEYS.test, body: receipt });
      await held;
      proxy.cutAll();
      proxy.setMode("forward");
      expectUnavailable(await pending);
      const count = async () =>
        (await server.database.db.select().from(purchases).where(eq(purchases.appUserId, "midway_user")))
          .length;
      expect(await count()).toBe(0);
      expect((await call(server, "POST", "/v1/receipts", { key: KEYS.test, body: receipt })).status).toBe(
        200,
      );
      expect((await call(server, "POST", "/v1/receipts", { key: KEYS.test, body: receipt })).status).toBe(
        200,
      );
      expect(await count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("still serves after more transactions died at BEGIN than the pool has connections (no leaked pool slot)", async () => {
    const { proxy, server, close } = await proxiedServer();
    try {
      // The pool holds 10 connections; each cut below used to keep one checked out for ever.
      for (let i = 0; i < 12; i++) {
        const held = proxy.holdQuery(2);
        const pending = call(server, "POST", "/v1/receipts", {
          key: KEYS.test,
          body: {
            fetch_token: newFetchToken(),
            product_id: "premium_realm_monthly",
            app_user_id: `leak_${i}`,
          },
        });
        await held;
        proxy.cutAll();
        proxy.setMode("forward");
        expectUnavailable(await pending);
      }
      expect((await attributes(server, "leak_survivor", "served")).status).toBe(200);
    } finally {
      await close();
    }
  });

  it("answers 503 within the connection timeout when the database accepts but never answers", async () => {
    const { proxy, server, close } = await proxiedServer();
    try {
      proxy.setMode("blackhole");
      proxy.cutAll();
      const started = performance.now();
      expectUnavailable(await call(server, "GET", "/v1/subscribers/silent_user"));
      expect(performance.now() - started).toBeLessThan(5_000);
      proxy.setMode("forward");
      expect((await call(server, "GET", "/v1/subscribers/silent_user")).status).toBe(200);
    } finally {
      await close();
    }
  });
});
