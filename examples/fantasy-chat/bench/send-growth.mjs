// Whether a send costs more as its chat grows: the built server (child process, NODE_ENV=production, send limit
// lifted as in server.mjs) takes ROUNDS rounds of SENDS sends each on the same 50 premium users' chats (each round
// adds SENDS × 2 ÷ 50 messages to every chat), at CONNECTIONS connections (100 by default: two sends of each chat
// in flight, so some claims find the chat's context changed and read it). Prints one line per round: the chats'
// length at its start, sends a second, p99, the CPU per send of the app and of PostgreSQL (every `postgres`
// process on the machine: run it on a quiet database server), and the most any one send took. A flat line is the
// goal; a rising CPU column means a read that passes over the whole chat.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/send-growth.mjs
//
// From the repository root; Linux only. Env: BENCH_ROUNDS (default 5), BENCH_SENDS (5000), BENCH_CONNECTIONS
// (100), BENCH_DATABASES ("postgres"; "pglite" also works, its CPU is all the app's).
import autocannon from "autocannon";
import { premiumUsersWithChats, sendOptions } from "./support/app-client.mjs";
import { startSendBenchServer } from "./support/app-server.mjs";
import { cpuMsOf, postgresCpuMs } from "./support/process-cpu.mjs";
import { printTable } from "../../../bench/support/report.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SENDS = Number(process.env.BENCH_SENDS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres").split(",").map((name) => name.trim());
const SENDERS = 50;

async function roundsOn(database) {
  const app = await startSendBenchServer(database);
  const { postgres } = app;
  try {
    const users = await premiumUsersWithChats(app.url, SENDERS);
    const rows = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const before = { app: cpuMsOf(app.pid), postgres: postgresCpuMs() };
      const started = performance.now();
      let lastAnswer = started;
      const run = autocannon({ ...sendOptions(app.url, users, CONNECTIONS), amount: SENDS, timeout: 30 });
      run.on("response", () => (lastAnswer = performance.now()));
      const result = await run;
      const perSend = (ms) => (ms / SENDS).toFixed(2);
      rows.push([
        database,
        round,
        ((round - 1) * SENDS * 2) / SENDERS,
        Math.round(SENDS / ((lastAnswer - started) / 1000)),
        result.latency.p99,
        result.latency.max,
        perSend(cpuMsOf(app.pid) - before.app),
        postgres ? perSend(postgresCpuMs() - before.postgres) : "—",
        result.non2xx + result.errors,
      ]);
    }
    return rows;
  } finally {
    await app.stop();
  }
}

const rows = [];
for (const database of DATABASES) rows.push(...(await roundsOn(database)));
printTable(
  [
    "database",
    "round",
    "messages per chat at its start",
    "sends/s",
    "p99 ms",
    "max ms",
    "CPU ms per send: app",
    "PostgreSQL",
    "non-2xx",
  ],
  rows,
);
