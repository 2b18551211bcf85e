// The billing server's defences: an API key on every route but the signed gateway webhook, CORS by project,
// webhook signatures that guard every write, no secrets or card data in the logs, and security headers.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openBillingDatabase, type BillingDatabase } from "../src/db/database.js";
import { billingFrameworkErrors } from "../src/http/framework-errors.js";
import { billingServer } from "../src/plugin.js";
import { SECURITY_HEADERS } from "../src/http/security-headers.js";
import { KEYS, testCatalogue } from "./support/catalogue.js";
import {
  buyThroughStripe,
  checkoutCall,
  startBody,
  startCheckoutServer,
  type CheckoutServer,
} from "./support/checkout-server.js";
import { changedTables, snapshotTables } from "./support/table-snapshot.js";
import { call, DATABASES } from "./support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.js";

const ADMIN_SECRET = "admin-secret-never-logged-0123";
const HOST_WEBHOOK_SECRET = "host-webhook-secret-never-logged";
const STRIPE_OPTIONS = {
  secretKey: "sk_test_route_table",
  webhookSecret: "whsec_route_table",
  publishableKey: "pk_test_route_table",
  apiBase: "http://127.0.0.1:9",
  accountId: "acct_route_table",
};
/**
 * Routes that take no API key: the health checks (for orchestrators; they hold no customer data) and, by protocol,
 * the Stripe webhook (Stripe authenticates with its signature instead).
 */
const PUBLIC_ROUTES = [
  "GET /billing/health",
  "HEAD /billing/health",
  "GET /billing/health/ready",
  "HEAD /billing/health/ready",
  "POST /billing/rcbilling/v1/stripe/webhook",
  // The merchant API's OpenAPI document: it describes the routes and holds no data.
  "GET /billing/openapi.json",
  "HEAD /billing/openapi.json",
];

describe("the route table", () => {
  let database: BillingDatabase;
  const app = Fastify({ logger: false, frameworkErrors: billingFrameworkErrors });
  const routes: { method: string; url: string; public: boolean; merchant?: { api: string } }[] = [];

  beforeAll(async () => {
    database = await openBillingDatabase();
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          merchant: route.config?.merchant,
        });
      }
    });
    // Every optional route registered: the admin routes and the Stripe webhook.
    await app.register(billingServer, {
      prefix: "/billing",
      database,
      catalogue: testCatalogue(),
      workers: false,
      adminSecret: ADMIN_SECRET,
      stripe: STRIPE_OPTIONS,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("marks exactly the health checks and the Stripe webhook as public", () => {
    const publicRoutes = routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toEqual(PUBLIC_ROUTES);
    // The table is the whole protocol surface, so a route added later is covered by the tests below.
    expect(routes.filter((r) => r.method !== "OPTIONS").length).toBeGreaterThanOrEqual(13);
  });

  it("answers 401 with code 7225 on every other route without a key, with a wrong key and with a malformed header", async () => {
    const guarded = routes.filter((r) => !r.public && r.method !== "OPTIONS");
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, "x_$1").replace("*", "x");
      for (const authorization of [undefined, "Bearer rcb_not_a_key", "Basic dXNlcjpwYXNz", KEYS.sandbox]) {
        const response = await app.inject({
          method: route.method as "GET",
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${route.method} ${url} ${authorization}`).toBe(401);
        // The merchant API's v2 routes answer in RevenueCat v2's error shape.
        if (route.method !== "HEAD" && route.merchant?.api === "v2") {
          expect(response.json(), `${route.method} ${url}`).toMatchObject({
            object: "error",
            type: "authentication_error",
          });
        } else if (route.method !== "HEAD") {
          expect(response.json(), `${route.method} ${url}`).toEqual({
            code: 7225,
            message: "Invalid API key.",
          });
        }
      }
    }
    expect(guarded.length).toBeGreaterThanOrEqual(12);
  });

  it("answers CORS preflights without a key, and nothing else", async () => {
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/billing/v1/subscribers/u1",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    expect(preflight.body).toBe("");
  });
});

describe.each(DATABASES)("security on %s", (kind) => {
  let checkout: CheckoutServer;
  let receiver: WebhookReceiver;
  const logs: string[] = [];
  const server = () => checkout.server;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    checkout = await startCheckoutServer(
      kind,
      {
        adminSecret: ADMIN_SECRET,
        // Workers on, so their logs are captured too: webhook delivery to the host app runs every 50 ms.
        workers: undefined,
        workerIntervalMs: 50,
        webhooks: { realmheart: { url: receiver.url, secret: HOST_WEBHOOK_SECRET } },
      },
      { logStream: { write: (line: string) => void logs.push(line) } },
    );
  });
  afterAll(async () => {
    await checkout?.close();
    await receiver?.close();
  });

  describe("webhook signatures", () => {
    it.each([
      ["a missing signature", { header: null }],
      ["a signature made with another secret", { secret: "whsec_attacker" }],
      ["a stale signature (six minutes old)", { timestamp: Date.parse("2026-11-21T11:54:00Z") / 1000 }],
    ])("refuses %s with 400 and writes nothing", async (_name, overrides) => {
      const start = await checkoutCall(server(), "POST", "/start", startBody(`forger_${logs.length}`));
      const id: string = start.body.operation_session_id;
      const complete = await checkoutCall(server(), "POST", `/${id}/complete`, { email: "f@example.com" });
      const intent = checkout.stripe.intentBySecret(complete.body.gateway_params.client_secret);
      const event = checkout.stripe.event(`${intent.object as string}.succeeded`, {
        ...intent,
        status: "succeeded",
        payment_method: "pm_forged",
      });
      const before = await snapshotTables(server().database.db);
      const delivery = await checkout.stripe.deliver(event, overrides);
      expect(delivery.status).toBe(400);
      expect(delivery.body).toMatchObject({ code: 7226 });
      expect(changedTables(before, await snapshotTables(server().database.db))).toEqual([]);
      expect((await checkoutCall(server(), "GET", `/${id}`)).body.operation.status).toBe("in_progress");
    });
  });

  describe("CORS by project", () => {
    const get = (key: string, origin: string) =>
      call(server(), "GET", "/rcbilling/v1/branding", { key, headers: { origin } });

    it("allows any origin for a project without an allow-list (Realmheart's catalogue sets none)", async () => {
      const response = await get(KEYS.sandbox, "https://realmheart.example");
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
    });

    it("echoes only the project's own allowed origins", async () => {
      const allowed = await get(KEYS.otherProject, "https://other.example");
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://other.example");
      expect(allowed.headers.get("vary")).toContain("Origin");
    });

    it("refuses a page on a foreign origin before the route runs, with a refusal the page can read", async () => {
      const foreign = await get(KEYS.otherProject, "https://realmheart.example");
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get("access-control-allow-origin")).toBe("*");
      expect(foreign.body).toEqual({
        code: 7225,
        message:
          "This API key's project does not allow requests from pages on https://realmheart.example: add the origin to the project's allowed_origins (ALLOWED_ORIGINS for the CLI).",
      });
    });

    it("writes nothing for a foreign page (the attacker's side: a POST it cannot read is not run either)", async () => {
      const before = await snapshotTables(server().database.db);
      const write = await call(server(), "POST", "/v1/subscribers/cors_victim/attributes", {
        key: KEYS.otherProject,
        headers: { origin: "https://attacker.example" },
        body: { attributes: { $email: { value: "attacker@example.com", updated_at_ms: 1 } } },
      });
      expect(write.status).toBe(403);
      expect(changedTables(before, await snapshotTables(server().database.db))).toEqual([]);
    });

    it("serves a page on the billing server's own host, whatever the project's list (same origin needs no CORS)", async () => {
      const host = new URL(server().url).host;
      const own = await get(KEYS.otherProject, `http://${host}`);
      expect(own.status).toBe(200);
      const ownDifferentPort = await get(KEYS.otherProject, `http://${host.replace(/:\d+$/, ":1")}`);
      expect(ownDifferentPort.status).toBe(403);
    });

    it("logs a refused origin once, naming the project and what it allows", async () => {
      const origin = `https://refused-${logs.length}.example`;
      await get(KEYS.otherProject, origin);
      await get(KEYS.otherProject, origin);
      const lines = logs.filter((line) => line.includes(`Refused a page on ${origin}`));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        msg: `Refused a page on ${origin}: project other allows requests only from https://other.example (its allowed_origins, or ALLOWED_ORIGINS).`,
      });
    });

    it("does not let one project's key read another project's checkout session", async () => {
      const start = await checkoutCall(server(), "POST", "/start", startBody("cors_owner"));
      const foreign = await checkoutCall(
        server(),
        "GET",
        `/${start.body.operation_session_id as string}`,
        undefined,
        KEYS.otherProject,
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe(7877);
    });
  });

  it("sends the security headers on answers, refusals, 404s, bad URLs and preflights", async () => {
    const answers = await Promise.all([
      call(server(), "GET", "/rcbilling/v1/branding", { key: KEYS.sandbox }),
      call(server(), "GET", "/rcbilling/v1/branding", { key: null }),
      call(server(), "GET", "/no/such/route", { key: KEYS.sandbox }),
      call(server(), "GET", "/v1/subscribers/%E0%A4%A", { key: KEYS.sandbox }),
      call(server(), "POST", "/v1/events", { key: KEYS.test, rawBody: "{not json" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400, 400]);
    expect(answers[3]?.body).toEqual({ code: 7226, message: expect.stringContaining("not a valid url") });
    const preflight = await fetch(`${server().url}/v1/subscribers/u1`, {
      method: "OPTIONS",
      headers: { origin: "https://a.example", "access-control-request-method": "GET" },
    });
    for (const headers of [...answers.map((a) => a.headers), preflight.headers]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers.get(name)).toBe(value);
    }
  });

  it("logs no API key, gateway secret, webhook secret, admin secret, client secret or card data during a full purchase", async () => {
    const card = "4242424242424242";
    logs.length = 0;
    // A Test Store purchase, attributes with an email, a Stripe checkout that its webhook settles, a
    // refused key, a refused card-shaped body, an admin cancel and the signed deliveries to the host app.
    const receipt = await call(server(), "POST", "/v1/receipts", {
      key: KEYS.test,
      body: {
        fetch_token: `test_1763726400000_${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`,
        product_id: "premium_realm_monthly",
        app_user_id: "log_user",
      },
    });
    expect(receipt.status).toBe(200);
    await call(server(), "POST", "/v1/subscribers/log_user/attributes", {
      key: KEYS.test,
      body: { attributes: { $email: { value: "log_user@example.com", updated_at_ms: 1 } } },
    });
    const bought = await buyThroughStripe(checkout, "log_buyer");
    expect(bought.delivery.status).toBe(200);
    await call(server(), "GET", "/v1/subscribers/log_buyer", { key: "rcb_sb_guessed_key_123" });
    await call(server(), "POST", "/rcbilling/v1/checkout/start", {
      key: KEYS.sandbox,
      body: { ...startBody("log_card"), card_number: card, cvc: "123", metadata: { card } },
    });
    await call(server(), "POST", "/v1/subscribers/log_user/subscriptions/premium_realm_monthly/cancel", {
      key: KEYS.sandbox,
      headers: { "x-billing-admin-secret": ADMIN_SECRET },
    });
    await vi.waitFor(() => expect(receiver.events().length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });

    const text = logs.join("");
    expect(text).toContain("incoming request"); // the capture works
    const secrets = {
      ...KEYS,
      stripeSecretKey: checkout.stripe.options.secretKey,
      stripeWebhookSecret: checkout.stripe.options.webhookSecret,
      hostWebhookSecret: HOST_WEBHOOK_SECRET,
      adminSecret: ADMIN_SECRET,
      clientSecret: bought.clientSecret,
      card,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(text.includes(secret), `${name} appears in the logs`).toBe(false);
    }
    expect(text).not.toMatch(/authorization|stripe-signature|x-billing-admin-secret/i);
  });
});
