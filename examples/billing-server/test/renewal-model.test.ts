// The money rules as a model-based test (issue #42): random lives of one customer's card subscription against the
// billing server and the strict fake Stripe — the clock jumping by minutes or by up to 60 days, workers that do not
// run (an outage) or race two at a time, a card that declines, recovers or wants the customer to confirm (SCA) and is
// confirmed in time, late or never, cancels (in the grace period too), resumes, refunds, purchases made again and
// made twice at once, a trial first and paid purchases after it (the steps: ./support/card-life.ts). After every step
// the server's purchases and the customer's access are checked against an independent reference
// (./support/renewal-reference.ts). Each run is a fresh customer on one server per database. MODEL_RUNS and
// MODEL_SEED override the run count and the seed; MODEL_DEBUG=1 prints what a failing step saw.
import fc from "fast-check";
import { describe, it } from "vitest";
import { cardLife, cardScript, type CardStep } from "./support/card-life.js";
import { useCheckoutServer } from "./support/checkout-server.js";
import { DATABASES } from "./support/test-server.js";

const RUNS = Number(process.env.MODEL_RUNS ?? 500);
const SEED = Number(process.env.MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));

// Minutes land the clock near a period's edges; parallel purchases race the trial and the running-subscription rule.
const script = cardScript({ minutes: true, maxDays: 60, workersWeight: 3, parallelBuys: true, maxSteps: 22 });

describe.each(DATABASES)("money rules over random subscription lives on %s", (kind) => {
  const { checkout, server } = useCheckoutServer(kind);
  let runs = 0;
  let steps = 0;
  /** How often each situation came up, printed with the run count to show what the runs covered. */
  const seen: Record<string, number> = {};
  const saw = (situation: string) => {
    seen[situation] = (seen[situation] ?? 0) + 1;
  };

  /** One customer's life: the steps driven, the ledger kept, the invariants checked after each step. */
  async function live(script: readonly CardStep[]) {
    const life = await cardLife({
      server: server(),
      stripe: checkout().stripe,
      appUserId: `model_${kind}_${SEED}_${runs++}`,
      saw,
    });
    await life.play(script, {
      async afterStep() {
        steps++;
        const now = server().clock.now;
        const rows = await life.rows();
        life.ledger.check(rows, life.premiumAt(rows, now), now);
      },
      async onFailure(step) {
        // MODEL_DEBUG=1 with MODEL_SEED shows what the failing step saw.
        if (!process.env.MODEL_DEBUG) return;
        const rows = await life.rows();
        console.log(JSON.stringify({ step, now: server().clock.now, rows, ledger: life.ledger }, null, 1));
      },
    });
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
