// Benchmark 5: the Realmheart server's memory. RSS of the built server (child process, NODE_ENV=production, PGlite
// in a fresh DATA_DIR) after start, after 10,000 chat messages (5,000 sends, each stored with its persona reply),
// then sampled every 10 s across a soak at a fixed 50 requests a second (one third each GET /api/characters,
// GET a chat's messages, POST a message). The soak should be flat: what it grows by is the leak signal.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/memory.mjs
//
// From the repository root. Prints a table; writes bench/results/memory.json for `npm run bench:check`.
//
// Env: BENCH_SOAK_S (soak seconds, default 300 — the documented run; shorter while developing), BENCH_SENDS
// (default 5000), BENCH_SENDERS (premium users sharing the sends, default 200, so that none reaches the limit of
// 30 sends a minute: the load is spread request by request over all of them), BENCH_DATABASES (with "postgres",
// the default "pglite,postgres", the after-start and after-messages figures are also taken on a PostgreSQL
// database created for the run; the server process then holds no database of its own).
import autocannon from "autocannon";
import { LINES, premiumUsersWithChats } from "./support/app-client.mjs";
import { createPostgresDatabase, startAppServer } from "./support/app-server.mjs";
import { printTable, statusCounts, writeResult } from "../../../bench/support/report.mjs";

const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 300);
const SENDS = Number(process.env.BENCH_SENDS ?? 5000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 200);
const SOAK_RATE = 50;
const WITH_POSTGRES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").includes("postgres");
const SAMPLE_EVERY_MS = 10_000;

const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

/** autocannon requests that rotate over the users; `mix` picks the route for the n-th request. */
function rotating(app, users, mix) {
  let next = 0;
  const perRoute = new Map();
  return [
    {
      setupRequest: (request) => {
        const n = next++;
        const route = mix(n);
        // Each route goes round all the users on its own, so the sends spread evenly too.
        const turn = perRoute.get(route) ?? 0;
        perRoute.set(route, turn + 1);
        const user = users[turn % users.length];
        const headers = { cookie: user.cookie };
        if (route === "send") {
          return {
            ...request,
            method: "POST",
            path: `/api/chats/${user.chatId}/messages`,
            headers: { ...headers, origin: app.url, "content-type": "application/json" },
            body: JSON.stringify({ content: LINES[n % LINES.length] }),
          };
        }
        const path = route === "characters" ? "/api/characters" : `/api/chats/${user.chatId}/messages`;
        return { ...request, method: "GET", path, headers, body: undefined };
      },
    },
  ];
}

/**
 * RSS 2 s after start, then SENDERS premium users send SENDS messages (each stored with its reply) and RSS is read
 * 2 s after: the first two figures of a run, on either database.
 */
async function startAndFill(app) {
  await settle();
  const afterStart = app.rss();
  const users = await premiumUsersWithChats(app.url, SENDERS);
  console.error(`[memory] ${SENDERS} users ready; sending ${SENDS} messages…`);
  const fill = await autocannon({
    url: app.url,
    connections: 10,
    amount: SENDS,
    timeout: 30,
    requests: rotating(app, users, () => "send"),
  });
  await settle();
  return { afterStart, users, fill, afterMessages: app.rss() };
}

/** The same start and fill on a PostgreSQL database of the run's own (the soak is PGlite's: the app is the same). */
async function postgresFigures() {
  const postgres = await createPostgresDatabase();
  const app = await startAppServer({ databaseUrl: postgres.url });
  try {
    const { afterStart, afterMessages, fill } = await startAndFill(app);
    return {
      afterStartMiB: mib(afterStart),
      afterMessagesMiB: mib(afterMessages),
      fill: {
        non2xx: fill.non2xx,
        errors: fill.errors + fill.timeouts,
        reqPerSec: Math.round(fill.requests.average),
      },
    };
  } finally {
    await app.stop();
    await postgres.drop();
  }
}

const app = await startAppServer();
const samples = [];
let result;
try {
  const { afterStart, users, fill, afterMessages } = await startAndFill(app);
  console.error(`[memory] soak: ${SOAK_S} s at ${SOAK_RATE} req/s`);
  const soakStart = performance.now();
  const sample = () =>
    samples.push({ atS: Math.round((performance.now() - soakStart) / 1000), rss: app.rss() });
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  const soak = await autocannon({
    url: app.url,
    // Enough connections that the fixed rate, not the wait for answers, sets the pace.
    connections: 50,
    overallRate: SOAK_RATE,
    duration: SOAK_S,
    timeout: 30,
    requests: rotating(app, users, (n) => ["characters", "messages", "send"][n % 3]),
  });
  clearInterval(timer);
  sample();
  const soakRss = samples.map((s) => s.rss);
  result = {
    soakS: SOAK_S,
    sends: SENDS,
    storedMessages: 2 * SENDS,
    senders: SENDERS,
    afterStartMiB: mib(afterStart),
    afterMessagesMiB: mib(afterMessages),
    fill: {
      statusCodes: statusCounts(fill),
      non2xx: fill.non2xx,
      errors: fill.errors + fill.timeouts,
      reqPerSec: Math.round(fill.requests.average),
    },
    soak: {
      rate: SOAK_RATE,
      reqPerSec: Math.round(soak.requests.average),
      non2xx: soak.non2xx,
      errors: soak.errors + soak.timeouts,
      p99: soak.latency.p99,
      statusCodes: statusCounts(soak),
    },
    soakStartMiB: mib(soakRss[0]),
    soakEndMiB: mib(soakRss.at(-1)),
    soakMaxMiB: mib(Math.max(...soakRss)),
    soakGrowthMiB: mib(soakRss.at(-1) - soakRss[0]),
    samples: samples.map((s) => ({ atS: s.atS, rssMiB: mib(s.rss) })),
  };
} finally {
  await app.stop();
}
if (WITH_POSTGRES) {
  console.error("[memory] PostgreSQL: start and fill");
  result.postgres = await postgresFigures();
}

printTable(
  ["server RSS (PGlite, NODE_ENV=production)", "MiB"],
  [
    ["after start", result.afterStartMiB],
    [
      `after ${result.storedMessages.toLocaleString("en")} messages (${SENDS} sends)`,
      result.afterMessagesMiB,
    ],
    [`soak start (${SOAK_RATE} req/s)`, result.soakStartMiB],
    [`soak end (${SOAK_S} s)`, result.soakEndMiB],
    ["soak max", result.soakMaxMiB],
    ["soak growth (end − start)", result.soakGrowthMiB],
    ...(result.postgres
      ? [
          ["PostgreSQL: after start", result.postgres.afterStartMiB],
          [
            `PostgreSQL: after ${result.storedMessages.toLocaleString("en")} messages`,
            result.postgres.afterMessagesMiB,
          ],
        ]
      : []),
  ],
);
console.log(`\nSoak samples (s: MiB): ${result.samples.map((s) => `${s.atS}: ${s.rssMiB}`).join(", ")}`);
console.log(
  `Soak: ${result.soak.reqPerSec} req/s achieved, p99 ${result.soak.p99} ms, ` +
    `${result.soak.non2xx + result.soak.errors} non-2xx/errors; fill: ${result.fill.reqPerSec} req/s, ` +
    `${result.fill.non2xx + result.fill.errors} non-2xx/errors.`,
);
writeResult("memory", result);
