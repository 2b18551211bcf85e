// The renewal rules as a model-based test: random lifecycles of a card subscription — the clock jumping by an hour or
// by weeks, workers that do not run (an outage) or run two at a time, a card that starts or stops being declined,
// cancellations and purchases made again — against the billing server and the strict fake Stripe. After every step:
// each period granted after the first was paid by exactly one successful charge, no charge was taken that granted
// nothing, and premium is active only inside a paid period or a billing issue's grace period.
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { purchases } from "../src/db/schema.js";
import { StripeGateway } from "../src/gateway/stripe-gateway.js";
import { cancelSubscription } from "../src/lifecycle/cancel-subscription.js";
import { cardRenewalCharger } from "../src/lifecycle/card-renewal-charger.js";
import { GRACE_PERIOD_DAYS, runLifecycle } from "../src/lifecycle/run-lifecycle.js";
import { KEYS } from "./support/catalogue.js";
import { checkoutCall, startBody, useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES, call } from "./support/test-server.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PRODUCT = "premium_realm_monthly";
const PAID = { offer_id: "no_trial", price_id: "prc_premium_realm_monthly_no_trial" };

type Step =
  | { kind: "advance"; ms: number }
  | { kind: "workers"; count: 0 | 1 | 2 }
  | { kind: "card"; declines: boolean }
  | { kind: "cancel" }
  | { kind: "buy" };

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .oneof(
          fc.integer({ min: 1, max: 48 }).map((h) => h * HOUR),
          fc.integer({ min: 2, max: 40 }).map((d) => d * DAY),
        )
        .map((ms) => ({ kind: "advance" as const, ms })),
    },
    { weight: 4, arbitrary: fc.constantFrom(0, 1, 2).map((count) => ({ kind: "workers" as const, count })) },
    { weight: 2, arbitrary: fc.boolean().map((declines) => ({ kind: "card" as const, declines })) },
    { weight: 1, arbitrary: fc.constant({ kind: "cancel" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "buy" as const }) },
  ),
  { minLength: 5, maxLength: 30 },
);

describe.each(DATABASES)("renewal rules over random lifecycles on %s", (kind) => {
  const { checkout, server } = useCheckoutServer(kind);
  const fake = () => checkout().stripe;
  const ctx = () => ({ db: server().database.db, now: () => server().clock.now });
  let runs = 0;

  /** Buys a paid month with a fresh card; answers the card. */
  async function buy(appUserId: string) {
    const start = await checkoutCall(server(), "POST", "/start", startBody(appUserId, PAID));
    if (start.status !== 200) return null; // already subscribed: the server refuses a second one (7772)
    const id: string = start.body.operation_session_id;
    const complete = await checkoutCall(server(), "POST", `/${id}/complete`, {
      email: `${appUserId}@example.com`,
    });
    const clientSecret: string = complete.body.gateway_params.client_secret;
    await fake().confirm(clientSecret, "succeeded");
    return fake().intentBySecret(clientSecret).payment_method as string;
  }

  it("grants a period only for a payment, charges it once, and gives no access outside paid time and grace", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (script) => {
        const appUserId = `model_${kind}_${runs++}`;
        const cards: string[] = [];
        let declines = false;
        const first = await buy(appUserId);
        if (first) cards.push(first);
        for (const step of script) {
          if (step.kind === "advance") server().clock.advance(step.ms);
          if (step.kind === "workers") {
            const charger = cardRenewalCharger(ctx(), new StripeGateway(fake().options));
            await Promise.all(
              Array.from({ length: step.count }, () =>
                runLifecycle(ctx(), { renewalCharger: charger, batchSize: 1 }),
              ),
            );
          }
          if (step.kind === "card") {
            declines = step.declines;
            for (const card of cards) fake().setCardBehaviour(card, declines ? "declines" : "succeeds");
          }
          if (step.kind === "cancel") {
            await cancelSubscription(ctx(), {
              projectId: "realmheart",
              appUserId,
              productId: PRODUCT,
              at: server().clock.now,
            }).catch(
              () => undefined, // nothing running: nothing to cancel
            );
          }
          if (step.kind === "buy") {
            const card = await buy(appUserId);
            if (card) {
              cards.push(card);
              fake().setCardBehaviour(card, declines ? "declines" : "succeeds");
            }
          }
          await checkInvariants(appUserId, cards);
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  async function checkInvariants(appUserId: string, cards: readonly string[]) {
    const now = server().clock.now;
    const rows = await server()
      .database.db.select()
      .from(purchases)
      .where(and(eq(purchases.appUserId, appUserId), eq(purchases.productId, PRODUCT)))
      .orderBy(asc(purchases.purchaseDate));
    const renewals = rows.filter((r) => r.storeTransactionId.includes("_renewal_"));
    const paid = fake()
      .offSessionCharges()
      .filter(
        (c) =>
          cards.includes(c.payment_method as string) ||
          cards.includes(c.last_payment_error?.payment_method?.id ?? ""),
      )
      .filter((c) => c.status === "succeeded");
    // Each renewal was paid by exactly one charge, and each successful charge granted exactly one renewal.
    expect(paid).toHaveLength(renewals.length);
    expect(new Set(paid.map((c) => c.metadata.renewal_transaction_id))).toEqual(
      new Set(renewals.map((r) => r.storeTransactionId)),
    );

    const info = (await call(server(), "GET", `/v1/subscribers/${appUserId}`, { key: KEYS.sandbox })).body;
    const premium = info.subscriber.entitlements.premium;
    const active = premium !== undefined && new Date(premium.expires_date) > now;
    if (!active) return;
    const inPaidPeriod = rows.some(
      (r) => r.purchaseDate <= now && r.expiresDate !== null && now < r.expiresDate,
    );
    const inGrace = rows.some(
      (r) =>
        r.billingIssuesDetectedAt !== null &&
        r.gracePeriodExpiresDate !== null &&
        now < r.gracePeriodExpiresDate &&
        r.gracePeriodExpiresDate.getTime() - r.billingIssuesDetectedAt.getTime() <= GRACE_PERIOD_DAYS * DAY,
    );
    expect(inPaidPeriod || inGrace).toBe(true);
  }
});
