// Issue #11 (B): the built server (dist/server/main.js) is SIGKILLed after Paystack has taken the customer's money
// and before the app has committed the grant; restarted on the same database, the webhook or a re-verification
// grants premium exactly once. Once on a PGlite data directory, once on PostgreSQL when TEST_DATABASE_URL is set.
//
// Where the kill lands, deterministically: the customer has paid at the fake Paystack, which holds its answer to the
// app's `GET /transaction/verify/:reference`; the test waits until that request has reached the fake, so the app is
// parked between "the provider has the payment as success" and "the database has recorded it", and kills it there.
// On PostgreSQL a second case kills it later still, inside the settlement transaction itself: the test holds the
// user's row lock, so the app's transaction (its payment row already updated) waits in the database, and the
// process dies before COMMIT.
import { PGlite } from "@electric-sql/pglite";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakePaystack } from "../server/test/support/fake-paystack";
import { addMonths } from "../server/src/premium/money";
import { DATABASES, startApp, type DatabaseKind, type RunningApp } from "./support/app-server";
import { CookieClient } from "./support/cookie-client";
import { PASSWORD, uniqueEmail } from "./support/users";

/** Fixed, so the session cookie still opens the session after a restart. */
const SESSION_SECRET = "payment-crash-session-secret-0123456789";

interface PaymentRow {
  status: string;
  settled_at: Date | null;
}
interface UserRow {
  subscription_status: string;
  subscription_period_end: Date | null;
}

/** One browser's session with the app, by its cookie. */
class Customer {
  private readonly client = new CookieClient();
  constructor(private readonly app: RunningApp) {}

  send(method: "GET" | "POST", path: string, body?: unknown) {
    return this.client.call(this.app.url, method, path, body);
  }
}

/**
 * Runs one query on the app's database. On PGlite the data directory has one owner, so only while the server is
 * down: opening it is then also the check that the directory a SIGKILL left behind opens cleanly.
 */
async function query<T>(app: RunningApp, sql: string, params: unknown[]): Promise<T[]> {
  if (app.databaseUrl) {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(app.dataDir, "app"));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

const paymentsOf = (app: RunningApp, userId: string) =>
  query<PaymentRow>(app, "select status, settled_at from payments where user_id = $1", [userId]);
const userOf = async (app: RunningApp, userId: string) =>
  (
    await query<UserRow>(
      app,
      "select subscription_status, subscription_period_end from users where id = $1",
      [userId],
    )
  )[0];

describe.each(DATABASES)("payments across a server crash on %s", (database: DatabaseKind) => {
  let paystack: FakePaystack;
  /** The server of the running test, stopped (and its data removed) after it. */
  let current: RunningApp | null = null;

  beforeAll(async () => {
    paystack = await FakePaystack.start();
  });
  afterEach(async () => {
    paystack.releaseAnswers();
    await current?.stop();
    current = null;
  });
  afterAll(async () => {
    await paystack?.close();
  });

  /** A fresh server; a customer who started Premium Realm and paid at Paystack. */
  async function paidCustomer() {
    const app = await startApp({
      database,
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url, SESSION_SECRET },
    });
    current = app;
    const customer = new Customer(app);
    const registered = await customer.send("POST", "/api/auth/register", {
      email: uniqueEmail("crash"),
      password: PASSWORD,
      firstName: "Ysolde",
      lastName: "Marrow",
    });
    expect(registered.status).toBe(201);
    expect((await customer.send("POST", "/api/auth/verify-age")).status).toBe(200);
    const started = await customer.send("POST", "/api/initialize-payment", {
      amount: 9900,
      email: "ysolde@example.test",
    });
    expect(started.status).toBe(200);
    const reference = started.body.reference as string;
    paystack.pay(reference);
    return { app, customer, reference, userId: registered.body.id as string };
  }

  /** Kills the server while its verification of `reference` waits for Paystack's answer (see the top). */
  async function killDuringVerification(app: RunningApp, customer: Customer, reference: string) {
    paystack.holdAnswers();
    const asked = paystack.nextCallTo(`/transaction/verify/${reference}`);
    const verifying = customer.send("POST", "/api/verify-payment", { reference }).then(
      (answer) => answer.status,
      () => "connection lost",
    );
    await asked;
    await app.kill("SIGKILL");
    expect(await verifying).toBe("connection lost");
    // Paystack's answer now goes to a dead socket.
    paystack.releaseAnswers();
  }

  const webhook = (app: RunningApp, reference: string) => {
    const { body, signature } = paystack.webhook("charge.success", reference);
    return fetch(`${app.url}/api/webhooks/paystack`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": signature },
      body,
    }).then((r) => r.status);
  };

  /** One successful payment row, and exactly one month of premium from its settlement. */
  async function expectGrantedOnce(app: RunningApp, userId: string) {
    // Stopped gracefully, so the PGlite directory can be read (PostgreSQL would not need it).
    await app.kill("SIGTERM");
    const rows = await paymentsOf(app, userId);
    expect(rows.map((r) => r.status)).toEqual(["success"]);
    const user = await userOf(app, userId);
    expect(user?.subscription_status).toBe("active");
    expect(user?.subscription_period_end).toEqual(addMonths(rows[0]!.settled_at!, 1));
  }

  it("grants exactly once through Paystack's webhook after a crash mid-verification; a re-verification and a replay grant nothing more", async () => {
    const { app, customer, reference, userId } = await paidCustomer();
    await killDuringVerification(app, customer, reference);
    // Restarted straight onto the directory the kill left (nothing else opens it first).
    await app.restart();
    expect((await customer.send("GET", "/api/auth/user")).body.subscriptionStatus).toBe("trial");

    expect(await webhook(app, reference)).toBe(200);
    expect((await customer.send("GET", "/api/auth/user")).body.subscriptionStatus).toBe("active");
    const verified = await customer.send("POST", "/api/verify-payment", { reference });
    expect(verified.status).toBe(200);
    const periodEnd = verified.body.subscriptionPeriodEnd;
    expect(await Promise.all([webhook(app, reference), webhook(app, reference)])).toEqual([200, 200]);
    const again = await customer.send("POST", "/api/verify-payment", { reference });
    expect(again.body).toMatchObject({ status: "success", subscriptionPeriodEnd: periodEnd });
    await expectGrantedOnce(app, userId);
  });

  it("grants exactly once when the customer verifies again after a crash mid-verification", async () => {
    const { app, customer, reference, userId } = await paidCustomer();
    await killDuringVerification(app, customer, reference);
    expect((await paymentsOf(app, userId)).map((r) => r.status)).toEqual(["pending"]);
    expect((await userOf(app, userId))?.subscription_period_end).toBeNull();
    await app.restart();

    const answers = await Promise.all([
      customer.send("POST", "/api/verify-payment", { reference }),
      customer.send("POST", "/api/verify-payment", { reference }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body.subscriptionPeriodEnd).toBe(answers[0]?.body.subscriptionPeriodEnd);
    expect(await webhook(app, reference)).toBe(200);
    expect((await customer.send("GET", "/api/auth/user")).body.subscriptionStatus).toBe("active");
    await expectGrantedOnce(app, userId);
  });

  // Only PostgreSQL has a second session to hold the row lock with (PGlite has one connection): the case is
  // declared there only, not skipped elsewhere.
  if (database === "postgres") {
    it("grants exactly once after a crash inside the settlement transaction, before its commit", async () => {
      const { app, customer, reference, userId } = await paidCustomer();
      const blocker = new pg.Client({ connectionString: app.databaseUrl! });
      await blocker.connect();
      try {
        await blocker.query("begin");
        await blocker.query("select id from users where id = $1 for update", [userId]);
        const verifying = customer.send("POST", "/api/verify-payment", { reference }).then(
          (answer) => answer.status,
          () => "connection lost",
        );
        // The app's transaction has set its payment row to success and now waits for the user's row.
        const waiting = async () =>
          (
            await blocker.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows.map((r) => r.pid);
        await expect.poll(waiting).toHaveLength(1);
        const [settling] = await waiting();
        await app.kill("SIGKILL");
        expect(await verifying).toBe("connection lost");
        await blocker.query("rollback");
        // The orphaned backend gets the lock, finds its client gone, and rolls back: nothing was committed.
        await expect
          .poll(
            async () =>
              (await blocker.query("select 1 from pg_stat_activity where pid = $1", [settling])).rowCount,
          )
          .toBe(0);
      } finally {
        await blocker.end();
      }
      expect((await paymentsOf(app, userId)).map((r) => r.status)).toEqual(["pending"]);
      expect((await userOf(app, userId))?.subscription_status).toBe("trial");

      await app.restart();
      const verified = await customer.send("POST", "/api/verify-payment", { reference });
      expect(verified.status).toBe(200);
      expect(await webhook(app, reference)).toBe(200);
      const again = await customer.send("POST", "/api/verify-payment", { reference });
      expect(again.body.subscriptionPeriodEnd).toBe(verified.body.subscriptionPeriodEnd);
      await expectGrantedOnce(app, userId);
    });
  }
});
