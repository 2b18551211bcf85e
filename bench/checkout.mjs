// Benchmark 2: checkout time-to-interactive in Chromium against the local billing server (its built CLI, PGlite,
// the Realmheart catalogue), purchases-web beside purchases-js 1.63.1 (the pinned devDependency), run after run
// alternately on the same server: purchase() → Test Store modal shown (test_ key); purchase() → card form shown
// with a fake Stripe (rcb_sb_ key; Stripe's API and Stripe.js are faked, bench/support/fake-stripe.mjs);
// presentPaywall() → first paint of the paywall; and the cold paths (issue #45): configure → getOfferings →
// purchase() → Test Store modal, and → card form, with the clock started before configure, and the same Test Store
// path run as the page loads, with the clock started at the navigation (each SDK's own download and evaluation count). Each run is a fresh browser context (nothing cached, the SDK's
// chunks fetched over HTTP from 127.0.0.1) and a new app user; the clock runs in the page from the call to the
// animation frame in which the awaited element is first shown. Offerings are fetched before the clock starts, as a
// host app shows its upgrade button only once it knows them, and the clock starts a second later (a person reads
// the page before pressing it): an SDK may use that moment to get ready.
//
//   npm run build && npm run build -w @purchases-web/billing-server && node bench/checkout.mjs
//
// Env: BENCH_RUNS (runs per flow, default 30), BENCH_FLOWS (a comma-separated subset of testStore, coldTestStore,
// navTestStore, cardForm, coldCardForm, paywall; all by default), BENCH_TRACE=1 (print each cold run's requests: path, start and
// end in ms), CHROMIUM_PATH (default /usr/bin/chromium).
import { launchChromium } from "../scripts/chromium.mjs";
import { startFakeStripeApi, FAKE_STRIPE_SCRIPT } from "./support/fake-stripe.mjs";
import { startPageServer } from "./support/page-server.mjs";
import { startBillingServer } from "./support/processes.mjs";
import { printTable, summarize, writeResult } from "./support/report.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const KEYS = { test: "test_realmheart_local", sandbox: "rcb_sb_realmheart_local" };
const SDKS = ["ours", "peer"];
const ALL_FLOWS = [
  { flow: "testStore", what: "purchase() → Test Store modal (test_ key)", key: KEYS.test },
  {
    flow: "coldTestStore",
    what: "cold: configure → getOfferings → purchase() → Test Store modal (test_ key)",
    key: KEYS.test,
    cold: "testStore",
  },
  {
    flow: "navTestStore",
    what: "from navigation: page load → import → configure → getOfferings → purchase() → Test Store modal",
    key: KEYS.test,
    cold: "testStore",
    fromNavigation: true,
  },
  { flow: "cardForm", what: "purchase() → card form, fake Stripe (rcb_sb_ key)", key: KEYS.sandbox },
  {
    flow: "coldCardForm",
    what: "cold: configure → getOfferings → purchase() → card form, fake Stripe (rcb_sb_ key)",
    key: KEYS.sandbox,
    cold: "cardForm",
  },
  { flow: "paywall", what: "presentPaywall() → first paint (test_ key)", key: KEYS.test },
];
const only = process.env.BENCH_FLOWS?.split(",").map((flow) => flow.trim());
const FLOWS = only ? ALL_FLOWS.filter(({ flow }) => only.includes(flow)) : ALL_FLOWS;
if (FLOWS.length === 0)
  throw new Error(`BENCH_FLOWS names no flow of ${ALL_FLOWS.map((f) => f.flow).join(", ")}`);

const stripeApi = await startFakeStripeApi();
const billing = await startBillingServer({
  STRIPE_SECRET_KEY: "sk_test_bench",
  STRIPE_WEBHOOK_SECRET: "whsec_bench",
  STRIPE_PUBLISHABLE_KEY: "pk_test_bench",
  // purchases-js refuses gateway parameters without a connected account id.
  STRIPE_ACCOUNT_ID: "acct_bench",
  STRIPE_API_BASE: stripeApi.url,
});
const host = await startPageServer();
const browser = await launchChromium();

/** One timed run in a fresh context: returns milliseconds. */
async function run(sdk, { flow, key, cold, fromNavigation }, n) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  try {
    // Every request stays on this machine.
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort("blockedbyclient"),
    );
    const page = await context.newPage();
    if (flow === "cardForm" || cold === "cardForm") await page.addInitScript({ content: FAKE_STRIPE_SCRIPT });
    const config = {
      apiKey: key,
      appUserId: `bench_${sdk}_${flow}_${n}_${Date.now()}`,
      baseUrl: billing.url,
    };
    const query = new URLSearchParams(sdk === "peer" ? { sdk: "peer" } : {});
    if (fromNavigation) {
      query.set("auto", JSON.stringify(config));
      query.set("flow", cold);
    }
    await page.goto(`${host.url}/?${query}`);
    await page.waitForFunction("window.__hostReady === true");
    if (cold) {
      // From navigation, the page ran the flow as soon as it had imported the SDK; otherwise it runs now.
      const answer = fromNavigation
        ? "window.__auto"
        : `window.bench.cold(${JSON.stringify(config)}, "${cold}")`;
      const { ms, requests } = await page.evaluate(answer);
      if (process.env.BENCH_TRACE)
        console.error(`[checkout] ${flow} ${sdk} ${Math.round(ms)} ms`, JSON.stringify(requests));
      return { shown: ms };
    }
    await page.evaluate(`window.bench.configure(${JSON.stringify(config)})`);
    const shown = await page.evaluate(`window.bench.time(${JSON.stringify(flow)})`);
    if (flow !== "testStore") return { shown };
    // The customer presses the pay button (real input through Chromium), a few frames after it was shown.
    await page.waitForTimeout(100);
    await page.getByRole("button", { name: "Test valid purchase" }).click();
    return { shown, press: await page.evaluate("window.bench.pressed()") };
  } finally {
    await context.close();
  }
}

const PRESS = {
  flow: "testStorePress",
  what: "Test Store modal: press the pay button → next frame (INP)",
};

const rows = [];
/** Adds the rows of one measure (ours, then the peer's) from runs' results. */
function report(flow, what, times) {
  const [ours, peer] = SDKS.map((sdk) => summarize(times[sdk]));
  const round = (list) => list.map((t) => Math.round(t * 10) / 10);
  rows.push({
    flow,
    sdk: "ours",
    what,
    ...ours,
    vsPeer: ours.median / peer.median,
    times: round(times.ours),
  });
  rows.push({ flow, sdk: "peer", what: `${what}, purchases-js`, ...peer, times: round(times.peer) });
  console.error(`[checkout] ${what}: median ${ours.median} ms, purchases-js ${peer.median} ms`);
}

try {
  for (const spec of FLOWS) {
    const { flow, what } = spec;
    for (const sdk of SDKS) await run(sdk, spec, 0); // warm-up: the server's first queries, Chromium's pool
    const results = { ours: [], peer: [] };
    // Alternating, so that a busy moment of this machine falls on both SDKs alike.
    for (let n = 1; n <= RUNS; n++) for (const sdk of SDKS) results[sdk].push(await run(sdk, spec, n));
    const measure = (field) =>
      Object.fromEntries(SDKS.map((sdk) => [sdk, results[sdk].map((r) => r[field])]));
    report(flow, what, measure("shown"));
    if (flow === "testStore") report(PRESS.flow, PRESS.what, measure("press"));
  }
} finally {
  await browser.close();
  await host.close();
  await billing.stop();
  await stripeApi.close();
}

printTable(
  ["flow (Chromium, fresh context per run)", "runs", "median ms", "p90 ms", "min ms", "max ms", "÷ peer"],
  rows.map((row) => [
    row.what,
    row.runs,
    row.median,
    row.p90,
    row.min,
    row.max,
    row.vsPeer === undefined ? "" : row.vsPeer.toFixed(2),
  ]),
);
writeResult("checkout", { rows });
