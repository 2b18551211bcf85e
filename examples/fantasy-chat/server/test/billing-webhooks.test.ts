import { userChanged } from "../src/users/user-changes.js";
import { signWebhookBody } from "@purchases-web/billing-server";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processedBillingEvents, users } from "../src/db/schema.js";
import { ADMIN_EMAIL, Client, DATABASES, registerUser, type TestApp } from "./support/test-app.js";
import { startAppWithBilling } from "./support/billing-database.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)("billing-server webhooks on %s", (kind) => {
  let server: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ server, close } = await startAppWithBilling(kind));
  });
  afterAll(() => close());

  const secret = () => server.config.billingWebhookSecret;
  const userRow = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  function event(type: string, appUserId: string, expiresAt: Date | null, id = randomUUID()) {
    return {
      api_version: "1.0",
      event: {
        id,
        type,
        app_user_id: appUserId,
        product_id: "premium_realm_monthly",
        entitlement_ids: ["premium"],
        period_type: "NORMAL",
        purchased_at_ms: server.clock.now().getTime(),
        expiration_at_ms: expiresAt?.getTime() ?? null,
        store: "TEST_STORE",
        environment: "SANDBOX",
      },
    };
  }

  async function deliver(payload: ReturnType<typeof event>, overrides: Record<string, string> = {}) {
    const body = JSON.stringify(payload);
    return new Client(server).request("POST", "/api/webhooks/billing", {
      rawBody: body,
      headers: {
        authorization: `Bearer ${secret()}`,
        "x-webhook-id": payload.event.id,
        "x-webhook-signature": signWebhookBody(body, secret()),
        ...overrides,
      },
    });
  }

  it("shows a declined store renewal as past due through its grace period, then paid again on RENEWAL", async () => {
    const { client, user } = await registerUser(server);
    const now = server.clock.now().getTime();
    const periodEnd = new Date(now + 10 * DAY_MS);
    expect((await deliver(event("INITIAL_PURCHASE", user.id, periodEnd))).status).toBe(200);
    server.clock.advance(10 * DAY_MS + 60_000);
    const issue = event("BILLING_ISSUE", user.id, periodEnd);
    const graceEnd = new Date(periodEnd.getTime() + 6 * DAY_MS);
    Object.assign(issue.event, { grace_period_expiration_at_ms: graceEnd.getTime() });
    expect((await deliver(issue)).status).toBe(200);
    expect((await client.get("/api/subscription")).body).toMatchObject({
      status: "active",
      source: "store",
      billingIssue: true,
      graceEndsAt: graceEnd.toISOString(),
    });
    const { client: admin } = await registerUser(server, { email: ADMIN_EMAIL });
    expect((await admin.get("/api/admin/billing")).body.pastDue).toBeGreaterThanOrEqual(1);
    const before = (await admin.get("/api/admin/billing")).body.pastDue as number;
    const renewed = event("RENEWAL", user.id, new Date(periodEnd.getTime() + 30 * DAY_MS));
    expect((await deliver(renewed)).status).toBe(200);
    expect((await client.get("/api/subscription")).body).toMatchObject({
      billingIssue: false,
      graceEndsAt: null,
    });
    expect((await admin.get("/api/admin/billing")).body.pastDue).toBe(before - 1);
    server.clock.set(new Date(now));
  });

  it("refuses a wrong bearer secret or signature with 401 and changes nothing", async () => {
    const { user } = await registerUser(server);
    const payload = event("INITIAL_PURCHASE", user.id, new Date(server.clock.now().getTime() + 30 * DAY_MS));
    const body = JSON.stringify(payload);
    const attempts: Array<Record<string, string>> = [
      { authorization: "Bearer wrong-secret-wrong-secret" },
      { authorization: "" },
      { "x-webhook-signature": signWebhookBody(body, "another-secret-0123456789") },
      { "x-webhook-signature": "" },
    ];
    for (const headers of attempts) {
      const answer = await deliver(payload, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid webhook credentials", code: "invalid_signature" });
    }
    expect((await userRow(user.id)).subscriptionStatus).toBe("trial");
    const processed = await server.database.db
      .select()
      .from(processedBillingEvents)
      .where(eq(processedBillingEvents.eventId, payload.event.id));
    expect(processed).toHaveLength(0);
  });

  it("makes a premium purchase active until its expiration, once per event id, and expires it on EXPIRATION", async () => {
    const { client, user } = await registerUser(server);
    const expiresAt = new Date(server.clock.now().getTime() + 30 * DAY_MS);
    const purchase = event("INITIAL_PURCHASE", user.id, expiresAt);
    expect((await deliver(purchase)).body).toEqual({ received: true, duplicate: false });
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");
    expect((await userRow(user.id)).storeEntitlementExpiresAt).toEqual(expiresAt);

    // A redelivery of the same event is acknowledged and ignored.
    const replays = await Promise.all([deliver(purchase), deliver(purchase)]);
    expect(replays.map((r) => r.body)).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);

    expect((await deliver(event("CANCELLATION", user.id, expiresAt))).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");
    expect((await deliver(event("EXPIRATION", user.id, expiresAt))).status).toBe(200);
    expect((await client.get("/api/auth/user")).body.subscriptionStatus).toBe("expired");
  });

  it("acknowledges events for unknown users and refuses bodies that are not billing events", async () => {
    expect((await deliver(event("INITIAL_PURCHASE", "$RCAnonymousID:abc", null))).status).toBe(200);
    expect((await deliver(event("INITIAL_PURCHASE", randomUUID(), null))).status).toBe(200);
    const junk = { api_version: "1.0", event: { id: "x" } } as unknown as ReturnType<typeof event>;
    expect((await deliver(junk)).status).toBe(400);
    const payload = event("RENEWAL", randomUUID(), null);
    expect((await deliver(payload, { "x-webhook-id": "another-id" })).status).toBe(400);
  });

  it("keeps a card-paid month active when the store entitlement expires", async () => {
    const { user } = await registerUser(server);
    const expiresAt = new Date(server.clock.now().getTime() + DAY_MS);
    await deliver(event("INITIAL_PURCHASE", user.id, expiresAt));
    await server.database.db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(server.clock.now().getTime() + 20 * DAY_MS) })
      .where(eq(users.id, user.id));
    userChanged(user.id);
    await deliver(event("EXPIRATION", user.id, expiresAt));
    expect((await userRow(user.id)).subscriptionStatus).toBe("active");
  });

  it("makes the user premium after a Test Store purchase: receipt → billing server → webhook → /api/auth/user", async () => {
    const { client, user } = await registerUser(server);
    const receipt = await new Client(server).post(
      "/billing/v1/receipts",
      {
        fetch_token: `test_${server.clock.now().getTime()}_${randomUUID()}`,
        product_id: "premium_realm_monthly",
        app_user_id: user.id,
        presented_offering_identifier: "default",
      },
      { authorization: "Bearer test_realmheart_local" },
    );
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.subscriber.entitlements.premium).toBeDefined();

    let status = "trial";
    for (let i = 0; i < 100 && status !== "active"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await client.get("/api/auth/user")).body.subscriptionStatus;
    }
    expect(status).toBe("active");
    const [processed] = await server.database.db
      .select()
      .from(processedBillingEvents)
      .where(eq(processedBillingEvents.appUserId, user.id));
    expect(processed?.type).toBe("INITIAL_PURCHASE");

    // The customer info leads to the hosted Manage subscription page; the app's Subscription screen opens it through
    // a link the app mints from the session, and that page shows the subscription with its cancel button.
    expect(receipt.body.subscriber.management_url).toMatch(new RegExp(`^${server.url}/billing/manage/`));
    const subscription = (await client.get("/api/subscription")).body;
    expect(subscription).toMatchObject({ source: "store" });
    expect(subscription.managementUrl).toBe(`${server.url}/api/subscription/manage`);
    const managementUrl = (await client.get("/api/subscription/manage")).headers.get("location")!;
    expect(managementUrl).toMatch(new RegExp(`^${server.url}/billing/manage/`));
    const page = await fetch(managementUrl, { headers: { "accept-language": "en" } });
    expect(page.status).toBe(200);
    // The page's own policy (its hash-pinned style) survives the app's security headers.
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = await page.text();
    expect(html).toContain("Premium Realm");
    expect(html).toContain("Cancel subscription");
  });
});
