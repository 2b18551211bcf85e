// How far a send is from the floor under it: bare Fastify hello, the floor server (support/floor-server.mjs: one
// POST that stores a message and its reply in one INSERT, nothing else), the same floor storing them in two INSERTs
// one after the other (the message, then its reply: two round trips and two commits, the least a send whose reply
// is made once its message is stored can do) and the app's own send (persona reply), each at 10 connections,
// alternating, ROUNDS times per database, in one run. Prints one line per round: the rates, each as a ratio to
// hello, and the app's rate as a share of each floor's. Writes no result file (a reference for
// docs/benchmarks.md, not a budget).
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/send-floor.mjs
//
// From the repository root. Env: BENCH_DURATION_S (seconds per measurement, default 5), BENCH_ROUNDS (2),
// BENCH_DATABASES ("pglite,postgres"), BENCH_POSTGRES_URL.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import autocannon from "autocannon";
import { startNodeServer } from "../../../bench/support/processes.mjs";
import { printTable, ROOT } from "../../../bench/support/report.mjs";
import { createPostgresDatabase, startAppServer, startHelloServer } from "./support/app-server.mjs";
import { LINES, premiumUsersWithChats, sendOptions } from "./support/app-client.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());
const FLOOR_SERVER = join(ROOT, "examples/fantasy-chat/bench/support/floor-server.mjs");

/** Requests a second and p99 of one autocannon run at 10 connections; throws on any non-2xx answer. */
async function rate(options) {
  const result = await autocannon({ duration: DURATION_S, connections: 10, timeout: 30, ...options });
  if (result.non2xx || result.errors)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { reqPerSec: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** A floor server (support/floor-server.mjs) storing a send in `statements` INSERTs, on its own database. */
async function startFloor(database, statements) {
  const db = database === "postgres" ? await createPostgresDatabase() : null;
  const env = { FLOOR_STATEMENTS: String(statements), ...(db ? { DATABASE_URL: db.url } : {}) };
  const server = await startNodeServer(FLOOR_SERVER, env, "/");
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await db?.drop();
    },
  };
}

/** `rate` as a table cell: requests a second and the ratio to `baseline`'s. */
const cell = (figures, baseline) =>
  `${figures.reqPerSec} (${(figures.reqPerSec / baseline.reqPerSec).toFixed(3)}×)`;

async function roundsOn(database, hello) {
  const appDb = database === "postgres" ? await createPostgresDatabase() : null;
  const floors = [await startFloor(database, 1), await startFloor(database, 2)];
  const app = await startAppServer({
    databaseUrl: appDb?.url ?? null,
    env: { SEND_LIMIT_PER_MINUTE: "100000" },
  });
  try {
    const senders = await premiumUsersWithChats(app.url, 50);
    const floorOptions = (floor) => ({
      url: `${floor.url}/send`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chatId: randomUUID(), content: LINES[0] }),
    });
    const rows = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const baseline = await rate({ url: `${hello.url}/` });
      const [one, two] = [await rate(floorOptions(floors[0])), await rate(floorOptions(floors[1]))];
      const send = await rate(sendOptions(app.url, senders));
      rows.push([
        database,
        round,
        baseline.reqPerSec,
        cell(one, baseline),
        cell(two, baseline),
        cell(send, baseline),
        send.p99,
        (send.reqPerSec / one.reqPerSec).toFixed(2),
        (send.reqPerSec / two.reqPerSec).toFixed(2),
      ]);
    }
    return rows;
  } finally {
    await Promise.all([app.stop(), ...floors.map((floor) => floor.stop())]);
    await appDb?.drop();
  }
}

const hello = await startHelloServer();
const rows = [];
try {
  for (const database of DATABASES) rows.push(...(await roundsOn(database, hello)));
} finally {
  await hello.stop();
}
printTable(
  [
    "database",
    "round",
    "hello req/s",
    "floor, 1 INSERT (÷ hello)",
    "floor, 2 INSERTs (÷ hello)",
    "app send/s (÷ hello)",
    "send p99 ms",
    "send ÷ floor 1",
    "send ÷ floor 2",
  ],
  rows,
);
process.exit(0);
