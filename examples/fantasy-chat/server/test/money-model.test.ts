// The money rules as a model-based test: random lifecycles of one Realmheart customer — the clock jumping by minutes
// or by up to 60 days, renewal workers that do not run (an outage) or run two at a time, a card that starts or stops
// being declined, trial setups, purchases (approved, declined, verified twice at once), card updates paid at once,
// left open, paid late or declined, cancels, resumes and admin refunds — against the app's own code on its real
// database and the sandbox gateway. After every step the app must equal a small reference model written here from
// docs/product.md's rules: the status a client sees, the stored period, the billing issue, every charge the gateway
// took (so no day of premium without a successful charge or the one trial, one month per charge, nothing charged
// after a cancellation took effect) and the admin's metrics.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingMetrics } from "../src/admin/billing-metrics.js";
import { refundPayment } from "../src/admin/refund-payment.js";
import { payments, sandboxTransactions, users } from "../src/db/schema.js";
import { ApiError } from "../src/http/api-error.js";
import { SandboxGateway } from "../src/payments/gateways/sandbox-gateway.js";
import { refundOverdueCardChecks } from "../src/payments/card-check-refunds.js";
import { closeAbandonedCardUpdates } from "../src/payments/expire-subscriptions.js";
import { addMonths } from "../src/premium/money.js";
import { findPayment } from "../src/payments/payment-store.js";
import { runRenewals } from "../src/payments/renewal-worker.js";
import { confirmPayment, type PaymentsContext } from "../src/payments/settle-payment.js";
import { startSubscriptionCheckout, startTrialSetup } from "../src/payments/start-purchase.js";
import { cancelSubscription, resumeSubscription } from "../src/subscription/cancel-subscription.js";
import { startCardUpdate } from "../src/subscription/update-card.js";
import { subscriptionStatusAt } from "../src/users/subscription-status.js";
import { DATABASES, startTestApp, type TestApp } from "./support/test-app.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The rules the model restates (docs/product.md, "Money rules"). */
const GRACE = 3 * DAY;
const TRIAL = 7 * DAY;
const RETRY = DAY;
const CARD_UPDATE_GIVE_UP = HOUR;
const START = new Date("2026-11-21T12:00:00Z");
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 500);

type Step =
  | { kind: "advance"; ms: number }
  /** To a moment that decides something (the trial's end, the period's end, its grace period's end), then `ms` on. */
  | { kind: "jump"; to: "trialEnd" | "periodEnd" | "graceEnd"; ms: number }
  | { kind: "workers"; count: 1 | 2 }
  | { kind: "trial"; approve: boolean; declines: boolean }
  | { kind: "buy"; approve: boolean; declines: boolean; twice: boolean }
  | { kind: "card"; declines: boolean }
  | { kind: "cancel" }
  | { kind: "resume" }
  | { kind: "update"; outcome: "pay" | "leave" | "decline"; declines: boolean }
  | { kind: "payOpenUpdate" }
  | { kind: "refund" };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .oneof(
        fc.integer({ min: 1, max: 180 }).map((m) => m * MINUTE),
        fc.integer({ min: 1, max: 72 }).map((h) => h * HOUR),
        fc.integer({ min: 2, max: 60 }).map((d) => d * DAY + 17 * MINUTE),
      )
      .map((ms) => ({ kind: "advance" as const, ms })),
  },
  {
    weight: 5,
    arbitrary: fc.constantFrom(1 as const, 2 as const).map((count) => ({ kind: "workers" as const, count })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ approve: fc.boolean(), declines: fc.boolean() })
      .map((o) => ({ kind: "trial" as const, ...o })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ approve: fc.boolean(), declines: fc.boolean(), twice: fc.boolean() })
      .map((o) => ({ kind: "buy" as const, ...o })),
  },
  { weight: 2, arbitrary: fc.boolean().map((declines) => ({ kind: "card" as const, declines })) },
  { weight: 1, arbitrary: fc.constant({ kind: "cancel" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "resume" as const }) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        outcome: fc.constantFrom("pay" as const, "leave" as const, "decline" as const),
        declines: fc.boolean(),
      })
      .map((o) => ({ kind: "update" as const, ...o })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "payOpenUpdate" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "refund" as const }) },
);

/** Where a lifecycle starts, so that every state is met often: new, in a trial, paying, past due, cancelled. */
const prefixes: fc.Arbitrary<Step[]> = fc.boolean().chain((declines) =>
  fc.constantFrom<Step[]>(
    [],
    [{ kind: "trial", approve: true, declines }],
    [{ kind: "buy", approve: true, declines, twice: false }],
    [
      { kind: "buy", approve: true, declines: true, twice: false },
      { kind: "jump", to: "periodEnd", ms: MINUTE },
      { kind: "workers", count: 1 },
    ],
    [{ kind: "trial", approve: true, declines: false }, { kind: "cancel" }],
  ),
);

/** The reference model of one customer. */
interface Model {
  stored: "trial" | "active" | "expired";
  trialEnd: Date | null;
  cardSaved: boolean;
  /** The sandbox checkout whose authorization is the saved card, and whether charges on it are declined. */
  card: { reference: string; declines: boolean } | null;
  periodEnd: Date | null;
  cancelled: boolean;
  billingIssue: boolean;
  /** When a renewal of each period (its end, in ms) was last tried. */
  attempts: Map<number, Date>;
  /** Periods (their end, in ms) a success has paid. */
  paid: Set<number>;
  open: {
    reference: string;
    forPeriod: Date | null;
    createdAt: Date;
    closed: boolean;
    declines: boolean;
  } | null;
  charges: number;
  refunds: number;
  /** When a paid month last ended (churn). */
  paidEndedAt: Date | null;
}

const newModel = (): Model => ({
  stored: "trial",
  trialEnd: null,
  cardSaved: false,
  card: null,
  periodEnd: null,
  cancelled: false,
  billingIssue: false,
  attempts: new Map(),
  paid: new Set(),
  open: null,
  charges: 0,
  refunds: 0,
  paidEndedAt: null,
});

const at = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** A 409 (the action is refused) as null; anything else is a failure. */
const refused = (error: unknown) => {
  if (error instanceof ApiError && error.statusCode === 409) return null;
  throw error;
};

/** The status a client sees at `now`. */
function modelStatus(m: Model, now: Date): "trial" | "active" | "expired" {
  if (m.stored === "trial") return m.trialEnd && now > m.trialEnd ? "expired" : "trial";
  if (m.stored === "expired" || !m.periodEnd) return "expired";
  return now < m.periodEnd || (!m.cancelled && now < at(m.periodEnd, GRACE)) ? "active" : "expired";
}

/** A customer-visible card subscription (trial with a card, or a card-paid month), with its period's end. */
function modelPeriod(m: Model): Date | null {
  if (m.stored === "trial" && m.cardSaved && m.trialEnd) return m.trialEnd;
  if (m.stored === "active" && m.periodEnd) return m.periodEnd;
  return null;
}

function end(m: Model, now: Date) {
  if (m.stored === "active") m.paidEndedAt = now;
  m.stored = "expired";
  m.periodEnd = null;
  m.cancelled = false;
  m.billingIssue = false;
}

/** A month's R99 taken at `now`: one month after the latest period still owed or running, else from now. */
function monthPaid(m: Model, now: Date, purchase: boolean, paysFor: Date | null) {
  const running =
    m.stored === "active" && m.periodEnd && modelStatus(m, now) === "active" ? m.periodEnd : null;
  const named = paysFor && now < at(paysFor, GRACE) ? paysFor : null;
  const anchor = running && named ? (running > named ? running : named) : (running ?? named);
  if (paysFor) m.paid.add(paysFor.getTime());
  m.periodEnd = addMonths(anchor ?? now, 1);
  m.stored = "active";
  m.billingIssue = false;
  if (purchase) m.cancelled = false;
  m.charges++;
}

/** One renewal worker pass at `now` (a second one racing it changes nothing more). */
function workerPass(m: Model, now: Date) {
  const trialDue = m.stored === "trial" && m.cardSaved && m.trialEnd && m.trialEnd <= now ? m.trialEnd : null;
  const monthDue =
    m.stored === "active" &&
    m.periodEnd &&
    m.periodEnd <= now &&
    (!m.billingIssue || now < at(m.periodEnd, GRACE))
      ? m.periodEnd
      : null;
  const due = m.cancelled ? null : (trialDue ?? monthDue);
  if (due && m.card) {
    const last = m.attempts.get(due.getTime());
    const openForDue = m.open && !m.open.closed && m.open.forPeriod?.getTime() === due.getTime();
    const held = m.paid.has(due.getTime()) || openForDue || (last && now.getTime() - last.getTime() < RETRY);
    if (!held) {
      m.attempts.set(due.getTime(), now);
      if (!m.card.declines) monthPaid(m, now, false, due);
      else if (m.stored === "active" && m.periodEnd && now < at(m.periodEnd, GRACE)) m.billingIssue = true;
      else end(m, now);
    }
  }
  if (m.stored === "trial" && m.cancelled && m.trialEnd && m.trialEnd <= now) end(m, now);
  if (m.stored === "active" && m.periodEnd && m.periodEnd <= now) {
    if (m.cancelled || now >= at(m.periodEnd, GRACE)) end(m, now);
  }
  if (m.open && !m.open.closed && now.getTime() - m.open.createdAt.getTime() >= CARD_UPDATE_GIVE_UP)
    m.open.closed = true;
}

describe.each(DATABASES)("the money rules over random lifecycles on %s", (kind) => {
  let server: TestApp;
  let sandbox: SandboxGateway;
  let ctx: PaymentsContext;
  const target = { email: "model@realmheart.test", callbackUrl: "http://x/cb", cancelUrl: "http://x/cancel" };

  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
    sandbox = new SandboxGateway(server.database.db, server.clock);
    ctx = { db: server.database.db, clock: server.clock, gateway: sandbox, log: server.app.log };
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  /** Approves (or declines) a sandbox checkout and returns to the app as the callback does. */
  async function answer(reference: string, approve: boolean, declines: boolean) {
    await sandbox.decide(reference, approve ? "approve" : "decline", { declineCharges: declines });
    const payment = await findPayment(db(), reference);
    return confirmPayment(ctx, payment!);
  }

  async function apply(m: Model, userId: string, step: Step) {
    const now = server.clock.now();
    switch (step.kind) {
      case "advance":
        server.clock.advance(step.ms);
        return;
      case "jump": {
        const base = step.to === "trialEnd" ? m.trialEnd : m.periodEnd;
        if (!base) return;
        const target = at(base, (step.to === "graceEnd" ? GRACE : 0) + step.ms);
        if (target > now) server.clock.set(target);
        return;
      }
      case "workers": {
        await Promise.all(
          Array.from({ length: step.count }, async () => {
            await runRenewals(ctx, { batchSize: 1 });
            await refundOverdueCardChecks(ctx);
            await closeAbandonedCardUpdates(ctx);
          }),
        );
        workerPass(m, now);
        return;
      }
      case "trial": {
        const refusal = modelStatus(m, now) === "active" || m.cardSaved;
        const started = await startTrialSetup(ctx, await userRow(userId), target).catch(refused);
        expect(started === null, "trial setup refused").toBe(refusal);
        if (!started) return;
        await answer(started.payment.reference, step.approve, step.declines);
        if (!step.approve) return;
        m.cardSaved = true;
        m.card = { reference: started.payment.reference, declines: step.declines };
        if (m.stored === "trial" && m.trialEnd === null) m.trialEnd = at(now, TRIAL);
        return;
      }
      case "buy": {
        const refusal = modelStatus(m, now) === "active";
        const started = await startSubscriptionCheckout(ctx, await userRow(userId), target).catch(refused);
        expect(started === null, "purchase refused").toBe(refusal);
        if (!started) return;
        const reference = started.payment.reference;
        if (step.twice && step.approve) {
          await sandbox.decide(reference, "approve", { declineCharges: step.declines });
          const payment = (await findPayment(db(), reference))!;
          await Promise.all([confirmPayment(ctx, payment), confirmPayment(ctx, payment)]);
        } else {
          await answer(reference, step.approve, step.declines);
        }
        if (!step.approve) return;
        m.cardSaved = true;
        m.card = { reference, declines: step.declines };
        monthPaid(m, now, true, null);
        return;
      }
      case "card":
        if (!m.card) return;
        await sandbox.setDeclineCharges(m.card.reference, step.declines);
        m.card.declines = step.declines;
        return;
      case "cancel":
      case "resume": {
        const action = step.kind === "cancel" ? cancelSubscription : resumeSubscription;
        const done = await action(db(), server.clock, userId).then(() => true, refused);
        const period = modelPeriod(m);
        if (step.kind === "cancel") {
          expect(done ?? false, "cancel accepted").toBe(period !== null);
          if (done) m.cancelled = true;
        } else {
          expect(done ?? false, "resume accepted").toBe(period !== null && (!m.cancelled || period > now));
          if (done) m.cancelled = false;
        }
        return;
      }
      case "update": {
        const period = modelPeriod(m);
        const pastDue = m.stored === "active" && m.billingIssue;
        const busy =
          pastDue && m.open !== null && !m.open.closed && m.open.forPeriod?.getTime() === period?.getTime();
        const started = await startCardUpdate(ctx, await userRow(userId), target).catch(refused);
        expect(started === null, "card update refused").toBe(period === null || busy);
        if (!started) return;
        const reference = started.payment.reference;
        const forPeriod = pastDue ? period : null;
        if (step.outcome === "leave") {
          m.open = { reference, forPeriod, createdAt: now, closed: false, declines: step.declines };
          return;
        }
        await answer(reference, step.outcome === "pay", step.declines);
        if (step.outcome === "decline") return;
        m.card = { reference, declines: step.declines };
        m.cardSaved = true;
        if (forPeriod) monthPaid(m, now, false, forPeriod);
        return;
      }
      case "payOpenUpdate": {
        const open = m.open;
        if (!open) return;
        m.open = null;
        await answer(open.reference, true, open.declines);
        m.card = { reference: open.reference, declines: open.declines };
        m.cardSaved = true;
        if (!open.forPeriod) return;
        // Paid after the app gave up, for a period paid meanwhile: it pays the month after the running one.
        const paysFor =
          open.closed && m.paid.has(open.forPeriod.getTime())
            ? m.stored === "active" && m.periodEnd && m.periodEnd > now
              ? m.periodEnd
              : now
            : open.forPeriod;
        monthPaid(m, now, false, paysFor);
        return;
      }
      case "refund": {
        const [latest] = await db()
          .select()
          .from(payments)
          .where(
            sql`${payments.userId} = ${userId} and ${payments.status} = 'success' and ${payments.amount} = 9900
            and ${payments.refundedAt} is null`,
          )
          .orderBy(sql`${payments.settledAt} desc`)
          .limit(1);
        if (!latest) return;
        await refundPayment(ctx, latest.reference, "Goodwill");
        m.refunds++;
        return;
      }
    }
  }

  async function check(m: Model, userId: string, history: Step[]) {
    const now = server.clock.now();
    const user = await userRow(userId);
    const where = `after ${JSON.stringify(history.at(-1))} at ${now.toISOString()}`;
    expect(subscriptionStatusAt(user, now), `status ${where}`).toBe(modelStatus(m, now));
    expect(user.subscriptionStatus, `stored status ${where}`).toBe(m.stored);
    expect(user.subscriptionPeriodEnd?.toISOString() ?? null, `period end ${where}`).toBe(
      m.periodEnd?.toISOString() ?? null,
    );
    expect(user.trialEndDate?.toISOString() ?? null, `trial end ${where}`).toBe(
      m.trialEnd?.toISOString() ?? null,
    );
    expect(user.cancelAtPeriodEnd, `cancelled ${where}`).toBe(m.cancelled);
    expect(user.billingIssueAt !== null, `billing issue ${where}`).toBe(m.billingIssue);

    // The gateway's own ledger: every R99 it took is one the model granted a month for; each R1 card check is
    // refunded once; refunds of months only when an admin asked.
    const ledger = await db().select().from(sandboxTransactions);
    const taken = ledger.filter((t) => t.status === "success");
    expect(taken.filter((t) => t.amount === 9900).length, `R99 charges ${where}`).toBe(m.charges);
    expect(
      taken.filter((t) => t.amount === 100 && t.refundedAt === null),
      `unrefunded checks ${where}`,
    ).toEqual([]);
    expect(taken.filter((t) => t.amount === 9900 && t.refundedAt !== null).length, `refunds ${where}`).toBe(
      m.refunds,
    );
    const granted = await db()
      .select()
      .from(payments)
      .where(sql`${payments.status} = 'success' and ${payments.amount} = 9900`);
    expect(granted.length, `R99 payments granted ${where}`).toBe(m.charges);

    const status = modelStatus(m, now);
    const metrics = await billingMetrics(db(), now, 1);
    expect(
      {
        active: metrics.active,
        trialing: metrics.trialing,
        mrr: metrics.mrr,
        cancelling: metrics.cancelling,
        pastDue: metrics.pastDue,
        converted: metrics.trialConversion.converted,
        churned: metrics.churn.ended,
      },
      `metrics ${where}`,
    ).toEqual({
      active: status === "active" ? 1 : 0,
      trialing: status === "trial" && m.cardSaved ? 1 : 0,
      mrr: status === "active" && !m.cancelled ? 9900 : 0,
      cancelling: status !== "expired" && m.cancelled ? 1 : 0,
      pastDue: status === "active" && m.billingIssue ? 1 : 0,
      converted: m.trialEnd && m.trialEnd <= now && m.charges > 0 ? 1 : 0,
      churned: m.paidEndedAt && now.getTime() - m.paidEndedAt.getTime() < DAY && status !== "active" ? 1 : 0,
    });
  }

  it(`equals the reference model after every step of ${RUNS} random lifecycles`, async () => {
    let steps = 0;
    const seed = Number(process.env.MONEY_MODEL_SEED ?? Date.now() % 2 ** 31);
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(
        prefixes,
        fc.array(stepArbitrary, { minLength: 3, maxLength: 12 }),
        async (prefix, rest) => {
          const script = [...prefix, ...rest];
          await db().execute(sql`truncate table ${users}, ${sandboxTransactions} cascade`);
          server.clock.set(START);
          const [user] = await db()
            .insert(users)
            .values({
              email: "model@realmheart.test",
              firstName: "Model",
              lastName: "Run",
              ageVerified: true,
              createdAt: START,
              updatedAt: START,
            })
            .returning();
          const m = newModel();
          const history: Step[] = [];
          for (const step of script) {
            history.push(step);
            await apply(m, user!.id, step);
            await check(m, user!.id, history);
            steps++;
          }
        },
      ),
      { numRuns: RUNS, seed },
    );
    console.log(
      `money model on ${kind}: ${RUNS} runs, ${steps} steps, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 900_000);
});
