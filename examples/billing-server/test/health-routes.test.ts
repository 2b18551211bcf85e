// The health checks an orchestrator polls: liveness without the database, readiness through it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DATABASES, startTestServer, type TestServer } from "./support/test-server.js";

describe.each(DATABASES)("health checks on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it("answers liveness and readiness without an API key", async () => {
    const live = await call(server, "GET", "/health", { key: null });
    expect(live).toMatchObject({ status: 200, body: { status: "ok" } });
    const ready = await call(server, "GET", "/health/ready", { key: null });
    expect(ready).toMatchObject({ status: 200, body: { status: "ready", database: kind } });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });
});

describe("health checks with the database gone", () => {
  it("stays live but answers readiness 503 with Retry-After once PGlite is closed", async () => {
    const server = await startTestServer("pglite");
    try {
      await server.database.close();
      expect((await call(server, "GET", "/health", { key: null })).status).toBe(200);
      const ready = await call(server, "GET", "/health/ready", { key: null });
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "unavailable", database: "pglite" });
      expect(ready.headers.get("retry-after")).toBe("5");
    } finally {
      await server.app.close();
    }
  });
});
