import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAppDatabase, type AppDatabase } from "../src/db/database.js";
import { appLoggerOptions } from "../src/http/log-safety.js";
import { payments, users } from "../src/db/schema.js";
import type { PaymentGateway } from "../src/payments/gateways/payment-gateway.js";
import { PaymentGatewayError } from "../src/payments/gateways/payment-gateway.js";
import { PaystackGateway } from "../src/payments/gateways/paystack-gateway.js";
import {
  RENEWAL_GIVE_UP_MS,
  RENEWAL_RETRY_MS,
  runRenewals,
  type RenewalReport,
} from "../src/payments/renewal-worker.js";
import { SandboxGateway } from "../src/payments/gateways/sandbox-gateway.js";
import type { PaymentsContext } from "../src/payments/settle-payment.js";
import { FakePaystack } from "./support/fake-paystack.js";
import { decideInSandbox, follow, startTrialSetup } from "./support/payments.js";
import { DATABASES, registerUser, startTestApp, type TestApp } from "./support/test-app.js";

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)("the renewal worker with Paystack on %s", (kind) => {
  let server: TestApp;
  let paystack: FakePaystack;
  /** A second connection pool on the same data, as a second server process would have (PostgreSQL only). */
  let second: AppDatabase | null = null;

  beforeAll(async () => {
    paystack = await FakePaystack.start();
    server = await startTestApp(kind, {
      renewals: false,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    });
    if (server.pgSchema && process.env.TEST_DATABASE_URL) {
      second = await openAppDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        pgSchema: server.pgSchema,
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await server.close();
    await paystack.close();
  });

  const worker = (overrides: Partial<PaymentsContext> = {}): PaymentsContext => ({
    db: server.database.db,
    clock: server.clock,
    gateway: new PaystackGateway({ secretKey: paystack.secretKey, baseUrl: paystack.url }),
    log: server.app.log,
    ...overrides,
  });

  /** A user whose trial card setup completed now; returns their id and card. */
  async function trialUser() {
    const { client, user } = await registerUser(server);
    const { reference } = await startTrialSetup(client);
    const card = paystack.pay(reference).authorizationCode!;
    expect(await follow(client, `/trial-setup/callback?reference=${reference}`)).toBe("/");
    return { id: user.id as string, card, setupReference: reference };
  }

  /** Charges Paystack took on a card (its setup check excluded). */
  const chargesOn = (card: string) =>
    [...paystack.transactions.values()].filter((t) => t.authorizationCode === card && t.amount === 9900);
  const userRow = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const renewalsOf = (id: string) =>
    server.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, id), eq(payments.kind, "renewal")));
  const total = (reports: RenewalReport[], key: keyof RenewalReport) =>
    reports.reduce((sum, r) => sum + r[key], 0);

  it("charges each user exactly once at trial end when two workers run at once on one database", async () => {
    const trialists = await Promise.all(Array.from({ length: 6 }, () => trialUser()));
    const { user: noCard } = await registerUser(server);
    const trialEnd = (await userRow(trialists[0]!.id)).trialEndDate!;
    expect(await runRenewals(worker())).toEqual({
      charged: 0,
      succeeded: 0,
      failed: 0,
      pending: 0,
      expired: 0,
    });

    server.clock.advance(7 * DAY_MS + 1000);
    const reports = await Promise.all([
      runRenewals(worker(), { batchSize: 2 }),
      runRenewals(worker(second ? { db: second.db } : {}), { batchSize: 2 }),
      runRenewals(worker(), { batchSize: 3 }),
    ]);
    expect(total(reports, "charged")).toBe(6);
    expect(total(reports, "succeeded")).toBe(6);

    for (const trialist of trialists) {
      expect(chargesOn(trialist.card)).toHaveLength(1);
      const rows = await renewalsOf(trialist.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: "success",
        amount: 9900,
        currency: "ZAR",
        renewalFor: trialEnd,
      });
      const stored = await userRow(trialist.id);
      expect(stored.subscriptionStatus).toBe("active");
      expect(stored.subscriptionPeriodEnd?.toISOString()).toBe("2026-12-28T12:00:00.000Z");
    }
    expect(await renewalsOf(noCard.id)).toHaveLength(0);

    const again = await Promise.all([runRenewals(worker()), runRenewals(worker())]);
    expect(total(again, "charged")).toBe(0);
    for (const trialist of trialists) expect(chargesOn(trialist.card)).toHaveLength(1);
  });

  it("renews every month after; a declined renewal keeps access for 3 days, is retried daily, then expires", async () => {
    const me = await trialUser();
    server.clock.advance(7 * DAY_MS + 1000);
    await runRenewals(worker());
    const firstEnd = (await userRow(me.id)).subscriptionPeriodEnd!;

    server.clock.current = new Date(firstEnd.getTime() + 1000);
    await runRenewals(worker());
    const renewed = await userRow(me.id);
    expect(renewed.subscriptionStatus).toBe("active");
    expect(renewed.subscriptionPeriodEnd?.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * DAY_MS);
    expect(chargesOn(me.card)).toHaveLength(2);

    paystack.declineChargesOf(me.setupReference);
    const periodEnd = renewed.subscriptionPeriodEnd!;
    server.clock.current = new Date(periodEnd.getTime() + 1000);
    // Other tests' subscribers fall due on this clock too: the counts below are this user's.
    const attempts = async () => (await renewalsOf(me.id)).length;
    await runRenewals(worker());
    expect(await attempts()).toBe(3);
    const graced = await userRow(me.id);
    expect(graced.subscriptionStatus).toBe("active");
    expect(graced.billingIssueAt?.getTime()).toBe(periodEnd.getTime() + 1000);
    expect(graced.subscriptionPeriodEnd).toEqual(periodEnd);

    // Within the day nothing is retried; each later day is tried once, on every worker.
    server.clock.advance(12 * 60 * 60_000);
    await runRenewals(worker());
    expect(await attempts()).toBe(3);
    server.clock.advance(12 * 60 * 60_000);
    await Promise.all([runRenewals(worker()), runRenewals(worker())]);
    expect(await attempts()).toBe(4);
    server.clock.advance(DAY_MS);
    await runRenewals(worker());
    expect(await attempts()).toBe(5);
    expect((await userRow(me.id)).subscriptionStatus).toBe("active");

    // Three days after the month's end the grace period is over: expired, and never charged again.
    server.clock.current = new Date(periodEnd.getTime() + 3 * DAY_MS + 1000);
    await runRenewals(worker());
    expect(await attempts()).toBe(5);
    const lapsed = await userRow(me.id);
    expect(lapsed).toMatchObject({
      subscriptionStatus: "expired",
      subscriptionPeriodEnd: null,
      billingIssueAt: null,
    });
    const rows = await renewalsOf(me.id);
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "failed", "failed", "success", "success"]);

    server.clock.advance(40 * DAY_MS);
    await runRenewals(worker());
    expect(chargesOn(me.card)).toHaveLength(5);
  });

  it("takes over a renewal whose worker died after charging, without charging again", async () => {
    const me = await trialUser();
    server.clock.advance(7 * DAY_MS + 1000);
    const real = worker().gateway;
    const dying: PaymentGateway = {
      ...real,
      name: real.name,
      initialize: (input) => real.initialize(input),
      verify: (reference) => real.verify(reference),
      refund: (reference) => real.refund(reference),
      chargeAuthorization: async (input) => {
        await real.chargeAuthorization(input);
        throw new PaymentGatewayError("unavailable", "connection reset after the charge");
      },
    };
    expect((await runRenewals(worker({ gateway: dying }))).pending).toBe(1);
    expect((await userRow(me.id)).subscriptionStatus).toBe("trial");
    expect((await runRenewals(worker())).charged).toBe(0);

    server.clock.advance(RENEWAL_RETRY_MS);
    const report = await runRenewals(worker());
    expect(report).toMatchObject({ charged: 0, succeeded: 1 });
    expect(chargesOn(me.card)).toHaveLength(1);
    expect((await userRow(me.id)).subscriptionStatus).toBe("active");
  });

  it("charges a renewal again when Paystack never received it, and gives up on one left unfinished for a day", async () => {
    const me = await trialUser();
    server.clock.advance(7 * DAY_MS + 1000);
    paystack.nextAnswer = { status: 503, body: "maintenance" };
    expect((await runRenewals(worker())).pending).toBe(1);
    server.clock.advance(RENEWAL_RETRY_MS);
    expect((await runRenewals(worker())).succeeded).toBe(1);
    expect(chargesOn(me.card)).toHaveLength(1);

    const stuck = await trialUser();
    server.clock.advance(7 * DAY_MS + 1000);
    const real = worker().gateway;
    const processing: PaymentGateway = {
      name: real.name,
      initialize: (input) => real.initialize(input),
      refund: (reference) => real.refund(reference),
      verify: async (reference) => ({ ...(await real.verify(reference))!, status: "pending" }),
      chargeAuthorization: async (input) => ({
        ...(await real.chargeAuthorization(input)),
        status: "pending",
      }),
    };
    expect((await runRenewals(worker({ gateway: processing }))).pending).toBeGreaterThanOrEqual(1);
    server.clock.advance(RENEWAL_GIVE_UP_MS);
    await runRenewals(worker({ gateway: processing }));
    const [renewal] = await renewalsOf(stuck.id);
    expect(renewal).toMatchObject({ status: "failed", failureReason: "not_completed" });
    expect((await userRow(stuck.id)).subscriptionStatus).toBe("expired");
  });
});

describe.each(DATABASES)("the renewal worker with the sandbox gateway on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  it("charges an approved sandbox card at trial end; one approved with 'decline later charges' expires", async () => {
    const good = await registerUser(server);
    const bad = await registerUser(server);
    for (const [who, declineCharges] of [
      [good, false],
      [bad, true],
    ] as const) {
      const { authorization_url } = await startTrialSetup(who.client);
      const callback = await decideInSandbox(who.client, authorization_url, "approve", { declineCharges });
      await follow(who.client, callback);
    }
    server.clock.advance(7 * DAY_MS + 1000);
    const ctx = {
      db: server.database.db,
      clock: server.clock,
      gateway: new SandboxGateway(server.database.db, server.clock),
      log: server.app.log,
    };
    const reports = await Promise.all([runRenewals(ctx), runRenewals(ctx)]);
    expect(reports.reduce((sum, r) => sum + r.charged, 0)).toBe(2);
    expect((await good.client.get("/api/auth/user")).body.subscriptionStatus).toBe("active");
    expect((await bad.client.get("/api/auth/user")).body.subscriptionStatus).toBe("expired");
  });
});

describe.each(DATABASES)("what the payment flows log on %s", (kind) => {
  it("never logs the Paystack key, a card authorization code or a signature", async () => {
    const paystack = await FakePaystack.start();
    const lines: string[] = [];
    const server = await startTestApp(kind, {
      renewals: false,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
      logger: { ...appLoggerOptions("debug"), stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const { client } = await registerUser(server);
      const { reference } = await startTrialSetup(client);
      const card = paystack.pay(reference).authorizationCode!;
      paystack.nextAnswer = { status: 500, body: "oops" };
      expect((await client.post("/api/trial/complete", { reference })).status).toBe(502);
      const webhook = paystack.webhook("charge.success", reference);
      const delivered = await client.request("POST", "/api/webhooks/paystack", {
        rawBody: webhook.body,
        headers: { "x-paystack-signature": webhook.signature, authorization: `Bearer ${paystack.secretKey}` },
      });
      expect(delivered.status).toBe(200);
      expect((await client.post("/api/trial/complete", { reference })).status).toBe(200);

      server.clock.advance(7 * DAY_MS + 1000);
      paystack.nextAnswer = { status: 503, body: "down" };
      const ctx = {
        db: server.database.db,
        clock: server.clock,
        gateway: new PaystackGateway({ secretKey: paystack.secretKey, baseUrl: paystack.url }),
        log: server.app.log,
      };
      expect((await runRenewals(ctx)).pending).toBe(1);
      server.clock.advance(RENEWAL_RETRY_MS);
      expect((await runRenewals(ctx)).succeeded).toBe(1);

      const log = lines.join("");
      expect(log).toContain("payment gateway call failed");
      expect(log).toContain("renewal charge did not complete");
      expect(log).not.toContain(card);
      expect(log).not.toContain(paystack.secretKey);
      expect(log).not.toContain(webhook.signature);
    } finally {
      await server.close();
      await paystack.close();
    }
  });
});
