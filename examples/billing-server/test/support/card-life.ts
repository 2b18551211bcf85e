// Random lives of one customer's card subscription, driven through the billing server and the strict fake Stripe
// while the reference Ledger (./renewal-reference.ts) records what happened. The money rules' model test checks the
// server against the ledger after every step; the metrics test checks the metrics overview against it. Both drive
// the same steps through this one driver, so a change to how a step is played changes both; the scripts differ
// only in the knobs of `cardScript`. Steps call the domain functions where HTTP adds nothing (checkouts and
// Stripe's webhooks go over HTTP).
import { and, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { purchases } from "../../src/db/schema.js";
import { catalogueByProduct } from "../../src/domain/customers.js";
import { subscriberFromPurchases } from "../../src/domain/customer-info.js";
import { StripeGateway } from "../../src/gateway/stripe-gateway.js";
import { BillingError } from "../../src/http/billing-error.js";
import { cancelSubscription, resumeSubscription } from "../../src/lifecycle/cancel-subscription.js";
import { cardRenewalCharger } from "../../src/lifecycle/card-renewal-charger.js";
import { refundPurchase } from "../../src/lifecycle/refund-purchase.js";
import { runLifecycle } from "../../src/lifecycle/run-lifecycle.js";
import { checkoutCall, startBody } from "./checkout-server.js";
import type { CardBehaviour, FakeStripe } from "./fake-stripe.js";
import { Ledger, chainOf, type RenewalCharge } from "./renewal-reference.js";
import type { TestServer } from "./test-server.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PROJECT = "realmheart";
const PRODUCT = "premium_realm_monthly";
const PAID = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };

type PurchaseRow = typeof purchases.$inferSelect;

/** One step of a card subscription's life. */
export type CardStep =
  /** The clock moves on, then `workers` pass (0: they are down). */
  | { kind: "advance"; ms: number; workers: 0 | 1 | 2 }
  | { kind: "workers"; count: 0 | 1 | 2 }
  | { kind: "card"; behaviour: CardBehaviour }
  | { kind: "authenticate" }
  | { kind: "cancel" }
  | { kind: "resume" }
  | { kind: "refund" }
  | { kind: "buy"; trial: boolean; copies: 1 | 2; declined: boolean };

/** Where the two suites' scripts differ. */
export interface CardScriptOptions {
  /** Whether the clock also moves by minutes, to land near a period's edges. */
  minutes: boolean;
  /** The longest clock jump, in days. */
  maxDays: number;
  /** The weight of a workers-only step (a clock jump weighs 10). */
  workersWeight: number;
  /** Whether a purchase may be made twice at once (parallel checkouts). */
  parallelBuys: boolean;
  /** The most steps after the first purchase and card. */
  maxSteps: number;
}

/**
 * A first purchase with a card that behaves one way or another, then 1 to `maxSteps` steps.
 *
 * @example
 * fc.assert(fc.asyncProperty(cardScript({ minutes: true, maxDays: 60, workersWeight: 3, parallelBuys: true, maxSteps: 22 }), live));
 */
export function cardScript(options: CardScriptOptions): fc.Arbitrary<CardStep[]> {
  const buyStep = fc.record({
    kind: fc.constant("buy" as const),
    trial: fc.boolean(),
    copies: options.parallelBuys
      ? fc.constantFrom(1 as const, 1 as const, 2 as const)
      : fc.constant(1 as const),
    // Now and then the card is declined at checkout.
    declined: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  });
  const cardStep = fc
    .constantFrom<CardBehaviour>("succeeds", "declines", "requires_authentication")
    .map((behaviour) => ({ kind: "card" as const, behaviour }));
  const workerCount = fc.constantFrom(0 as const, 1 as const, 1 as const, 2 as const);
  const jumps = [
    ...(options.minutes
      ? [{ weight: 1, arbitrary: fc.integer({ min: 1, max: 59 }).map((m) => m * MINUTE) }]
      : []),
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 48 }).map((h) => h * HOUR) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: options.maxDays }).map((d) => d * DAY) },
  ];
  const step: fc.Arbitrary<CardStep> = fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .record({ ms: fc.oneof(...jumps), workers: workerCount })
        .map(({ ms, workers }) => ({ kind: "advance" as const, ms, workers })),
    },
    {
      weight: options.workersWeight,
      arbitrary: workerCount.map((count) => ({ kind: "workers" as const, count })),
    },
    { weight: 3, arbitrary: cardStep },
    { weight: 2, arbitrary: fc.constant({ kind: "authenticate" as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: "cancel" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "resume" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "refund" as const }) },
    { weight: 2, arbitrary: buyStep },
  );
  return fc
    .tuple(buyStep, cardStep, fc.array(step, { minLength: 1, maxLength: options.maxSteps, size: "max" }))
    .map(([first, card, rest]) => [first, card, ...rest]);
}

export interface CardLifeOptions {
  server: TestServer;
  stripe: FakeStripe;
  appUserId: string;
  /** Told each situation a step came to ("trial", "two workers racing", …), to show what the runs covered. */
  saw?: (situation: string) => void;
}

/** What a suite does around the steps of one life. */
export interface CardLifeHooks {
  /** After each step succeeds: the suite's own checks. */
  afterStep?: (step: CardStep) => Promise<void> | void;
  /** When a step or its checks fail, before the failure is passed on. */
  onFailure?: (step: CardStep) => Promise<void> | void;
}

export interface CardLife {
  readonly ledger: Ledger;
  /** The customer's purchases as the server has them. */
  rows(): Promise<PurchaseRow[]>;
  /** Whether the customer info the server answers for `rows` makes premium active at `now`. */
  premiumAt(rows: PurchaseRow[], now: Date): boolean;
  /** Plays `script`, then ends the customer's subscriptions so later lives' workers have only their own to do. */
  play(script: readonly CardStep[], hooks?: CardLifeHooks): Promise<void>;
}

// The catalogue is read once per server: every life of a suite sells the same products.
const entitlementsOf = new WeakMap<TestServer, Promise<ReadonlyMap<string, readonly string[]>>>();

/**
 * A fresh customer's life on `server`, the ledger empty; the checks the money rules make on every step (a running
 * subscription cannot be bought again, one trial, a customer with access can always cancel, …) are made here.
 *
 * @example
 * const life = await cardLife({ server: server(), stripe: checkout().stripe, appUserId });
 * await life.play(script, { afterStep: async () => life.ledger.check(await life.rows(), …) });
 */
export async function cardLife({
  server,
  stripe,
  appUserId,
  saw = () => {},
}: CardLifeOptions): Promise<CardLife> {
  const db = server.database.db;
  const ctx = { db, now: () => server.clock.now };
  if (!entitlementsOf.has(server)) {
    entitlementsOf.set(
      server,
      catalogueByProduct(db, PROJECT).then((c) => c.entitlementsByProduct),
    );
  }
  const entitlements = await entitlementsOf.get(server)!;
  const ledger = new Ledger();
  const cards: string[] = [];
  const customers = new Set<string>();
  let behaviour: CardBehaviour = "succeeds";
  const rows = () =>
    db
      .select()
      .from(purchases)
      .where(and(eq(purchases.projectId, PROJECT), eq(purchases.appUserId, appUserId)));
  const change = { projectId: PROJECT, appUserId, productId: PRODUCT };
  const premiumAt = (rows: PurchaseRow[], now: Date) => {
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

  async function buy({ trial, copies, declined }: Extract<CardStep, { kind: "buy" }>) {
    const now = server.clock.now;
    const running = (await rows()).some(
      (r) => r.refundedAt === null && r.expiresDate !== null && r.expiresDate > now,
    );
    const body = startBody(appUserId, trial ? {} : PAID);
    const starts = await Promise.all(
      Array.from({ length: copies }, () => checkoutCall(server, "POST", "/start", body)),
    );
    const trialOffered = trial && !ledger.trialGranted;
    const ids: string[] = [];
    if (running) saw("already subscribed");
    for (const start of starts) {
      // A running subscription cannot be bought again; anything else can.
      expect(start.status === 400 && start.body.code === 7772).toBe(running);
      if (start.status !== 200) continue;
      // The first purchase only gets a trial: a repurchase starts paid.
      expect(start.body.gateway_params.elements_configuration.mode).toBe(trialOffered ? "setup" : "payment");
      ids.push(start.body.operation_session_id);
    }
    const completes = await Promise.all(
      ids.map((id) => checkoutCall(server, "POST", `/${id}/complete`, { email: `${appUserId}@example.com` })),
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
      secrets.map((secret) => stripe.confirm(secret, declined ? "declined" : "succeeded")),
    );
    secrets.forEach((secret, i) => {
      const intent = stripe.intentBySecret(secret);
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
      stripe.setCardBehaviour(card, behaviour);
    });
  }

  /** The renewal charges Stripe recorded for the customer that the ledger has not seen yet. */
  function newCharges(): RenewalCharge[] {
    return stripe
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

  /** `count` workers pass at once (none: an outage); the charges they made are recorded. */
  async function workers(count: 0 | 1 | 2) {
    const charger = cardRenewalCharger(ctx, new StripeGateway(stripe.options));
    await Promise.all(
      Array.from({ length: count }, () => runLifecycle(ctx, { renewalCharger: charger, batchSize: 1 })),
    );
    const charges = newCharges();
    ledger.recordCharges(charges, await rows());
    saw(count === 0 ? "worker outage" : count === 2 ? "two workers racing" : "worker pass");
    for (const charge of charges) saw(`renewal ${charge.outcome.replace("_", " ")}`);
  }

  async function run(step: CardStep) {
    const now = server.clock.now;
    switch (step.kind) {
      case "advance":
        server.clock.advance(step.ms);
        return workers(step.workers);
      case "workers":
        return workers(step.count);
      case "card":
        behaviour = step.behaviour;
        for (const card of cards) stripe.setCardBehaviour(card, behaviour);
        return;
      case "authenticate": {
        const waiting = [...ledger.charges.values()]
          .reverse()
          .find((c) => c.outcome === "authentication_required" && c.paidAt === null);
        if (!waiting) return;
        const delivery = await stripe.authenticate(waiting.id);
        expect(delivery.status).toBe(200);
        ledger.recordAuthenticated(waiting, now);
        saw(waiting.paidAfterEnd ? "SCA paid after the subscription ended" : "SCA paid in time");
        return;
      }
      case "cancel":
      case "resume": {
        const before = await rows();
        // A customer with access can always cancel, in a grace period too.
        const hadPremium = premiumAt(before, now);
        try {
          const period = await (step.kind === "cancel" ? cancelSubscription : resumeSubscription)(ctx, {
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
        const latest = (await rows())
          .filter((r) => r.refundedAt === null && r.expiresDate !== null)
          .sort((a, b) => b.expiresDate!.getTime() - a.expiresDate!.getTime())[0];
        if (!latest) return;
        const outcome = await refundPurchase(ctx, new StripeGateway(stripe.options), {
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
        return buy(step);
    }
  }

  async function play(script: readonly CardStep[], { afterStep, onFailure }: CardLifeHooks = {}) {
    try {
      for (const step of script) {
        try {
          await run(step);
          await afterStep?.(step);
        } catch (error) {
          await onFailure?.(step);
          throw error;
        }
      }
    } finally {
      await db
        .update(purchases)
        .set({ lifecycleHandledAt: server.clock.now })
        .where(and(eq(purchases.appUserId, appUserId), isNull(purchases.lifecycleHandledAt)));
    }
  }

  return { ledger, rows, premiumAt, play };
}
