import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethods, payments, sandboxTransactions } from "../src/db/schema.js";
import { decideInSandbox, follow, startTrialSetup } from "./support/payments.js";
import { Client, DATABASES, registerUser, startTestApp, type TestApp } from "./support/test-app.js";

const WEEK_LATER = "2026-11-28T12:00:00.000Z";

describe.each(DATABASES)("the 7-day trial's card setup on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  it("needs an email, a first name and a last name (400 validation_error), and a signed-in user", async () => {
    const { client } = await registerUser(server);
    const answer = await client.post("/api/setup-trial", { email: "", firstName: " ", lastName: undefined });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: "validation_error",
      fields: {
        email: "Enter a valid email address",
        firstName: "First name is required",
        lastName: "Last name is required",
      },
    });
    const anonymous = await new Client(server).post("/api/setup-trial", {
      email: "a@b.test",
      firstName: "A",
      lastName: "B",
    });
    expect(anonymous.status).toBe(401);
  });

  it("answers {status, message, data: {authorization_url}} for a R1.00 card check on the sandbox", async () => {
    const { client } = await registerUser(server);
    const answer = await client.post("/api/setup-trial", {
      email: "ysolde@realmheart.test",
      firstName: "Ysolde",
      lastName: "Marrow",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: expect.stringMatching(/^\/sandbox\/authorize\/rh-/),
        reference: expect.any(String),
      },
    });
    const page = await client.get(answer.body.data.authorization_url);
    expect(page.text).toContain("R1.00");
    expect(page.text).toContain("refunded at once");
  });

  it("completes on the callback: saves the card, starts the 7 days, refunds the check and goes home", async () => {
    const { client, user } = await registerUser(server);
    const { authorization_url, reference } = await startTrialSetup(client);
    const callback = await decideInSandbox(client, authorization_url, "approve");
    expect(callback).toBe(`/trial-setup/callback?trxref=${reference}&reference=${reference}`);
    expect(await follow(client, callback)).toBe("/");

    const me = (await client.get("/api/auth/user")).body;
    expect(me).toMatchObject({
      subscriptionStatus: "trial",
      paymentMethodSetup: true,
      trialEndDate: WEEK_LATER,
    });
    const [card] = await server.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, user.id));
    expect(card).toMatchObject({ gateway: "sandbox", email: "trial@realmheart.test" });
    expect(card?.authorizationCode).toMatch(/^AUTH_sandbox_/);
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ kind: "trial_setup", amount: 100, currency: "ZAR", status: "success" });
    expect(payment?.refundedAt).not.toBeNull();
    const [check] = await server.database.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference));
    expect(check?.refundedAt).not.toBeNull();
  });

  it("is idempotent: the callback again, or the JSON completion later, keeps the first trial end", async () => {
    const { client } = await registerUser(server);
    const { authorization_url, reference } = await startTrialSetup(client);
    const callback = await decideInSandbox(client, authorization_url, "approve");
    await Promise.all([follow(client, callback), follow(client, callback)]);
    server.clock.advance(2 * 24 * 60 * 60_000);
    try {
      expect(await follow(client, callback)).toBe("/");
      const completed = await client.post("/api/trial/complete", { reference });
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ paymentMethodSetup: true, trialEndDate: WEEK_LATER });
      const again = await client.post("/api/setup-trial", {
        email: "a@b.test",
        firstName: "A",
        lastName: "B",
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("trial_already_started");
    } finally {
      server.clock.advance(-2 * 24 * 60 * 60_000);
    }
  });

  it("sends a declined setup back to /trial-setup and changes nothing", async () => {
    const { client } = await registerUser(server);
    const { authorization_url, reference } = await startTrialSetup(client);
    const callback = await decideInSandbox(client, authorization_url, "decline");
    expect(await follow(client, callback)).toBe(`/trial-setup?setup=declined&reference=${reference}`);
    expect((await client.get("/api/auth/user")).body).toMatchObject({
      paymentMethodSetup: false,
      trialEndDate: null,
    });
    const completed = await client.post("/api/trial/complete", { reference });
    expect(completed.status).toBe(402);
    expect(completed.body.code).toBe("payment_failed");
    expect(await follow(client, "/trial-setup/callback?reference=rh-unknown")).toBe(
      "/trial-setup?setup=failed&reference=rh-unknown",
    );
  });

  it("does not complete another user's setup through the JSON call", async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const { authorization_url, reference } = await startTrialSetup(owner.client);
    await decideInSandbox(owner.client, authorization_url, "approve");
    expect((await other.client.post("/api/trial/complete", { reference })).status).toBe(404);
    expect((await other.client.get("/api/auth/user")).body.paymentMethodSetup).toBe(false);
  });
});
