// Benchmark 3: the Realmheart server's throughput and latency under autocannon on loopback, on PGlite and on
// PostgreSQL, each route also as a ratio to a bare Fastify hello-world route measured in the same run.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/server.mjs
//
// From the repository root. Prints a table; writes bench/results/server.json for `npm run bench:check`.
//
// Env: BENCH_DURATION_S (seconds per measurement, default 10), BENCH_SENDERS (premium users that share the POST
// load, default 50), BENCH_DATABASES ("pglite,postgres" by default), BENCH_POSTGRES_URL, BENCH_APP_MAIN (another
// build's dist/server/main.js, to compare).
//
// The server is the built one, started as a child process (NODE_ENV=production, fresh DATA_DIR, or a database
// created for the run on PostgreSQL and dropped after). Sending is limited per user (30 messages a minute by
// default): the server here runs with SEND_LIMIT_PER_MINUTE=100000, so that what is measured is the send itself
// (the limit's counter is still written on every send, as always); the POST measurement rotates request by request
// over BENCH_SENDERS premium users. Any non-2xx answer is counted and reported next to the figures.
//
// On PostgreSQL it also measures scaling out: the characters, latest-page and send routes at 100 connections
// through a round-robin proxy (support/round-robin-proxy.mjs, in this process) in front of one instance, then of
// two instances on the same database.
import autocannon from "autocannon";
import { createPostgresDatabase, startAppServer, startHelloServer } from "./support/app-server.mjs";
import { LINES, premiumUsersWithChats, sendMessage, sendOptions } from "./support/app-client.mjs";
import { startRoundRobinProxy } from "./support/round-robin-proxy.mjs";
import { printTable, statusCounts, writeResult } from "../../../bench/support/report.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 50);
const CONNECTIONS = [10, 100];
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());

/** Runs autocannon and keeps the figures the report quotes. */
async function cannon(options) {
  const result = await autocannon({ duration: DURATION_S, timeout: 30, ...options });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: statusCounts(result),
  };
}

/** A chat holding exactly 100 messages (50 sends, each stored with its reply), and its owner; its latest page is 50. */
async function hundredMessageChat(url) {
  const [owner] = await premiumUsersWithChats(url, 1, 1);
  for (let i = 0; i < 50; i++) {
    await sendMessage(url, owner.cookie, owner.chatId, LINES[i % LINES.length]);
  }
  return owner;
}

/**
 * Scale out (PostgreSQL): the same routes at 100 connections through a round-robin proxy in front of one instance,
 * then in front of two on the same database (the second started here), so that the proxy's own cost is in both.
 */
async function benchTwoInstances(databaseUrl, first, { owner, senders }) {
  const second = await startAppServer({
    databaseUrl,
    env: { SEND_LIMIT_PER_MINUTE: "100000" },
    main: process.env.BENCH_APP_MAIN,
  });
  const rows = [];
  try {
    for (const targets of [[first.url], [first.url, second.url]]) {
      const proxy = await startRoundRobinProxy(targets);
      try {
        console.error(`[server] postgres: ${targets.length} instance(s) behind the proxy`);
        const common = { connections: 100, headers: { cookie: owner.cookie } };
        const routes = [
          ["GET /api/characters", await cannon({ ...common, url: `${proxy.url}/api/characters` })],
          [
            "GET /api/chats/:id/messages (latest 50 of 100)",
            await cannon({ ...common, url: `${proxy.url}/api/chats/${owner.chatId}/messages` }),
          ],
          ["POST /api/chats/:id/messages", await cannon(sendOptions(proxy.url, senders, 100))],
        ];
        for (const [route, figures] of routes) rows.push({ instances: targets.length, route, ...figures });
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await second.stop();
  }
  return rows;
}

/** The median of `values`. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One user's sends one after another (each answered with its persona reply, JSON mode), timed by the client:
 * what a person typing feels. 25 sends stay under the send limit (30 a minute).
 */
async function sequentialSends(url, user, sends = 25) {
  const times = [];
  for (let i = 0; i < sends; i++) {
    const start = performance.now();
    await sendMessage(url, user.cookie, user.chatId, LINES[i % LINES.length]);
    times.push(performance.now() - start);
  }
  return { median: Math.round(median(times) * 100) / 100, max: Math.round(Math.max(...times) * 100) / 100 };
}

async function benchDatabase(database, hello) {
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const app = await startAppServer({
    databaseUrl: postgres?.url ?? null,
    env: { SEND_LIMIT_PER_MINUTE: "100000" },
    main: process.env.BENCH_APP_MAIN,
  });
  try {
    console.error(`[server] ${database}: app up at ${app.url}; preparing users…`);
    const [owner, senders, [typist]] = await Promise.all([
      hundredMessageChat(app.url),
      premiumUsersWithChats(app.url, SENDERS),
      premiumUsersWithChats(app.url, 1, 1),
    ]);
    console.error(`[server] ${database}: one user's sequential sends`);
    const sequential = await sequentialSends(app.url, typist);
    const rows = [];
    for (const connections of CONNECTIONS) {
      console.error(`[server] ${database}: ${connections} connections`);
      const baseline = await cannon({ url: `${hello.url}/`, connections });
      const common = { connections, headers: { cookie: owner.cookie } };
      // The app's own plumbing (hooks, security headers, session lookup skipped: no cookie) without a query.
      const health = await cannon({ url: `${app.url}/api/health`, connections });
      const characters = await cannon({ ...common, url: `${app.url}/api/characters` });
      const messages = await cannon({ ...common, url: `${app.url}/api/chats/${owner.chatId}/messages` });
      const send = await cannon(sendOptions(app.url, senders, connections));
      for (const [route, figures] of [
        ["hello world (bare Fastify)", baseline],
        ["GET /api/health (no database)", health],
        ["GET /api/characters", characters],
        ["GET /api/chats/:id/messages (latest 50 of 100)", messages],
        ["POST /api/chats/:id/messages", send],
      ]) {
        rows.push({
          database,
          connections,
          route,
          ...figures,
          throughputRatio: figures.reqPerSec / baseline.reqPerSec,
          p99Ratio: figures.p99 / Math.max(baseline.p99, 1),
        });
      }
    }
    const scaleOut = postgres ? await benchTwoInstances(postgres.url, app, { owner, senders }) : [];
    return { rows, sequential: { database, ...sequential }, scaleOut };
  } finally {
    await app.stop();
    await postgres?.drop();
  }
}

const hello = await startHelloServer();
const rows = [];
const sequential = [];
const scaleOut = [];
try {
  for (const database of DATABASES) {
    const result = await benchDatabase(database, hello);
    rows.push(...result.rows);
    sequential.push(result.sequential);
    scaleOut.push(...result.scaleOut);
  }
} finally {
  await hello.stop();
}

printTable(
  ["database", "conns", "route", "req/s", "p50 ms", "p99 ms", "÷ hello req/s", "non-2xx"],
  rows.map((row) => [
    row.database,
    row.connections,
    row.route,
    row.reqPerSec,
    row.p50,
    row.p99,
    row.throughputRatio.toFixed(3),
    row.non2xx + row.errors,
  ]),
);
printTable(
  ["database", "one user's sequential sends: median ms", "max ms"],
  sequential.map((row) => [row.database, row.median, row.max]),
);
if (scaleOut.length > 0) {
  printTable(
    [
      "PostgreSQL, 100 conns, behind a round-robin proxy",
      "instances",
      "req/s",
      "p50 ms",
      "p99 ms",
      "non-2xx",
    ],
    scaleOut.map((row) => [
      row.route,
      row.instances,
      row.reqPerSec,
      row.p50,
      row.p99,
      row.non2xx + row.errors,
    ]),
  );
}
// What the budgets read besides single rows: per database, the worst p99 of any app route at 100 connections and
// the median of one user's sequential sends.
const summary = Object.fromEntries(
  sequential.map(({ database, median: sequentialMedian }) => [
    database,
    {
      sequentialMedian,
      worstP99At100: Math.max(
        ...rows
          .filter(
            (row) => row.database === database && row.connections === 100 && !row.route.startsWith("hello"),
          )
          .map((row) => row.p99),
      ),
    },
  ]),
);
writeResult("server", { durationS: DURATION_S, senders: SENDERS, rows, sequential, summary, scaleOut });
