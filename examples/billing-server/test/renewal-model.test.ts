// The money rules as a model-based test (issue #42): random lives of one customer's card subscription against the
// billing server and the strict fake Stripe — the clock jumping by minutes or by up to 60 days, workers that do not
// run (an outage) or race two at a time, a card that declines, recovers or wants the customer to confirm (SCA) and is
// confirmed in time, late or never, cancels (in the grace period too), resumes, refunds, purchases made again and
// made twice at once, a trial first and paid purchases after it. After every step the server's purchases and the
// customer's access are checked against an independent reference (./support/renewal-reference.ts). Each run is a
// fresh customer on one server per database; steps call the domain functions where HTTP adds nothing (checkouts and
// Stripe's webhooks go over HTTP). MODEL_RUNS and MODEL_SEED override the run count and the seed; MODEL_DEBUG=1
// prints what a failing step saw.
import { and, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { purchases } from "../src/db/schema.js";
import { catalogueByProduct } from "../src/domain/customers.js";
import { subscriberFromPurchases } from "../src/domain/customer-info.js";
import { StripeGateway } from "../src/gateway/stripe-gateway.js";
import { BillingError } from "../src/http/billing-error.js";
import { cancelSubscription, resumeSubscription } from "../src/lifecycle/cancel-subscription.js";
import { cardRenewalCharger } from "../src/lifecycle/card-renewal-charger.js";
import { refundPurchase } from "../src/lifecycle/refund-purchase.js";
import { runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { checkoutCall, startBody, useCheckoutServer } from "./support/checkout-server.js";
import type { CardBehaviour } from "./support/fake-stripe.js";
import { Ledger, chainOf, type RenewalCharge } from "./support/renewal-reference.js";
import { DATABASES } from "./support/test-server.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PROJECT = "realmheart";
const PRODUCT = "premium_realm_monthly";
const PAID = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };
const RUNS = Number(process.env.MODEL_RUNS ?? 500);
const SEED = Number(process.env.MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Step =
  /** The clock moves on, then `workers` pass (0: they are down). */
  | { kind: "advance"; ms: number; workers: 0 | 1 | 2 }
  | { kind: "workers"; count: 0 | 1 | 2 }
  | { kind: "card"; behaviour: CardBehaviour }
  | { kind: "authenticate" }
  | { kind: "cancel" }
  | { kind: "resume" }
  | { kind: "refund" }
  | { kind: "buy"; trial: boolean; copies: 1 | 2; declined: boolean };

const buyStep = fc.record({
  kind: fc.constant("buy" as const),
  trial: fc.boolean(),
  copies: fc.constantFrom(1 as const, 1 as const, 2 as const),
  // Now and then the card is declined at checkout.
  declined: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
});
const cardStep = fc
  .constantFrom<CardBehaviour>("succeeds", "declines", "requires_authentication")
  .map((behaviour) => ({ kind: "card" as const, behaviour }));
const workerCount = fc.constantFrom(0 as const, 1 as const, 1 as const, 2 as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .record({
        ms: fc.oneof(
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 59 }).map((m) => m * MINUTE) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 48 }).map((h) => h * HOUR) },
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map((d) => d * DAY) },
        ),
        workers: workerCount,
      })
      .map(({ ms, workers }) => ({ kind: "advance" as const, ms, workers })),
  },
  { weight: 3, arbitrary: workerCount.map((count) => ({ kind: "workers" as const, count })) },
  { weight: 3, arbitrary: cardStep },
  { weight: 2, arbitrary: fc.constant({ kind: "authenticate" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "cancel" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "resume" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "refund" as const }) },
  { weight: 2, arbitrary: buyStep },
);
/** A first purchase with a card that behaves one way or another, then 1 to 22 steps. */
const script: fc.Arbitrary<Step[]> = fc
  .tuple(buyStep, cardStep, fc.array(step, { minLength: 1, maxLength: 22, size: "max" }))
  .map(([first, card, rest]) => [first, card, ...rest]);

describe.each(DATABASES)("money rules over random subscription lives on %s", (kind) => {
  const { checkout, server } = useCheckoutServer(kind);
  const fake = () => checkout().stripe;
  const db = () => server().database.db;
  const ctx = () => ({ db: db(), now: () => server().clock.now });
  let runs = 0;
  let steps = 0;
  let entitlementsByProduct: ReadonlyMap<string, readonly string[]> | undefined;
  /** How often each situation came up, printed with the run count to show what the runs covered. */
  const seen: Record<string, number> = {};
  const saw = (situation: string) => {
    seen[situation] = (seen[situation] ?? 0) + 1;
  };

  /** One customer's life: the steps driven, the ledger kept, the invariants checked after each step. */
  async function live(script: readonly Step[]) {
    const appUserId = `model_${kind}_${SEED}_${runs++}`;
    const ledger = new Ledger();
    const cards: string[] = [];
    const customers = new Set<string>();
    let behaviour: CardBehaviour = "succeeds";
    entitlementsByProduct ??= (await catalogueByProduct(db(), PROJECT)).entitlementsByProduct;
    const entitlements = entitlementsByProduct;
    const rowsOf = () =>
      db()
        .select()
        .from(purchases)
        .where(and(eq(purchases.projectId, PROJECT), eq(purchases.appUserId, appUserId)));
    const change = { projectId: PROJECT, appUserId, productId: PRODUCT };
    /** Whether the customer info the server answers makes premium active at `now`. */
    const premiumAt = (rows: (typeof purchases.$inferSelect)[], now: Date) => {
      const info = subscriberFromPurchases({
        appUserId,
        firstSeen: now,
        purchases: rows,
        entitlementsByProduct: entitlements,
        managementUrl: null,
      });
      const premium = info.entitlements.premium as { expires_date: string } | undefined;
      return premium !== undefined && new Date(premium.expires_date) > now;
    };

    async function buy({ trial, copies, declined }: Extract<Step, { kind: "buy" }>) {
      const now = server().clock.now;
      const running = (await rowsOf()).some(
        (r) => r.refundedAt === null && r.expiresDate !== null && r.expiresDate > now,
      );
      const body = startBody(appUserId, trial ? {} : PAID);
      const starts = await Promise.all(
        Array.from({ length: copies }, () => checkoutCall(server(), "POST", "/start", body)),
      );
      const trialOffered = trial && !ledger.trialGranted;
      const ids: string[] = [];
      if (running) saw("already subscribed");
      for (const start of starts) {
        // A running subscription cannot be bought again; anything else can.
        expect(start.status === 400 && start.body.code === 7772).toBe(running);
        if (start.status !== 200) continue;
        // The first purchase only gets a trial: a repurchase starts paid.
        expect(start.body.gateway_params.elements_configuration.mode).toBe(
          trialOffered ? "setup" : "payment",
        );
        ids.push(start.body.operation_session_id);
      }
      const completes = await Promise.all(
        ids.map((id) =>
          checkoutCall(server(), "POST", `/${id}/complete`, { email: `${appUserId}@example.com` }),
        ),
      );
      const completed = completes.filter((c) => c.status === 200);
      // Parallel trial checkouts: one holds the trial, the others are refused with 7232.
      expect(completed.length).toBe(trialOffered ? Math.min(ids.length, 1) : ids.length);
      for (const refused of completes.filter((c) => c.status !== 200)) {
        expect(refused.body.code).toBe(7232);
        saw("parallel trial refused");
      }
      if (completed.length > 1) saw("parallel paid checkouts");
      const secrets: string[] = completed.map((c) => c.body.gateway_params.client_secret);
      const deliveries = await Promise.all(
        secrets.map((secret) => fake().confirm(secret, declined ? "declined" : "succeeded")),
      );
      secrets.forEach((secret, i) => {
        const intent = fake().intentBySecret(secret);
        customers.add(intent.customer as string);
        if (declined) return saw("checkout declined");
        saw(
          intent.object === "setup_intent"
            ? "trial"
            : ledger.checkouts.size > 0
              ? "repurchase"
              : "paid purchase",
        );
        ledger.recordCheckout({
          intentId: intent.id as string,
          kind: intent.object === "setup_intent" ? "trial" : "paid",
          at: now,
          granted: deliveries[i]?.body.result === "succeeded",
        });
        const card = intent.payment_method as string;
        cards.push(card);
        fake().setCardBehaviour(card, behaviour);
      });
    }

    /** The renewal charges Stripe recorded for the customer that the ledger has not seen yet. */
    function newCharges(): RenewalCharge[] {
      return fake()
        .offSessionCharges()
        .filter((c) => customers.has(c.customer as string) && !ledger.charges.has(c.id))
        .map((c) => ({
          id: c.id,
          renewalId: c.metadata.renewal_transaction_id as string,
          at: new Date(c.created * 1000),
          outcome:
            c.status === "succeeded"
              ? "succeeded"
              : c.last_payment_error?.code === "authentication_required"
                ? "authentication_required"
                : "declined",
          amountMinor: c.amount,
          paidAt: c.status === "succeeded" ? new Date(c.created * 1000) : null,
        }));
    }

    /** `count` workers pass at once (none: an outage); the charges they made are checked and recorded. */
    async function workers(count: 0 | 1 | 2) {
      const charger = cardRenewalCharger(ctx(), new StripeGateway(fake().options));
      await Promise.all(
        Array.from({ length: count }, () => runLifecycle(ctx(), { renewalCharger: charger, batchSize: 1 })),
      );
      const charges = newCharges();
      ledger.recordCharges(charges, await rowsOf());
      saw(count === 0 ? "worker outage" : count === 2 ? "two workers racing" : "worker pass");
      for (const charge of charges) saw(`renewal ${charge.outcome.replace("_", " ")}`);
    }

    async function run(step: Step) {
      const now = server().clock.now;
      switch (step.kind) {
        case "advance":
          server().clock.advance(step.ms);
          return workers(step.workers);
        case "workers":
          return workers(step.count);
        case "card":
          behaviour = step.behaviour;
          for (const card of cards) fake().setCardBehaviour(card, behaviour);
          return;
        case "authenticate": {
          const waiting = [...ledger.charges.values()]
            .reverse()
            .find((c) => c.outcome === "authentication_required" && c.paidAt === null);
          if (!waiting) return;
          const delivery = await fake().authenticate(waiting.id);
          expect(delivery.status).toBe(200);
          ledger.recordAuthenticated(waiting, now);
          saw(waiting.paidAfterEnd ? "SCA paid after the subscription ended" : "SCA paid in time");
          return;
        }
        case "cancel":
        case "resume": {
          const before = await rowsOf();
          // A customer with access can always cancel, in a grace period too.
          const hadPremium = premiumAt(before, now);
          try {
            const period = await (step.kind === "cancel" ? cancelSubscription : resumeSubscription)(ctx(), {
              ...change,
              at: now,
            });
            const wasCancelled = ledger.cancelled.has(chainOf(period.storeTransactionId));
            ledger.recordRenewalSwitch(step.kind, before, now);
            if (step.kind === "resume") return saw(wasCancelled ? "resumed" : "resume changed nothing");
            saw(period.lifecycleHandledAt ? "cancelled in grace or at renewal" : "cancelled");
          } catch (error) {
            if (!(error instanceof BillingError)) throw error;
            expect(error.statusCode).toBe(404); // nothing running to change
            if (step.kind === "cancel")
              expect(hadPremium, "a customer with access could not cancel").toBe(false);
          }
          return;
        }
        case "refund": {
          // The merchant refunds the latest period (the merchant API's one refund path): Stripe gives the money back.
          const latest = (await rowsOf())
            .filter((r) => r.refundedAt === null && r.expiresDate !== null)
            .sort((a, b) => b.expiresDate!.getTime() - a.expiresDate!.getTime())[0];
          if (!latest) return;
          const outcome = await refundPurchase(ctx(), new StripeGateway(fake().options), {
            projectId: PROJECT,
            purchaseId: latest.id,
            at: now,
            actor: "test",
          });
          if (!outcome.ok) {
            // A worker holds the period while it charges the renewal: the refund waits for it.
            expect(outcome.reason).toBe("renewal_in_progress");
            return saw("refund waits for a renewal charge");
          }
          expect(outcome.refunded).toBe(true);
          ledger.refunded.set(latest.storeTransactionId, now);
          saw("refund");
          return;
        }
        case "buy":
          await buy(step);
      }
    }

    try {
      for (const step of script) {
        try {
          await run(step);
          steps++;
          const now = server().clock.now;
          const rows = await rowsOf();
          ledger.check(rows, premiumAt(rows, now), now);
        } catch (error) {
          // MODEL_DEBUG=1 with MODEL_SEED shows what the failing step saw.
          if (process.env.MODEL_DEBUG) {
            const rows = await rowsOf();
            console.log(JSON.stringify({ step, now: server().clock.now, rows, ledger }, null, 1));
          }
          throw error;
        }
      }
    } finally {
      // The customer's subscriptions end with the run, so later runs' workers have only their own to do.
      await db()
        .update(purchases)
        .set({ lifecycleHandledAt: server().clock.now })
        .where(and(eq(purchases.appUserId, appUserId), isNull(purchases.lifecycleHandledAt)));
    }
  }

  it(`keeps premium to paid time, one trial and grace, charges once per period and never after a cancel (${RUNS} runs)`, async () => {
    const started = performance.now();
    await fc.assert(fc.asyncProperty(script, live), { numRuns: RUNS, seed: SEED, verbose: 1 });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const covered = Object.entries(seen)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([situation, times]) => `${situation} ${times}`)
      .join(", ");
    console.log(
      `renewal model on ${kind}: ${runs.toLocaleString("en")} runs, ${steps.toLocaleString("en")} steps, seed ${SEED}, ${seconds} s (${covered})`,
    );
  }, 600_000);
});
