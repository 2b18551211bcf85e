import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, users } from "../src/db/schema.js";
import { decideInSandbox, follow, startPremiumPayment } from "./support/payments.js";
import {
  Client,
  DATABASES,
  createChat,
  registerUser,
  startTestApp,
  verifiedUser,
  type TestApp,
} from "./support/test-app.js";

const MONTH_LATER = "2026-12-21T12:00:00.000Z";

describe.each(DATABASES)("web payment through the sandbox gateway on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  const paymentsOf = (userId: string) =>
    server.database.db.select().from(payments).where(eq(payments.userId, userId));

  it("starts a payment: a sandbox authorization URL and a random reference bound to the user, pending", async () => {
    const { client, user } = await registerUser(server);
    const started = await startPremiumPayment(client, "Payer@Realmheart.test");
    expect(started.reference).toMatch(/^rh-[0-9a-f]{24}$/);
    expect(started.authorization_url).toBe(`/sandbox/authorize/${started.reference}`);
    const [row] = await paymentsOf(user.id);
    expect(row).toMatchObject({
      reference: started.reference,
      kind: "subscription",
      gateway: "sandbox",
      amount: 9900,
      currency: "ZAR",
      email: "payer@realmheart.test",
      status: "pending",
    });
    const other = await startPremiumPayment(client);
    expect(other.reference).not.toBe(started.reference);
  });

  it("refuses any amount but 9900, a bad email and anonymous callers, creating nothing", async () => {
    const { client, user } = await registerUser(server);
    for (const body of [
      { amount: 990, email: "a@b.test" },
      { amount: "9900", email: "a@b.test" },
      { email: "a@b.test" },
      { amount: 9900, email: "not-an-email" },
      { amount: 9900 },
    ]) {
      const answer = await client.post("/api/initialize-payment", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
    }
    expect((await client.post("/api/initialize-payment", { amount: 1 })).body.fields.amount).toBe(
      "Amount must be 9900 (R99.00, the price of Premium Realm)",
    );
    expect(await paymentsOf(user.id)).toHaveLength(0);
    expect(
      (await new Client(server).post("/api/initialize-payment", { amount: 9900, email: "a@b.test" })).status,
    ).toBe(401);
  });

  it("shows an accessible authorization page with the amount, the email, and Approve and Decline buttons", async () => {
    const { client } = await registerUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client, "ysolde@realmheart.test");
    const page = await new Client(server).get(authorization_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain("R99.00");
    expect(page.text).toContain("ysolde@realmheart.test");
    expect(page.text).toContain(reference);
    expect(page.text).toContain(`<form method="post" action="/sandbox/authorize/${reference}">`);
    expect(page.text).toMatch(/<button type="submit"[^>]*name="decision" value="approve">Approve<\/button>/);
    expect(page.text).toMatch(/<button type="submit"[^>]*name="decision" value="decline">Decline<\/button>/);
    expect(page.text).not.toMatch(/<script/i);
    expect((await new Client(server).get("/sandbox/authorize/rh-unknown")).status).toBe(404);
  });

  it("approving returns to /payment/callback (303), which verifies and sends the browser on to /subscribe", async () => {
    const { client, user } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    const callback = await decideInSandbox(client, authorization_url, "approve");
    expect(callback).toBe(`/payment/callback?trxref=${reference}&reference=${reference}`);
    // The payment window may not carry the session: the reference alone completes the payment.
    expect(await follow(new Client(server), callback)).toBe(
      `/subscribe?payment=success&reference=${reference}`,
    );
    const me = (await client.get("/api/auth/user")).body;
    expect(me.subscriptionStatus).toBe("active");
    const verified = await client.post("/api/verify-payment", { reference });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      status: "success",
      reference,
      subscriptionStatus: "active",
      subscriptionPeriodEnd: MONTH_LATER,
    });
    const [row] = await paymentsOf(user.id);
    expect(row?.status).toBe("success");
  });

  it("grants premium exactly once when one reference is verified many times in parallel", async () => {
    const { client, user } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await decideInSandbox(client, authorization_url, "approve");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post("/api/verify-payment", { reference })),
    );
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({
        status: "success",
        reference,
        subscriptionStatus: "active",
        subscriptionPeriodEnd: MONTH_LATER,
      });
    }
    // And again through the callback: still one month, one payment.
    await follow(client, `/payment/callback?reference=${reference}`);
    const rows = await paymentsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("success");
    const [stored] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.subscriptionPeriodEnd?.toISOString()).toBe(MONTH_LATER);
  });

  it("refuses another user's, an unpaid, a declined and an unknown reference, granting nothing", async () => {
    const owner = await verifiedUser(server);
    const other = await verifiedUser(server);
    const unpaid = await startPremiumPayment(owner.client);

    const stolen = await other.client.post("/api/verify-payment", { reference: unpaid.reference });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({
      message: "No payment with this reference was found for your account",
      code: "payment_not_found",
    });

    const notPaid = await owner.client.post("/api/verify-payment", { reference: unpaid.reference });
    expect(notPaid.status).toBe(402);
    expect(notPaid.body).toEqual({
      message: "The payment has not been completed",
      code: "payment_incomplete",
    });

    const declined = await startPremiumPayment(owner.client);
    const callback = await decideInSandbox(owner.client, declined.authorization_url, "decline");
    expect(await follow(owner.client, callback)).toBe(
      `/subscribe?payment=failed&reference=${declined.reference}`,
    );
    const refused = await owner.client.post("/api/verify-payment", { reference: declined.reference });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      message: "Your card was declined. No money was taken: try again or use another card",
      code: "payment_failed",
    });

    expect(
      (await owner.client.post("/api/verify-payment", { reference: "rh-000000000000000000000000" })).status,
    ).toBe(404);
    expect((await owner.client.post("/api/verify-payment", {})).body.code).toBe("validation_error");

    // The owner's approved payment is still theirs alone.
    await decideInSandbox(owner.client, unpaid.authorization_url, "approve");
    expect((await other.client.post("/api/verify-payment", { reference: unpaid.reference })).status).toBe(
      404,
    );
    expect((await other.client.get("/api/auth/user")).body.subscriptionStatus).toBe("trial");
    expect((await owner.client.get("/api/auth/user")).body.subscriptionStatus).toBe("trial");
    expect((await owner.client.post("/api/verify-payment", { reference: unpaid.reference })).status).toBe(
      200,
    );
  });

  it("lets a premium user send without the daily limit, and refuses a second subscription", async () => {
    const { client } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await decideInSandbox(client, authorization_url, "approve");
    await client.post("/api/verify-payment", { reference });
    const chatId = await createChat(client, "veyr-thornecrown");
    for (let i = 0; i < 5; i++) {
      expect((await client.post(`/api/chats/${chatId}/messages`, { content: `Hail ${i}` })).status).toBe(200);
    }
    const again = await client.post("/api/initialize-payment", { amount: 9900, email: "a@b.test" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_subscribed");
  });

  it("records a sandbox decision once: a second post changes nothing and returns to the callback again", async () => {
    const { client } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await decideInSandbox(client, authorization_url, "decline");
    expect(await decideInSandbox(client, authorization_url, "approve")).toContain(`reference=${reference}`);
    expect((await client.post("/api/verify-payment", { reference })).body.code).toBe("payment_failed");
    const page = await client.get(authorization_url);
    expect(page.text).toContain("This payment was already declined");
  });

  it("takes the sandbox form only from this origin, and form bodies nowhere else", async () => {
    const { client } = await verifiedUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    const forged = await client.request("POST", authorization_url, {
      rawBody: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    const bogus = await client.request("POST", authorization_url, {
      rawBody: "decision=maybe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bogus.status).toBe(400);
    const form = await client.request("POST", "/api/verify-payment", {
      rawBody: `reference=${reference}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await client.post("/api/verify-payment", { reference })).body.code).toBe("payment_incomplete");
  });

  it("limits payment starts to 10 per 15 minutes per user", async () => {
    const { client } = await registerUser(server);
    for (let i = 0; i < 10; i++) await startPremiumPayment(client);
    const limited = await client.post("/api/initialize-payment", { amount: 9900, email: "a@b.test" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
