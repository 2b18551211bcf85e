// Issue #43: Test Store keys (test_…) grant entitlements without payment, so a production billing server refuses
// them unless its host turns them on (`testStore`, TEST_STORE=on for the CLI): 401 with the invalid-key code and a
// message saying how. One line at start says whether they are on.
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEYS } from "./support/catalogue.js";
import { newFetchToken } from "./support/test-store-receipt.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";

/** A Test Store purchase of Premium Realm, as the SDK posts it. */
const receipt = (server: TestServer, appUserId: string) =>
  call(server, "POST", "/v1/receipts", {
    key: KEYS.test,
    body: { fetch_token: newFetchToken(), product_id: "premium_realm_monthly", app_user_id: appUserId },
  });

describe.each(DATABASES)("Test Store keys on %s", (kind) => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** A server as the host configures it, with its start-up log. */
  async function serverWith(options: { testStore?: boolean }) {
    const lines: string[] = [];
    const server = await startTestServer(kind, options, { logStream: { write: (l) => lines.push(l) } });
    return { server, lines };
  }

  it("are refused (401, 7225) on NODE_ENV=production by default: customer info, and a receipt that grants nothing", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { server, lines } = await serverWith({});
    try {
      const info = await call(server, "GET", "/v1/subscribers/prod_user", { key: KEYS.test });
      expect(info.status).toBe(401);
      expect(info.body.code).toBe(7225);
      expect(info.body.message).toMatch(/^Test Store keys \(test_…\) are turned off on this server/);
      expect(info.body.message).toContain("testStore: true (TEST_STORE=on for the CLI)");
      const bought = await receipt(server, "prod_user");
      expect(bought.status).toBe(401);
      const after = await call(server, "GET", "/v1/subscribers/prod_user", { key: KEYS.sandbox });
      expect(after.status).toBe(200);
      expect(after.body.subscriber.entitlements).toEqual({});
      expect(after.body.subscriber.subscriptions).toEqual({});
      expect(lines.join("\n")).toContain("Test Store keys (test_…) are off: they are refused (401)");
    } finally {
      await server.close();
    }
  });

  it("are refused when the host turns them off, whatever NODE_ENV says", async () => {
    const { server } = await serverWith({ testStore: false });
    try {
      expect((await call(server, "GET", "/v1/subscribers/u1", { key: KEYS.test })).status).toBe(401);
      expect((await call(server, "GET", "/v1/subscribers/u1", { key: KEYS.sandbox })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("work on NODE_ENV=production when the host turns them on on purpose", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { server, lines } = await serverWith({ testStore: true });
    try {
      expect(lines.join("\n")).toContain(
        "Test Store keys (test_…) are on: their purchases grant entitlements without payment",
      );
      expect((await receipt(server, "on_purpose")).status).toBe(200);
      const info = await call(server, "GET", "/v1/subscribers/on_purpose", { key: KEYS.test });
      expect(info.status).toBe(200);
      expect(Object.keys(info.body.subscriber.entitlements)).toEqual(["premium"]);
    } finally {
      await server.close();
    }
  });
});
