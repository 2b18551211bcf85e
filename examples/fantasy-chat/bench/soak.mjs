// `npm run soak`: issue #11's soak. The built Realmheart server (child process, NODE_ENV=production, persona
// replies, sandbox payments: nothing leaves the machine) on a fresh PGlite directory or a fresh PostgreSQL
// database, and 100 virtual users on loopback for 10 minutes, each alternating think time (2–6 s) with a mixed
// action (support/virtual-user.mjs): free users running into the 3-a-day allowance, trial users, users who
// pay at once or at the paywall through the sandbox's redirect flow, chats read and written, profiles, sign-outs.
// Then the server is stopped and its database read directly. Passes when: no 5xx, no socket error, every answer
// one the traffic model expects, every accepted message stored as sent (with its reply), nothing stored twice or
// unacknowledged, no user over the free allowance on any UTC day, and RSS flat (support/memory-trend.mjs).
//
//   npm run soak                                          # 10 minutes, 100 users, PGlite
//   npm run soak -- --minutes 1 --users 20                # a short run while developing
//   npm run soak -- --database postgres                   # on a database created for the run, then dropped
//
// Prints a Markdown summary, writes bench/results/soak-<database>.json, exits 1 when a criterion fails.
// PostgreSQL: the server of TEST_DATABASE_URL (else BENCH_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { GcTrace, isGcTraceLine, TRACE_GC_OPTION } from "./support/gc-trace.mjs";
import { memoryTrend } from "./support/memory-trend.mjs";
import { APP_MAIN, createPostgresDatabase, POSTGRES_URL, startAppServer } from "./support/app-server.mjs";
import { ROOT, writeResult } from "../../../bench/support/report.mjs";
import { seededRandom } from "./support/seeded-random.mjs";
import { auditStore, readStore } from "./support/store-audit.mjs";
import { TrafficRecorder } from "./support/traffic-recorder.mjs";
import { FREE_MESSAGES_PER_DAY, THINK_MS, VirtualUser } from "./support/virtual-user.mjs";

const SAMPLE_EVERY_MS = 2000;
const BUILD = "npm run build && npm run build:deps -w realmheart && npm run build:server -w realmheart";

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string", default: "10" },
      users: { type: "string", default: "100" },
      database: { type: "string", default: "pglite" },
      seed: { type: "string", default: "11" },
    },
  });
  const minutes = Number(values.minutes);
  const users = Number(values.users);
  const seed = Number(values.seed);
  const problems = [
    !(minutes > 0 && minutes <= 240) && "--minutes must be a number of minutes, more than 0 and at most 240",
    !(Number.isInteger(users) && users >= 1 && users <= 2000) && "--users must be a whole number, 1 to 2000",
    !["pglite", "postgres"].includes(values.database) && "--database must be pglite or postgres",
    !Number.isInteger(seed) && "--seed must be a whole number",
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(
      `${problems.join("\n")}\nUsage: npm run soak -- [--minutes 10] [--users 100] [--database pglite|postgres] [--seed 11]`,
    );
    process.exit(2);
  }
  return { minutes, users, database: values.database, seed };
}

/**
 * The server on a fresh database, and how to read that database once the server has stopped. The server traces
 * its collections into `gcTrace`.
 */
async function startServer(database, gcTrace) {
  const traced = { nodeArgs: [TRACE_GC_OPTION], onOutput: (chunk) => gcTrace.feed(chunk) };
  if (database === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_POSTGRES_URL ?? POSTGRES_URL;
    const scratch = await createPostgresDatabase(adminUrl);
    try {
      const app = await startAppServer({ ...traced, databaseUrl: scratch.url });
      return {
        app,
        async readAfterStop() {
          const client = new pg.Client({ connectionString: scratch.url });
          await client.connect();
          try {
            return await readStore(async (sql) => (await client.query(sql)).rows);
          } finally {
            await client.end();
          }
        },
        cleanUp: () => scratch.drop(),
      };
    } catch (error) {
      await scratch.drop();
      throw error;
    }
  }
  // The server's own data directory would be removed when it stops; this one outlives it, to be read.
  const dataDir = mkdtempSync(join(tmpdir(), "pw-soak-data-"));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  process.once("exit", remove);
  // A new PGlite directory's initdb peaks near 1 GB of RSS, which V8 and the WebAssembly heap give back only
  // minutes later: a server of its own initialises the directory first, so the measured one starts steady.
  const init = await startAppServer({ env: { DATA_DIR: dataDir } });
  await init.stop();
  const app = await startAppServer({ ...traced, env: { DATA_DIR: dataDir } });
  return {
    app,
    async readAfterStop() {
      const { PGlite } = await import("@electric-sql/pglite");
      const db = new PGlite(join(dataDir, "app"));
      try {
        return await readStore(async (sql) => (await db.query(sql)).rows);
      } finally {
        await db.close();
      }
    },
    cleanUp: async () => remove(),
  };
}

/** Runs the virtual users against `app` until `durationS` has passed, sampling RSS and load meanwhile. */
async function soak(app, gcTrace, { users, durationS, seed }) {
  const recorder = new TrafficRecorder(app.url);
  gcTrace.restart();
  const samples = [];
  const started = performance.now();
  const stopAt = started + durationS * 1000;
  const sample = () => {
    try {
      samples.push({
        atS: Math.round((performance.now() - started) / 100) / 10,
        rss: app.rss(),
        load: loadavg()[0],
      });
    } catch {
      // the server has gone; the failed requests say so
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  const rampMs = Math.min(30_000, durationS * 100);
  const people = await Promise.all(
    Array.from({ length: users }, (_, index) =>
      new VirtualUser({
        recorder,
        index,
        random: seededRandom(seed * 100_003 + index),
        stopAt,
        rampMs,
      }).run(),
    ),
  );
  clearInterval(timer);
  sample();
  return { recorder, samples, people, elapsedS: (performance.now() - started) / 1000 };
}

/** The pass/fail verdicts, each with the figures that decided it. */
function criteria({ traffic, store, memory }) {
  return [
    ["no 5xx answer", traffic.serverErrors === 0, `${traffic.serverErrors} answers 5xx`],
    ["no socket error or timeout (30 s)", traffic.errors === 0, `${traffic.errors} errors`],
    [
      "every answer one the traffic model expects",
      traffic.unexpected === 0 && traffic.mismatches === 0,
      `${traffic.unexpected} unexpected statuses, ${traffic.mismatches} unexpected contents`,
    ],
    [
      "every accepted message in the database, as sent, with its reply",
      store.missing === 0 && store.altered === 0 && store.repliesMissing === 0,
      `${store.accepted} accepted, ${store.storedUserMessages} stored; ${store.missing} missing, ` +
        `${store.altered} altered, ${store.repliesMissing} without their reply`,
    ],
    [
      "no duplicate and no unacknowledged message",
      store.duplicates === 0 && store.unacknowledged === 0,
      `${store.duplicates} duplicates, ${store.unacknowledged} stored but never acknowledged`,
    ],
    [
      `free allowance (${FREE_MESSAGES_PER_DAY} a UTC day) never exceeded, counted in the database`,
      store.overAllowance === 0 && store.maxCounter <= FREE_MESSAGES_PER_DAY && store.counterMismatches === 0,
      `at most ${store.maxFreePerUserDay} free messages per user and day over ${store.freeUserDays} user-days; ` +
        `quota counter max ${store.maxCounter}, ${store.counterMismatches} counters disagreeing with the messages`,
    ],
    [
      `memory flat (median RSS of the last tenth ≤ second tenth + ${memory.limitMiB} MiB; ` +
        `trend after the first tenth ≤ ${memory.slopeLimitMiBPerMin} MiB/min)`,
      memory.flat,
      `${memory.warmMedianMiB} → ${memory.finalMedianMiB} MiB (${memory.growthMiB >= 0 ? "+" : ""}${memory.growthMiB}); ` +
        `trend ${memory.slopeMiBPerMin} MiB/min after the first tenth`,
    ],
  ].map(([criterion, ok, detail]) => ({ criterion, ok, detail }));
}

function printSummary(result) {
  const { traffic, store, memory, load } = result;
  const line = (cells) => console.log(`| ${cells.join(" | ")} |`);
  console.log(
    `\n## Soak: ${result.database === "pglite" ? "PGlite" : "PostgreSQL"}, ${result.users} users, ` +
      `${result.minutes} min (${result.passed ? "passed" : "FAILED"})\n`,
  );
  line(["criterion", "measured", ""]);
  line(["---", "---", "---"]);
  for (const c of result.criteria) line([c.criterion, c.detail, c.ok ? "met" : "**failed**"]);
  const statuses = Object.entries(traffic.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.log(
    `\n${traffic.requests} requests in ${result.elapsedS} s: **${traffic.reqPerSec} req/s**; ${statuses}` +
      `${traffic.errors ? `; ${traffic.errors} socket errors` : ""}.`,
  );
  const refusals = Object.entries(traffic.refusals)
    .map(([refusal, n]) => `${refusal}: ${n}`)
    .join("; ");
  console.log(`4xx by route and code: ${refusals || "none"}.`);
  console.log(
    `Users: ${Object.entries(result.people)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(", ")}.\n`,
  );
  line(["route", "requests", "statuses", "p50 ms", "p95 ms", "p99 ms", "max ms (at s)"]);
  line(["---", "---:", "---", "---:", "---:", "---:", "---:"]);
  for (const r of traffic.routes) {
    const codes = Object.entries(r.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    const slowest = `${r.max} (${r.maxAtS})`;
    line([r.route, r.requests, codes + (r.errors ? ` err×${r.errors}` : ""), r.p50, r.p95, r.p99, slowest]);
  }
  console.log(
    `\nMessages: ${store.accepted} accepted, ${store.storedUserMessages} stored (+${store.storedReplies} replies); ` +
      `max free messages per user and UTC day ${store.maxFreePerUserDay}.`,
  );
  console.log(
    `RSS (MiB): start ${memory.startMiB}, end ${memory.endMiB}, min ${memory.minMiB}, max ${memory.maxMiB}; ` +
      `median ${memory.warmMedianMiB} (second tenth) → ${memory.finalMedianMiB} (last tenth); ` +
      `trend after the first tenth ${memory.slopeMiBPerMin} MiB/min; ${memory.samples} samples.`,
  );
  const { heap } = result;
  console.log(
    heap.fullCollections < 2
      ? `V8 heap: ${heap.fullCollections} full collections traced, too few for a trend.`
      : `V8 heap after each of ${heap.fullCollections} full collections (MiB): first ${heap.startMiB}, ` +
          `last ${heap.endMiB}, min ${heap.minMiB}, max ${heap.maxMiB}; trend after the first tenth ` +
          `${heap.slopeMiBPerMin} MiB/min.`,
  );
  console.log(
    `Load average (1 min) during the run: mean ${load.mean}, max ${load.max}; at the end ${load.end.join(" / ")} (1/5/15 min).`,
  );
  if (traffic.failures.length > 0) {
    console.log(`\nFailures (first ${traffic.failures.length}):`);
    for (const f of traffic.failures) console.log(`- ${JSON.stringify(f)}`);
  }
}

const { minutes, users, database, seed } = options();
if (!existsSync(APP_MAIN) || !existsSync(join(ROOT, "examples/billing-server/dist/index.js"))) {
  console.error(`The soak runs the built server; build first:\n  ${BUILD}`);
  process.exit(2);
}

/** The V8 heap after each full collection, summarised like RSS; informative (RSS decides "flat"). */
function heapTrend(samples, durationS) {
  if (samples.length < 2) return { fullCollections: samples.length };
  const { startMiB, endMiB, minMiB, maxMiB, warmMedianMiB, finalMedianMiB, slopeMiBPerMin } = memoryTrend(
    samples,
    durationS,
  );
  return {
    fullCollections: samples.length,
    startMiB,
    endMiB,
    minMiB,
    maxMiB,
    warmMedianMiB,
    finalMedianMiB,
    slopeMiBPerMin,
    afterEachMiB: samples.map((s) => [s.atS, Math.round(s.rss / 2 ** 20)]),
  };
}

const durationS = minutes * 60;
console.error(`[soak] ${users} users for ${minutes} min on ${database}; think time ${THINK_MS.join("–")} ms`);
const gcTrace = new GcTrace();
const server = await startServer(database, gcTrace);
let run;
let store;
try {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  run = await soak(server.app, gcTrace, { users, durationS, seed });
  await server.app.stop();
  store = auditStore({ accepted: run.recorder.accepted, store: await server.readAfterStop() });
} finally {
  await server.app.stop();
  await server.cleanUp();
}

const traffic = run.recorder.summary(run.elapsedS);
const memory = memoryTrend(run.samples, durationS);
const loads = run.samples.map((s) => s.load);
const round2 = (n) => Math.round(n * 100) / 100;
const people = {};
for (const person of run.people) {
  const key = `${person.kind}${person.kind === "convert" ? (person.premium ? " (paid)" : " (did not pay)") : ""}`;
  people[key] = (people[key] ?? 0) + 1;
}
const result = {
  database,
  users,
  minutes,
  seed,
  thinkMs: THINK_MS,
  elapsedS: Math.round(run.elapsedS),
  people,
  traffic,
  store,
  memory: { ...memory, samplesMiB: run.samples.map((s) => [s.atS, Math.round(s.rss / 2 ** 20)]) },
  heap: heapTrend(gcTrace.samples, durationS),
  load: {
    mean: round2(loads.reduce((sum, n) => sum + n, 0) / loads.length),
    max: round2(Math.max(...loads)),
    end: loadavg().map(round2),
  },
};
result.criteria = criteria(result);
result.passed = result.criteria.every((c) => c.ok);
if (traffic.serverErrors > 0) {
  const log = server.app.output.join("").split("\n");
  result.serverLogTail = log
    .filter((line) => !isGcTraceLine(line))
    .join("\n")
    .slice(-8000);
}

printSummary(result);
if (result.serverLogTail) console.log(`\nServer log (tail):\n${result.serverLogTail}`);
writeResult(`soak-${database}`, result);
process.exit(result.passed ? 0 : 1);
