// Benchmark 3: the Realmheart server's throughput and latency under autocannon on loopback, on PGlite and on
// PostgreSQL, each route also as a ratio to a bare Fastify hello-world route measured in the same run.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/server.mjs
//
// From the repository root. Prints a table; writes bench/results/server.json for `npm run bench:check`.
//
// Env: BENCH_DURATION_S (seconds per measurement, default 10), BENCH_SENDERS (premium users that share the POST
// load, default 150), BENCH_DATABASES ("pglite,postgres" by default), BENCH_POSTGRES_URL.
//
// The server is the built one, started as a child process (NODE_ENV=production, fresh DATA_DIR, or a database
// created for the run on PostgreSQL and dropped after). Sending is limited to 30 messages a minute per user, so
// the POST measurement rotates request by request over BENCH_SENDERS premium users (150: 4,500 sends a minute
// before any user reaches the limit, several times what the server sustains here), so what is measured is the
// send itself; any non-2xx answer (a 429 included) is counted and reported next to the figures.
import autocannon from "autocannon";
import { createPostgresDatabase, startAppServer, startHelloServer } from "./support/app-server.mjs";
import { LINES, premiumUsersWithChats, sendMessage } from "./support/app-client.mjs";
import { printTable, statusCounts, writeResult } from "../../../bench/support/report.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 150);
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

/** A chat holding exactly 100 messages (50 sends, each stored with its reply), and its owner. */
async function hundredMessageChat(url) {
  const [owner] = await premiumUsersWithChats(url, 1, 1);
  for (let i = 0; i < 50; i++) {
    await sendMessage(url, owner.cookie, owner.chatId, LINES[i % LINES.length]);
  }
  return owner;
}

async function benchDatabase(database, hello) {
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const app = await startAppServer({ databaseUrl: postgres?.url ?? null });
  try {
    console.error(`[server] ${database}: app up at ${app.url}; preparing users…`);
    // The 100-message chat waits out the send limit once (50 sends > 30 a minute) while the senders register.
    const [owner, senders] = await Promise.all([
      hundredMessageChat(app.url),
      premiumUsersWithChats(app.url, SENDERS),
    ]);
    const rows = [];
    for (const connections of CONNECTIONS) {
      console.error(`[server] ${database}: ${connections} connections`);
      const baseline = await cannon({ url: `${hello.url}/`, connections });
      const common = { connections, headers: { cookie: owner.cookie } };
      // The app's own plumbing (hooks, security headers, session lookup skipped: no cookie) without a query.
      const health = await cannon({ url: `${app.url}/api/health`, connections });
      const characters = await cannon({ ...common, url: `${app.url}/api/characters` });
      const messages = await cannon({ ...common, url: `${app.url}/api/chats/${owner.chatId}/messages` });
      let next = 0;
      const send = await cannon({
        url: app.url,
        connections,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const user = senders[next++ % senders.length];
              return {
                ...request,
                path: `/api/chats/${user.chatId}/messages`,
                headers: { "content-type": "application/json", origin: app.url, cookie: user.cookie },
                body: JSON.stringify({ content: LINES[next % LINES.length] }),
              };
            },
          },
        ],
      });
      for (const [route, figures] of [
        ["hello world (bare Fastify)", baseline],
        ["GET /api/health (no database)", health],
        ["GET /api/characters", characters],
        ["GET /api/chats/:id/messages (100)", messages],
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
    return rows;
  } finally {
    await app.stop();
    await postgres?.drop();
  }
}

const hello = await startHelloServer();
const rows = [];
try {
  for (const database of DATABASES) rows.push(...(await benchDatabase(database, hello)));
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
writeResult("server", { durationS: DURATION_S, senders: SENDERS, rows });
