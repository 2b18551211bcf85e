// Where a send's CPU goes: the built server (child process, NODE_ENV=production) takes SENDS sends on 10
// connections (autocannon, rotating over 50 premium users, send limit lifted as in server.mjs), and the CPU time
// each process used meanwhile is read from /proc: the app server, PostgreSQL's backends (every `postgres` process
// on the machine: run it on a quiet database server) and this process, the load generator. Divided by the sends,
// it says what two cores allow at best, all of both busy: sends/s ≤ 2000 ÷ (the sum of the three, in ms). On
// PGlite the app's main thread, which runs the database, is also the bound: most of the app's time is on it. On
// PostgreSQL it also counts the transactions committed in the run's database per send (`pg_stat_database`; the
// probe's own two reads are within the rounding).
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/send-cpu.mjs
//
// From the repository root; Linux only. Env: BENCH_SENDS (default 4000), BENCH_DATABASES ("postgres,pglite").
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { LINES, premiumUsersWithChats } from "./support/app-client.mjs";
import { createPostgresDatabase, startAppServer } from "./support/app-server.mjs";
import { printTable } from "../../../bench/support/report.mjs";

const SENDS = Number(process.env.BENCH_SENDS ?? 4000);
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",").map((name) => name.trim());
const SENDERS = 50;
/** Clock ticks per second as /proc counts them (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** CPU time (user + system, ms) a process has used, or 0 when it is gone. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on this machine (ms). */
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuMsOf(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

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
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const app = await startAppServer({
    databaseUrl: postgres?.url ?? null,
    env: { SEND_LIMIT_PER_MINUTE: "100000" },
  });
  try {
    const users = await premiumUsersWithChats(app.url, SENDERS);
    let next = 0;
    const commitsBefore = postgres ? await commitsOf(postgres.url) : null;
    const before = { app: cpuMsOf(app.pid), postgres: postgresCpuMs(), self: process.cpuUsage() };
    const started = performance.now();
    let lastAnswer = started;
    const run = autocannon({
      url: app.url,
      connections: 10,
      amount: SENDS,
      timeout: 30,
      requests: [
        {
          setupRequest: (request) => {
            const user = users[next++ % users.length];
            return {
              ...request,
              method: "POST",
              path: `/api/chats/${user.chatId}/messages`,
              headers: { cookie: user.cookie, origin: app.url, "content-type": "application/json" },
              body: JSON.stringify({ content: LINES[next % LINES.length] }),
            };
          },
        },
      ],
    });
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
    await postgres?.drop();
  }
}

const rows = [];
for (const database of DATABASES) rows.push(await measure(database));
printTable(
  [
    "database",
    "sends/s",
    "CPU ms per send: app",
    "PostgreSQL",
    "load generator",
    "2-core ceiling sends/s",
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
    r.commits ?? "—",
    r.non2xx,
  ]),
);
