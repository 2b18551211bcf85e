// Benchmark 4: reply latency as a user sees it over the streamed answer (POST /api/chats/:id/messages with
// `Accept: text/event-stream`): time to the first `chunk` event and to `done`, for the embedded persona engine
// and for the OpenAI-compatible engine against a local fake model server that streams a token every 20 ms
// (support/fake-model.mjs). The fake records its own time per request (arrival → first token, → [DONE]);
// our overhead is ours minus the fake's, per send.
//
//   npm run build:server -w realmheart && node examples/fantasy-chat/bench/replies.mjs
//
// From the repository root. Prints a table; writes bench/results/replies.json for `npm run bench:check`.
//
// Env: BENCH_RUNS (sends per engine, default 30), BENCH_DATABASES ("pglite,postgres" by default),
// BENCH_POSTGRES_URL, BENCH_APP_MAIN (another build's dist/server/main.js, to compare). The built server runs as a child process (NODE_ENV=production, PGlite in a fresh DATA_DIR,
// or a database created for the run on PostgreSQL and dropped after); each premium user sends at most 25
// messages, under the 30-a-minute send limit.
import { startFakeModel } from "./support/fake-model.mjs";
import { LINES, premiumUsersWithChats, streamMessage } from "./support/app-client.mjs";
import { createPostgresDatabase, startAppServer } from "./support/app-server.mjs";
import { printTable, summarize, writeResult } from "../../../bench/support/report.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());
const TOKEN_DELAY_MS = 20;
const TOKENS = 24;
const SENDS_PER_USER = 25;

/** Sends RUNS + 1 streamed messages (the first is a warm-up) and returns the timings of the measured ones. */
async function timeSends(app) {
  const users = await premiumUsersWithChats(app.url, Math.ceil((RUNS + 1) / SENDS_PER_USER));
  const runs = [];
  for (let n = 0; n <= RUNS; n++) {
    const user = users[Math.floor(n / SENDS_PER_USER)];
    runs.push(await streamMessage(app.url, user.cookie, user.chatId, LINES[n % LINES.length]));
  }
  return runs.slice(1);
}

/** The persona engine's and the OpenAI-compatible engine's rows on one database (null database URL: PGlite). */
async function benchDatabase(database) {
  const rows = [];
  const postgres = database === "postgres" ? await createPostgresDatabase() : null;
  const databaseUrl = postgres?.url ?? null;
  try {
    const persona = await startAppServer({ databaseUrl, main: process.env.BENCH_APP_MAIN });
    try {
      const runs = await timeSends(persona);
      rows.push({
        database,
        engine: "persona (embedded)",
        firstChunk: summarize(runs.map((r) => r.firstChunk)),
        done: summarize(runs.map((r) => r.done)),
      });
    } finally {
      await persona.stop();
    }

    const model = await startFakeModel({ tokenDelayMs: TOKEN_DELAY_MS, tokens: TOKENS });
    const openai = await startAppServer({
      databaseUrl,
      main: process.env.BENCH_APP_MAIN,
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: "sk-bench", LLM_MODEL: "bench-model" },
    });
    try {
      const runs = await timeSends(openai);
      // The fake served one completion per send; the first was the warm-up.
      const fake = model.timings.slice(-RUNS);
      if (fake.length !== runs.length)
        throw new Error(`fake model served ${model.timings.length} requests for ${RUNS + 1} sends`);
      rows.push({
        database,
        engine: `OpenAI-compatible, fake model (${TOKENS} tokens × ${TOKEN_DELAY_MS} ms)`,
        firstChunk: summarize(runs.map((r) => r.firstChunk)),
        done: summarize(runs.map((r) => r.done)),
        fakeFirstToken: summarize(fake.map((f) => f.firstToken)),
        fakeTotal: summarize(fake.map((f) => f.total)),
        overheadFirstChunk: summarize(runs.map((r, i) => r.firstChunk - fake[i].firstToken)),
        overheadDone: summarize(runs.map((r, i) => r.done - fake[i].total)),
      });
    } finally {
      await openai.stop();
      await model.close();
    }
  } finally {
    await postgres?.drop();
  }
  return rows;
}

const rows = [];
for (const database of DATABASES) rows.push(...(await benchDatabase(database)));

const cell = (s) => (s ? `${s.median} / ${s.p90}` : "—");
printTable(
  [
    "database",
    "engine (median / p90 ms)",
    "first chunk",
    "full reply",
    "fake's own: first / full",
    "overhead: first / full",
  ],
  rows.map((row) => [
    row.database,
    row.engine,
    cell(row.firstChunk),
    cell(row.done),
    row.fakeFirstToken ? `${row.fakeFirstToken.median} / ${row.fakeTotal.median}` : "—",
    row.overheadFirstChunk ? `${row.overheadFirstChunk.median} / ${row.overheadDone.median}` : "—",
  ]),
);
writeResult("replies", { runs: RUNS, tokenDelayMs: TOKEN_DELAY_MS, tokens: TOKENS, rows });
