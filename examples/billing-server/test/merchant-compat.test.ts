// Issue #48's compatibility point: a merchant's support tool written against RevenueCat's documented REST API v1 and
// v2 (test/fixtures/merchant-server/support-desk.mjs: nothing of this server in it) runs unchanged against the billing
// server, its base URL the only change, as its own Node process over real HTTP.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS } from "./support/catalogue.js";
import { secretKeyFor } from "./support/merchant-api.js";
import { DATABASES, call, startTestServer, type TestServer } from "./support/test-server.js";
import { postTestStoreReceipt } from "./support/test-store-receipt.js";

const SCRIPT = fileURLToPath(new URL("./fixtures/merchant-server/support-desk.mjs", import.meta.url));
const DAY_MS = 86_400_000;

/** Runs the support tool against `origin`; resolves with its exit code and the JSON lines it printed, by step. */
function supportDesk(origin: string, secretKey: string, args: string[]) {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      REVENUECAT_API_ORIGIN: origin,
      REVENUECAT_SECRET_KEY: secretKey,
      REVENUECAT_PROJECT_ID: "realmheart",
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; steps: Record<string, any>; stderr: string }>((resolve) =>
    child.on("exit", (code) => {
      const steps = Object.fromEntries(
        stdout
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { step: string })
          .map((line) => [line.step, line]),
      );
      resolve({ code, steps, stderr });
    }),
  );
}

describe.each(DATABASES)("a RevenueCat merchant script against the billing server on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it("finds the customer by email, grants and takes back a week, cancels the renewal and reads the metrics", async () => {
    await postTestStoreReceipt(server, "compat_user");
    await call(server, "POST", "/v1/subscribers/compat_user/attributes", {
      key: KEYS.test,
      body: { attributes: { $email: { value: "compat@example.com", updated_at_ms: 1 } } },
    });
    const key = await secretKeyFor(server, ["customers:write", "metrics:read"]);

    const run = await supportDesk(server.url, key, ["compat_user", "compat@example.com"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { search, customer_info, active_entitlements, granted, cancelled, revoked, metrics } = run.steps;
    expect(search).toEqual({ step: "search", object: "list", ids: ["compat_user"] });
    expect(customer_info).toEqual({
      step: "customer_info",
      active: ["premium"],
      subscriptions: ["premium_realm_monthly"],
    });
    expect(active_entitlements.ids).toEqual(["premium"]);
    expect(granted).toEqual({
      step: "granted",
      product: "rc_promo_premium_weekly",
      expires: new Date(server.clock.now.getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(cancelled).toMatchObject({ auto_renewal_status: "will_not_renew" });
    expect(cancelled.id).toMatch(/^sub_/);
    expect(revoked).toEqual({ step: "revoked", promotional: false });
    // Test Store purchases are test money: the production metrics count none of them.
    expect(metrics).toEqual({ step: "metrics", mrr: 0, active_subscriptions: 0 });

    // What the script did is what the server now holds: renewal off, no promotional access.
    const after = await call(server, "GET", "/v1/subscribers/compat_user", { key: KEYS.test });
    const subscriptions = after.body.subscriber.subscriptions;
    expect(subscriptions.premium_realm_monthly.unsubscribe_detected_at).not.toBeNull();
    expect(subscriptions.rc_promo_premium_weekly?.expires_date ?? null).not.toBe(granted.expires);
  });

  it("stops with RevenueCat's error when the key may not do a step, changing nothing after it", async () => {
    await postTestStoreReceipt(server, "compat_reader");
    await call(server, "POST", "/v1/subscribers/compat_reader/attributes", {
      key: KEYS.test,
      body: { attributes: { $email: { value: "reader@example.com", updated_at_ms: 1 } } },
    });
    const readOnly = await secretKeyFor(server, ["customers:read"]);
    const run = await supportDesk(server.url, readOnly, ["compat_reader", "reader@example.com"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("promotional: 403");
    expect(Object.keys(run.steps)).toEqual(["search", "customer_info", "active_entitlements"]);
    const after = await call(server, "GET", "/v1/subscribers/compat_reader", { key: KEYS.test });
    expect(Object.keys(after.body.subscriber.subscriptions)).toEqual(["premium_realm_monthly"]);
  });
});
