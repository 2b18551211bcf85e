// Where a send's CPU goes: the built server (child process, NODE_ENV=production) takes SENDS sends on 10
// connections (autocannon, rotating over 50 premium users, send limit lifted as in server.mjs), and the CPU time
// each process used meanwhile is read from /proc: the app server, PostgreSQL's backends (every `postgres` process
// on the machine: run it on a quiet database server) and this process, the load generator. Divided by the sends,
// it says what two cores allow at best, all of both busy: sends/s ≤ 2000 ÷ (the sum of the three, in ms). On
// PGlite the app's main thread, which runs the database, is also the bound: most of the app's time is on it. On
// PostgreSQL it also counts the transactions committed in the run's database per send (`pg_stat_database`; the
// probe's own two reads are within the rounding). Bare Fastify hello (own process, 10 connections, 5 s) is measured
// just before each database's sends: the ceiling's ratio to it is the best `bench/server.mjs`'s POST ratio could
// be with this much CPU per send, both cores busy with nothing else.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/send-cpu.mjs
//
// From the repository root; Linux only. Env: BENCH_SENDS (default 4000), BENCH_DATABASES ("postgres,pglite").
import autocannon from "autocannon";
import pg from "pg";
import { premiumUsersWithChats, sendOptions } from "./support/app-client.mjs";
import { startHelloServer, startSendBenchServer } from "./support/app-server.mjs";
import { printTable } from "../../../bench/support/report.mjs";
import { cpuMsOf, postgresCpuMs } from "./support/process-cpu.mjs";

const SENDS = Number(process.env.BENCH_SENDS ?? 4000);
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",").map((name) => name.trim());
const SENDERS = 50;
/** Transactions committed in the run's PostgreSQL database so far (statistics read afresh). */
async function commitsOf(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_stat_clear_snapshot()");
    const { rows } = await client.query(
      "select xact_commit::bigint as commits from pg_stat_database where datname = current_database()",
    );
    return Number(rows[0].commits);
  } finally {
    await client.end();
  }
}

/** SENDS sends on 10 connections; the CPU per send of each process, the commits per send, and the rate. */
async function measure(database) {
  const app = await startSendBenchServer(database);
  const { postgres } = app;
  try {
    const users = await premiumUsersWithChats(app.url, SENDERS);
    const commitsBefore = postgres ? await commitsOf(postgres.url) : null;
    const before = { app: cpuMsOf(app.pid), postgres: postgresCpuMs(), self: process.cpuUsage() };
    const started = performance.now();
    let lastAnswer = started;
    const run = autocannon({ ...sendOptions(app.url, users), amount: SENDS, timeout: 30 });
    // autocannon notices the last answer on its one-second tick: the time is the last answer's own.
    run.on("response", () => (lastAnswer = performance.now()));
    const result = await run;
    const seconds = (lastAnswer - started) / 1000;
    const self = process.cpuUsage(before.self);
    const perSend = (ms) => Math.round((ms / SENDS) * 100) / 100;
    // The statistics collector reports a backend's commits when it goes idle (at most every second or so).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const commits = postgres ? perSend((await commitsOf(postgres.url)) - commitsBefore) : null;
    const row = {
      database,
      sendsPerSecond: Math.round(SENDS / seconds),
      app: perSend(cpuMsOf(app.pid) - before.app),
      postgres: database === "postgres" ? perSend(postgresCpuMs() - before.postgres) : 0,
      loadGenerator: perSend((self.user + self.system) / 1000),
      commits,
      non2xx: result.non2xx + result.errors,
    };
    // The three processes share two cores; a process's CPU time includes its helper threads (GC, file I/O).
    return { ...row, ceiling: Math.round(2000 / (row.app + row.postgres + row.loadGenerator)) };
  } finally {
    await app.stop();
  }
}

/** Bare Fastify hello's requests a second at 10 connections (5 s), measured just before a database's sends. */
async function helloRate(hello) {
  const result = await autocannon({ url: `${hello.url}/`, connections: 10, duration: 5 });
  return Math.round(result.requests.average);
}

const hello = await startHelloServer();
const rows = [];
try {
  for (const database of DATABASES) {
    const baseline = await helloRate(hello);
    rows.push({ ...(await measure(database)), hello: baseline });
  }
} finally {
  await hello.stop();
}
printTable(
  [
    "database",
    "sends/s",
    "CPU ms per send: app",
    "PostgreSQL",
    "load generator",
    "2-core ceiling sends/s",
    "hello req/s",
    "ceiling ÷ hello",
    "commits per send",
    "non-2xx",
  ],
  rows.map((r) => [
    r.database,
    r.sendsPerSecond,
    r.app,
    r.postgres,
    r.loadGenerator,
    r.ceiling,
    r.hello,
    (r.ceiling / r.hello).toFixed(3),
    r.commits ?? "—",
    r.non2xx,
  ]),
);
