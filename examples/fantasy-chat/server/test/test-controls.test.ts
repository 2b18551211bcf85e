import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OffsetClock } from "../src/clock.js";
import { decideInSandbox, follow, startTrialSetup } from "./support/payments.js";
import { Client, DATABASES, registerUser, startTestApp, type TestApp } from "./support/test-app.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)("test controls for the end-to-end suite on %s", (kind) => {
  let server: TestApp;
  let clock: OffsetClock;
  beforeAll(async () => {
    clock = new OffsetClock();
    server = await startTestApp(kind, { clock, renewals: false });
  });
  afterAll(() => server.close());

  it("moves the server's clock to a trial's end and runs the renewal worker on demand", async () => {
    const { client } = await registerUser(server);
    const { authorization_url } = await startTrialSetup(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve"));
    const trialEnd = Date.parse((await client.get("/api/auth/user")).body.trialEndDate);

    const moved = await client.post("/api/test/clock", { advanceMs: 7 * DAY_MS + 60_000 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now)).toBeGreaterThan(trialEnd);
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("expired");

    const pass = await client.post("/api/test/renewals");
    expect(pass.body).toEqual({ charged: 1, succeeded: 1, failed: 0, pending: 0, expired: 0 });
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");

    const set = await client.post("/api/test/clock", { now: "2030-01-01T00:00:00Z" });
    expect(set.body.now.startsWith("2030-01-01T00:00:0")).toBe(true);
    expect((await client.post("/api/test/clock", { later: true })).status).toBe(400);
  });
});

describe("test controls outside NODE_ENV=test", () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp("pglite", { clock: new OffsetClock(), env: { NODE_ENV: "development" } });
  });
  afterAll(() => server.close());

  it("do not exist", async () => {
    const client = new Client(server);
    expect((await client.get("/api/test/clock")).status).toBe(404);
    expect((await client.post("/api/test/clock", { advanceMs: 1 })).status).toBe(404);
    expect((await client.post("/api/test/renewals")).status).toBe(404);
  });
});
