import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payments, sandboxTransactions, users } from "../src/db/schema.js";
import { SandboxGateway } from "../src/payments/gateways/sandbox-gateway.js";
import { runRenewals } from "../src/payments/renewal-worker.js";
import { decideInSandbox, follow, startPremiumPayment, startTrialSetup } from "./support/payments.js";
import {
  ADMIN_EMAIL,
  Client as ClientClass,
  DATABASES,
  PASSWORD,
  registerUser,
  startTestApp,
  type Client,
  type TestApp,
} from "./support/test-app.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)("the admin's billing tools on %s", (kind) => {
  let server: TestApp;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    admin = (await registerUser(server, { email: ADMIN_EMAIL })).client;
  });
  afterAll(() => server.close());
  // Sessions last 30 days and these tests move the clock by weeks: the admin signs in afresh for each.
  beforeEach(async () => {
    admin = new ClientClass(server);
    const answer = await admin.post("/api/auth/login", { email: ADMIN_EMAIL, password: PASSWORD });
    expect(answer.status).toBe(200);
  });

  /** Signs the admin in again after the clock has jumped. */
  const reSignIn = async () => {
    admin = new ClientClass(server);
    await admin.post("/api/auth/login", { email: ADMIN_EMAIL, password: PASSWORD });
  };

  const worker = () => ({
    db: server.database.db,
    clock: server.clock,
    gateway: new SandboxGateway(server.database.db, server.clock),
    log: server.app.log,
  });

  /** A user who paid a month by web payment now (card saved), optionally on a card whose later charges fail. */
  async function payingUser(options: { declineCharges?: boolean } = {}) {
    const { client, user } = await registerUser(server);
    const { authorization_url, reference } = await startPremiumPayment(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve", options));
    return { client, id: user.id as string, reference };
  }
  async function trialWithCard() {
    const { client, user } = await registerUser(server);
    const { authorization_url } = await startTrialSetup(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve"));
    return { client, id: user.id as string };
  }

  it("counts MRR, active, trialing, cancelling and past-due subscriptions, trial conversion and 30 days of activity", async () => {
    const before = (await admin.get("/api/admin/billing")).body;
    const paying = await payingUser();
    const cancelling = await payingUser();
    await cancelling.client.post("/api/subscription/cancel");
    await trialWithCard();
    const after = (await admin.get("/api/admin/billing")).body;
    expect(after).toMatchObject({
      currency: "ZAR",
      active: before.active + 2,
      trialing: before.trialing + 1,
      cancelling: before.cancelling + 1,
      mrr: before.mrr + 9900,
    });
    expect(after.daily).toHaveLength(30);
    const today = after.daily.at(-1);
    expect(today.date).toBe(server.clock.now().toISOString().slice(0, 10));
    expect(today.signups - before.daily.at(-1).signups).toBe(3);
    expect(today.revenue - before.daily.at(-1).revenue).toBe(2 * 9900);
    expect(paying.id).toBeTruthy();

    // A week on: one trial converts (its R99 is charged), one does not (declined): 1 of 2, counted by the rule.
    const converts = await trialWithCard();
    const { client: declines, user } = await registerUser(server);
    const setup = await startTrialSetup(declines);
    await follow(
      declines,
      await decideInSandbox(declines, setup.authorization_url, "approve", { declineCharges: true }),
    );
    server.clock.advance(8 * DAY_MS);
    await runRenewals(worker());
    const later = (await admin.get("/api/admin/billing")).body;
    expect(later.trialConversion.ended - after.trialConversion.ended).toBe(3);
    expect(later.trialConversion.converted - after.trialConversion.converted).toBe(2);
    expect(later.trialConversion.rate).toBeCloseTo(
      later.trialConversion.converted / later.trialConversion.ended,
    );
    expect(
      (await server.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.subscriptionStatus,
    ).toBe("expired");
    expect(converts.id).toBeTruthy();
  });

  it("counts a declined renewal in its grace period as past due", async () => {
    const before = (await admin.get("/api/admin/billing")).body;
    const member = await payingUser({ declineCharges: true });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    server.clock.current = new Date(row!.subscriptionPeriodEnd!.getTime() + 1000);
    await runRenewals(worker());
    await reSignIn();
    const after = (await admin.get("/api/admin/billing")).body;
    expect(after.pastDue - before.pastDue).toBe(1);
  });

  it("shows and cancels a user's subscription", async () => {
    const member = await payingUser();
    const view = await admin.get(`/api/admin/users/${member.id}/subscription`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ status: "active", source: "card", cancelAtPeriodEnd: false });
    expect(view.body.history).toEqual([
      expect.objectContaining({ reference: member.reference, status: "success" }),
    ]);
    const cancelled = await admin.post(`/api/admin/users/${member.id}/subscription/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await member.client.get("/api/subscription")).body).toMatchObject({ cancelAtPeriodEnd: true });
    expect(
      (await admin.get(`/api/admin/users/00000000-0000-4000-8000-000000000000/subscription`)).status,
    ).toBe(404);
  });

  it("refunds a payment through the gateway once, with a required reason shown in the user's history", async () => {
    const member = await payingUser();
    const missing = await admin.post(`/api/admin/payments/${member.reference}/refund`, { reason: " " });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ reason: "A reason is required (at least 3 characters)" });

    const answers = await Promise.all([
      admin.post(`/api/admin/payments/${member.reference}/refund`, { reason: "Charged twice by mistake" }),
      admin.post(`/api/admin/payments/${member.reference}/refund`, { reason: "Charged twice by mistake" }),
    ]);
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.code).toBe("refund_in_progress");
      else
        expect(answer.body).toMatchObject({ status: "refunded", refundReason: "Charged twice by mistake" });
    }
    const again = await admin.post(`/api/admin/payments/${member.reference}/refund`, {
      reason: "Another reason",
    });
    expect(again.body).toMatchObject({ status: "refunded", refundReason: "Charged twice by mistake" });
    const [atGateway] = await server.database.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, member.reference));
    expect(atGateway!.refundedAt).not.toBeNull();
    const history = (await member.client.get("/api/subscription")).body.history;
    expect(history[0]).toMatchObject({ reference: member.reference, status: "refunded" });

    const { client } = await registerUser(server);
    const unpaid = await startPremiumPayment(client);
    const refused = await admin.post(`/api/admin/payments/${unpaid.reference}/refund`, {
      reason: "Not paid",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("not_refundable");
    expect((await admin.post(`/api/admin/payments/rh-nope/refund`, { reason: "Unknown" })).status).toBe(404);
    const [row] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, unpaid.reference));
    expect(row!.refundReason).toBeNull();
  });
});
