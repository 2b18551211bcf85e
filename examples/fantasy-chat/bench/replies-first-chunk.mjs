// How soon a persona reply starts, server-side: the median of 50 sends from request arrival to the first chunk.
// Runs the built server in this process on an in-memory PGlite:
//   npm run build -w realmheart && node examples/fantasy-chat/bench/replies-first-chunk.mjs [runs]
// Budget: the median must stay under 50 ms (server/test/reply-latency.test.ts checks the same on every test run).
import { eq } from "drizzle-orm";
import { buildApp } from "../dist/server/app.js";
import { loadConfig } from "../dist/server/config.js";
import { openAppDatabase } from "../dist/server/db/database.js";
import { users } from "../dist/server/db/schema.js";
import { DEFAULT_RATE_LIMITS } from "../dist/server/http/rate-limiter.js";
import { userChanged } from "../dist/server/users/user-changes.js";
import { createPersonaEngine } from "../dist/server/replies/persona-engine.js";
import { firstChunkProbe, median, runFirstChunkBench } from "./first-chunk-probe.mjs";

const BUDGET_MS = 50;
const runs = Number(process.argv[2] ?? 50);

const database = await openAppDatabase();
const probe = firstChunkProbe(createPersonaEngine);
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: "production",
    ALLOW_SANDBOX_PAYMENTS: "true",
    PUBLIC_URL: "http://127.0.0.1",
    // Production needs one; this bench sends no mail.
    SMTP_URL: "smtp://127.0.0.1:9",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0",
  }),
  database,
  replyEngine: probe.engine,
  renewals: false,
  rateLimits: { send: { ...DEFAULT_RATE_LIMITS.send, limit: 1_000_000 } },
});
probe.attach(app.server);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
try {
  // One warm-up round (JIT, query plans), then the measured one.
  // As every write in the app does, the session cache is told the user changed.
  const markPremium = async (id) => {
    await database.db.update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, id));
    userChanged(id);
  };
  await runFirstChunkBench({ url, probe, markPremium, runs: 10 });
  probe.samples.serverMs.length = 0;
  probe.samples.engineMs.length = 0;
  const result = await runFirstChunkBench({ url, probe, markPremium, runs });
  const line = (name, values) =>
    `${name.padEnd(44)} median ${median(values).toFixed(2)} ms   max ${Math.max(...values).toFixed(2)} ms`;
  console.log(`Persona reply, first chunk (${runs} sends, PGlite in memory, Node ${process.version})`);
  console.log(line("server-side: request arrives → first chunk", result.serverMs));
  console.log(line("engine only: reply() called → first chunk", result.engineMs));
  console.log(line("client: request sent → first chunk event", result.clientMs));
  const ok = median(result.serverMs) < BUDGET_MS;
  console.log(ok ? `within the ${BUDGET_MS} ms budget` : `OVER the ${BUDGET_MS} ms budget`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.close();
  await database.close();
}
