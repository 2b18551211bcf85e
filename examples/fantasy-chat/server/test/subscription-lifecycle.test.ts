import { userChanged } from "../src/users/user-changes.js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, sandboxTransactions, users } from "../src/db/schema.js";
import type { ChargeInput, PaymentGateway } from "../src/payments/gateways/payment-gateway.js";
import { SandboxGateway } from "../src/payments/gateways/sandbox-gateway.js";
import { runRenewals } from "../src/payments/renewal-worker.js";
import { closeAbandonedCardUpdates } from "../src/payments/expire-subscriptions.js";
import { readManagementToken } from "@purchases-web/billing-server";
import { billingManagementSecret } from "../src/billing/mount-billing.js";
import type { PaymentsContext } from "../src/payments/settle-payment.js";
import { decideInSandbox, follow, startPremiumPayment, startTrialSetup } from "./support/payments.js";
import {
  Client,
  DATABASES,
  PASSWORD,
  registerUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "./support/test-app.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)("cancelling, resuming and paying for a subscription on %s", (kind) => {
  let server: TestApp;
  let sandbox: SandboxGateway;

  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    sandbox = new SandboxGateway(server.database.db, server.clock);
  });
  afterAll(() => server.close());

  const worker = (gateway: PaymentGateway = sandbox): PaymentsContext => ({
    db: server.database.db,
    clock: server.clock,
    gateway,
    log: server.app.log,
  });
  const userRow = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** R99 charges the sandbox took for a user (renewals, and past-due card updates). */
  const chargesOf = async (userId: string) =>
    (await server.database.db.select().from(payments).where(eq(payments.userId, userId))).filter(
      (p) => p.amount === 9900 && p.status === "success",
    );

  /** A user whose trial card setup completed now (optionally on a card whose later charges are declined). */
  async function trialUser(options: { declineCharges?: boolean } = {}) {
    const email = uniqueEmail("subscriber");
    const { client, user } = await registerUser(server, { email });
    const { authorization_url, reference } = await startTrialSetup(client);
    const callback = await decideInSandbox(client, authorization_url, "approve", options);
    expect(await follow(client, callback)).toBe("/");
    return {
      client,
      id: user.id as string,
      setupReference: reference,
      /** Signs in again: a session lasts 30 days, and these tests move the clock by months. */
      async signIn() {
        this.client = new Client(server);
        const answer = await this.client.post("/api/auth/login", { email, password: PASSWORD });
        expect(answer.status).toBe(200);
      },
    };
  }

  /** A user whose trial has turned into a paid month (the first R99 charged at the trial's end). */
  async function paidUser() {
    const me = await trialUser();
    server.clock.current = new Date((await userRow(me.id)).trialEndDate!.getTime() + 1000);
    await runRenewals(worker());
    expect((await userRow(me.id)).subscriptionStatus).toBe("active");
    await me.signIn();
    return me;
  }

  /** A paid user whose renewal has just been declined: in the grace period, signed in again. */
  async function pastDueUser() {
    const me = await paidUser();
    const periodEnd = (await userRow(me.id)).subscriptionPeriodEnd!;
    await sandbox.setDeclineCharges(me.setupReference, true);
    server.clock.current = new Date(periodEnd.getTime() + 1000);
    await runRenewals(worker());
    await me.signIn();
    return { me, periodEnd };
  }

  it("shows a new user no plan, no card and no history; cancel and resume are 409 no_subscription", async () => {
    const { client } = await registerUser(server);
    const view = await client.get("/api/subscription");
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      status: "trial",
      plan: null,
      source: null,
      freeTrial: false,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      nextCharge: null,
      paymentMethod: null,
      billingIssue: false,
      graceEndsAt: null,
      history: [],
      managementUrl: `${server.url}/subscription`,
    });
    for (const action of ["cancel", "resume"]) {
      const answer = await client.post(`/api/subscription/${action}`);
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message: `You have no subscription to ${action}`,
        code: "no_subscription",
      });
    }
    expect((await new Client(server).get("/api/subscription")).status).toBe(401);
  });

  it("shows a trial with its card, the coming R99 and the refunded R1.00 check", async () => {
    const me = await trialUser();
    const trialEnd = (await userRow(me.id)).trialEndDate!.toISOString();
    const { body } = await me.client.get("/api/subscription");
    expect(body).toMatchObject({
      status: "trial",
      plan: {
        id: "premium_monthly",
        name: "Premium Realm",
        amount: 9900,
        currency: "ZAR",
        interval: "month",
      },
      source: "card",
      periodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      nextCharge: { date: trialEnd, amount: 9900, currency: "ZAR" },
      paymentMethod: { brand: "visa", last4: expect.stringMatching(/^\d{4}$/), expMonth: expect.any(Number) },
      billingIssue: false,
    });
    expect(body.history).toEqual([
      expect.objectContaining({
        reference: me.setupReference,
        kind: "trial_setup",
        amount: 100,
        status: "refunded",
      }),
    ]);
  });

  it("never charges a cancelled trial: access runs to its end, then expired; cancelling twice has no second effect", async () => {
    const me = await trialUser();
    const cancelled = await me.client.post("/api/subscription/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "trial", cancelAtPeriodEnd: true, nextCharge: null });
    const cancelledAt = (await userRow(me.id)).cancelledAt;
    server.clock.advance(60_000);
    const again = await me.client.post("/api/subscription/cancel");
    expect(again.status).toBe(200);
    expect((await userRow(me.id)).cancelledAt).toEqual(cancelledAt);

    server.clock.current = new Date((await userRow(me.id)).trialEndDate!.getTime() + 1000);
    await runRenewals(worker());
    expect((await userRow(me.id)).subscriptionStatus).toBe("expired");
    server.clock.advance(40 * DAY_MS);
    await runRenewals(worker());
    expect(await chargesOf(me.id)).toHaveLength(0);
    await me.signIn();
    const view = (await me.client.get("/api/subscription")).body;
    expect(view).toMatchObject({
      status: "expired",
      source: null,
      cancelAtPeriodEnd: false,
      nextCharge: null,
    });
    expect((await me.client.post("/api/subscription/resume")).body.code).toBe("no_subscription");
  });

  it("resumes a cancelled paid month before its end, so it renews; after the end resume is 409 subscription_ended", async () => {
    const me = await paidUser();
    const periodEnd = (await userRow(me.id)).subscriptionPeriodEnd!;
    expect((await me.client.post("/api/subscription/cancel")).body).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    const resumed = await me.client.post("/api/subscription/resume");
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: { date: periodEnd.toISOString(), amount: 9900 },
    });
    expect((await me.client.post("/api/subscription/resume")).status).toBe(200);

    server.clock.current = new Date(periodEnd.getTime() + 1000);
    await runRenewals(worker());
    expect(await chargesOf(me.id)).toHaveLength(2);
    await me.signIn();
    const next = (await userRow(me.id)).subscriptionPeriodEnd!;

    await me.client.post("/api/subscription/cancel");
    server.clock.current = new Date(next.getTime() + 1000);
    await me.signIn();
    const late = await me.client.post("/api/subscription/resume");
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("subscription_ended");
    await runRenewals(worker());
    expect((await userRow(me.id)).subscriptionStatus).toBe("expired");
    expect(await chargesOf(me.id)).toHaveLength(2);
  });

  it("answers 409 renewal_in_progress to a cancel while the worker is charging, and the charge stands", async () => {
    const me = await paidUser();
    const periodEnd = (await userRow(me.id)).subscriptionPeriodEnd!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let charging!: () => void;
    const started = new Promise<void>((resolve) => (charging = resolve));
    const slow: PaymentGateway = {
      name: "sandbox",
      initialize: (input) => sandbox.initialize(input),
      verify: (reference) => sandbox.verify(reference),
      refund: (reference) => sandbox.refund(reference),
      async chargeAuthorization(input: ChargeInput) {
        charging();
        await held;
        return sandbox.chargeAuthorization(input);
      },
    };
    server.clock.current = new Date(periodEnd.getTime() + 1000);
    await me.signIn();
    const pass = runRenewals(worker(slow));
    await started;
    const refused = await me.client.post("/api/subscription/cancel");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("renewal_in_progress");
    expect((await userRow(me.id)).cancelAtPeriodEnd).toBe(false);
    release();
    await pass;
    expect(await chargesOf(me.id)).toHaveLength(2);
    const after = await me.client.post("/api/subscription/cancel");
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("gives one outcome when cancels race the renewal claim, and the answer says which: never a surprise charge", async () => {
    // One after another: concurrent passes on PostgreSQL skip each other's locked rows.
    const members: Awaited<ReturnType<typeof paidUser>>[] = [];
    for (let i = 0; i < 6; i++) members.push(await paidUser());
    const ends = await Promise.all(members.map(async (m) => (await userRow(m.id)).subscriptionPeriodEnd!));
    // The passes that made the later members also renewed the earlier ones: count from here.
    const before = await Promise.all(members.map(async (m) => (await chargesOf(m.id)).length));
    server.clock.current = new Date(Math.max(...ends.map((d) => d.getTime())) + 1000);
    for (const member of members) await member.signIn();
    const [answers] = await Promise.all([
      Promise.all(members.map((m) => m.client.post("/api/subscription/cancel"))),
      runRenewals(worker()),
      runRenewals(worker()),
    ]);
    await runRenewals(worker());
    for (const [i, member] of members.entries()) {
      const answer = answers[i]!;
      const charged = (await chargesOf(member.id)).length - before[i]!;
      const row = await userRow(member.id);
      if (answer.status !== 200) {
        // Told the renewal was being charged: it was, once.
        expect(answer.body.code).toBe("renewal_in_progress");
        expect(charged).toBe(1);
        expect(row).toMatchObject({ subscriptionStatus: "active", cancelAtPeriodEnd: false });
      } else if (charged === 0) {
        // Cancelled before the claim: the month that had ended is never charged, and the answer promised no
        // charge (it may already show the subscription ended: the worker can expire it before the answer reads it).
        expect(row.subscriptionStatus).toBe("expired");
        expect(answer.body.nextCharge).toBeNull();
        if (answer.body.status !== "expired") expect(answer.body.periodEnd).toBe(ends[i]!.toISOString());
      } else {
        // The renewal went through first; the answer shows the new month, which is the last one.
        expect(charged).toBe(1);
        expect(answer.body).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextCharge: null });
        expect(answer.body.periodEnd).toBe(row.subscriptionPeriodEnd!.toISOString());
      }
    }
  });

  it("keeps access through a declined renewal's grace period, and a new card pays the overdue month once", async () => {
    const { me, periodEnd } = await pastDueUser();
    const pastDue = (await me.client.get("/api/subscription")).body;
    expect(pastDue).toMatchObject({
      status: "active",
      billingIssue: true,
      graceEndsAt: new Date(periodEnd.getTime() + 3 * DAY_MS).toISOString(),
      nextCharge: { date: new Date(periodEnd.getTime() + 1000 + DAY_MS).toISOString(), amount: 9900 },
    });
    expect(pastDue.history[0]).toMatchObject({ kind: "renewal", amount: 9900, status: "failed" });

    const oldCard = pastDue.paymentMethod;
    const started = await me.client.post("/api/subscription/payment-method", {});
    expect(started.status).toBe(200);
    const [checkout] = await server.database.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, started.body.reference));
    expect(checkout).toMatchObject({ amount: 9900, currency: "ZAR" });
    // A second card update while the first is open would pay the same month: refused.
    expect((await me.client.post("/api/subscription/payment-method", {})).body.code).toBe(
      "renewal_in_progress",
    );

    const callback = await decideInSandbox(me.client, started.body.authorization_url, "approve");
    expect(await follow(me.client, callback)).toBe(
      `/subscription?card=success&reference=${encodeURIComponent(started.body.reference)}`,
    );
    const complete = await me.client.post("/api/subscription/payment-method/complete", {
      reference: started.body.reference,
    });
    expect(complete.status).toBe(200);
    expect(complete.body).toMatchObject({ status: "active", billingIssue: false, graceEndsAt: null });
    expect(complete.body.paymentMethod).not.toEqual(oldCard);
    const row = await userRow(me.id);
    expect(row.billingIssueAt).toBeNull();
    expect(row.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY_MS);

    server.clock.advance(2 * DAY_MS);
    await runRenewals(worker());
    expect(await chargesOf(me.id)).toHaveLength(2);
    expect((await userRow(me.id)).subscriptionStatus).toBe("active");
    const paidFor = await server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, me.id), eq(payments.renewalFor, periodEnd)));
    expect(paidFor.map((p) => `${p.kind}:${p.status}`).sort()).toEqual([
      "card_update:success",
      "renewal:failed",
    ]);
  });

  it("charges a month the workers missed, however late, and ends one nothing paid: never active unpaid", async () => {
    // The workers did not run for five days after the month ended (a server stopped over a long weekend).
    const paying = await paidUser();
    const periodEnd = (await userRow(paying.id)).subscriptionPeriodEnd!;
    server.clock.current = new Date(periodEnd.getTime() + 5 * DAY_MS);
    await runRenewals(worker());
    await runRenewals(worker());
    const renewed = await userRow(paying.id);
    expect(await chargesOf(paying.id)).toHaveLength(2);
    expect(renewed.subscriptionStatus).toBe("active");
    expect(renewed.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(server.clock.now().getTime());

    // The same with a card that is now declined: the late charge fails and the month, long past its grace, ends.
    const declined = await paidUser();
    await sandbox.setDeclineCharges(declined.setupReference, true);
    const declinedEnd = (await userRow(declined.id)).subscriptionPeriodEnd!;
    server.clock.current = new Date(declinedEnd.getTime() + 5 * DAY_MS);
    await runRenewals(worker());
    expect(await chargesOf(declined.id)).toHaveLength(1);
    expect((await userRow(declined.id)).subscriptionStatus).toBe("expired");

    // The clock moving a month at a time: every month is charged once, and the user is never past a paid month.
    const monthly = await paidUser();
    for (let month = 2; month <= 4; month++) {
      server.clock.advance(31 * DAY_MS);
      await runRenewals(worker());
      const row = await userRow(monthly.id);
      expect(await chargesOf(monthly.id)).toHaveLength(month);
      expect(row.subscriptionStatus).toBe("active");
      expect(row.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(server.clock.now().getTime());
    }
  });

  it("gives no premium past a month's grace period while the workers are down, and a late charge buys a whole month", async () => {
    const paying = await paidUser();
    const periodEnd = (await userRow(paying.id)).subscriptionPeriodEnd!;
    // Within the grace period the renewal is still to come: premium. Past it, with no worker run: not premium.
    server.clock.current = new Date(periodEnd.getTime() + 2 * DAY_MS);
    await paying.signIn();
    expect((await paying.client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");
    server.clock.current = new Date(periodEnd.getTime() + 4 * DAY_MS);
    await paying.signIn();
    expect((await paying.client.get("/api/auth/user")).body.subscriptionStatus).toBe("expired");
    expect((await paying.client.get("/api/subscription")).body.status).toBe("expired");
    // The workers come back: the month is charged, and it starts now (the days without access are not billed).
    await runRenewals(worker());
    const renewed = await userRow(paying.id);
    expect(await chargesOf(paying.id)).toHaveLength(2);
    expect(renewed.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(
      server.clock.now().getTime() + 28 * DAY_MS,
    );
    expect((await paying.client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");
  });

  it("lets no open card update hold back the end of the grace period; one paid late still grants, once a period", async () => {
    const { me, periodEnd } = await pastDueUser();
    expect((await me.client.get("/api/subscription")).body.billingIssue).toBe(true);

    // The customer opens a card update, leaves it, and opens another as soon as the first is closed.
    const first = (await me.client.post("/api/subscription/payment-method", {})).body;
    server.clock.advance(61 * 60_000);
    await closeAbandonedCardUpdates(worker());
    expect(
      (await me.client.post("/api/subscription/payment-method/complete", { reference: first.reference })).body
        .code,
    ).toBe("payment_failed");
    const second = (await me.client.post("/api/subscription/payment-method", {})).body;
    expect(second.reference).toEqual(expect.any(String));

    // The grace period ends with the second one still open: the subscription ends all the same.
    server.clock.current = new Date(periodEnd.getTime() + 3 * DAY_MS + 1000);
    await runRenewals(worker());
    expect((await userRow(me.id)).subscriptionStatus).toBe("expired");

    // Paid after the app gave up: the overdue month is granted, not kept without a grant.
    const callback = await decideInSandbox(me.client, second.authorization_url, "approve");
    await follow(me.client, callback);
    const afterSecond = await me.client.post("/api/subscription/payment-method/complete", {
      reference: second.reference,
    });
    expect(afterSecond.body).toMatchObject({ status: "active", billingIssue: false });
    const paidUntil = (await userRow(me.id)).subscriptionPeriodEnd!;
    expect(paidUntil.getTime()).toBeGreaterThan(server.clock.now().getTime());

    // The first, closed as unfinished, is paid at last too: the money buys the month after, not the same one.
    const late = await decideInSandbox(me.client, first.authorization_url, "approve");
    await follow(me.client, late);
    const afterFirst = await me.client.post("/api/subscription/payment-method/complete", {
      reference: first.reference,
    });
    expect(afterFirst.status).toBe(200);
    expect((await userRow(me.id)).subscriptionPeriodEnd!.getTime()).toBeGreaterThan(
      paidUntil.getTime() + 27 * DAY_MS,
    );
    expect(await chargesOf(me.id)).toHaveLength(3);
    const forPeriod = await server.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.userId, me.id), eq(payments.renewalFor, periodEnd), eq(payments.status, "success")),
      );
    expect(forPeriod).toHaveLength(1);
  });

  it("saves a new card on a subscription in good standing with a refunded R1.00 check", async () => {
    const me = await paidUser();
    const before = (await me.client.get("/api/subscription")).body;
    server.clock.advance(60_000);
    const started = await me.client.post("/api/subscription/payment-method", {
      email: "new-card@realmheart.test",
    });
    const page = await me.client.get(started.body.authorization_url);
    expect(page.text).toContain("R1.00");
    const callback = await decideInSandbox(me.client, started.body.authorization_url, "approve");
    await follow(me.client, callback);
    const after = (await me.client.get("/api/subscription")).body;
    expect(after.paymentMethod).not.toEqual(before.paymentMethod);
    expect(after.periodEnd).toBe(before.periodEnd);
    expect(after.history[0]).toMatchObject({ kind: "card_update", amount: 100, status: "refunded" });
  });

  it("refuses a bad email, an unfinished or someone else's card update, and a store-paid subscription", async () => {
    const me = await paidUser();
    const bad = await me.client.post("/api/subscription/payment-method", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ email: "Enter a valid email address" });
    const started = await me.client.post("/api/subscription/payment-method", {});
    const unfinished = await me.client.post("/api/subscription/payment-method/complete", {
      reference: started.body.reference,
    });
    expect(unfinished.status).toBe(402);
    expect(unfinished.body.code).toBe("payment_incomplete");
    const other = await trialUser();
    const foreign = await other.client.post("/api/subscription/payment-method/complete", {
      reference: started.body.reference,
    });
    expect(foreign.status).toBe(404);

    const { client, user } = await registerUser(server);
    await server.database.db
      .update(users)
      .set({
        subscriptionStatus: "active",
        storeEntitlementExpiresAt: new Date(server.clock.now().getTime() + DAY_MS),
      })
      .where(eq(users.id, user.id));
    userChanged(user.id);
    const store = (await client.get("/api/subscription")).body;
    expect(store).toMatchObject({ status: "active", source: "store" });
    // Managed on the billing server's hosted page, through a link the app mints for this user when it is followed.
    expect(store.managementUrl).toBe(`${server.url}/api/subscription/manage`);
    const minted = await client.get("/api/subscription/manage");
    expect(minted.status).toBe(302);
    const location = minted.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${server.url}/billing/manage/[\\w-]+\\.[\\w-]+$`));
    const token = location.split("/manage/")[1]!;
    expect(readManagementToken(billingManagementSecret(server.config), token, server.clock.now())).toEqual({
      projectId: "realmheart",
      appUserId: user.id,
    });
    const refused = await client.post("/api/subscription/cancel");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("store_managed");
  });

  it("ends a web-paid month with no saved card at its end instead of leaving it active forever", async () => {
    const { client, user } = await registerUser(server);
    const { authorization_url } = await startPremiumPayment(client);
    await follow(client, await decideInSandbox(client, authorization_url, "approve"));
    const end = (await userRow(user.id)).subscriptionPeriodEnd!;
    // As if the authorization was not reusable: no card was saved.
    await server.database.db.execute(sql`delete from payment_methods where user_id = ${user.id}`);
    server.clock.current = new Date(end.getTime() + 1000);
    await runRenewals(worker());
    expect((await userRow(user.id)).subscriptionStatus).toBe("expired");
  });
});
