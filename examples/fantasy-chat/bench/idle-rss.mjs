// The built Realmheart server's idle memory as `npm start` runs it (its defaults: the app's and the billing server's
// PGlite on a fresh DATA_DIR): RSS and peak from /proc/<pid>/status, 8 s after /api/health first answers.
//
//   npm run build -w realmheart && node examples/fantasy-chat/bench/idle-rss.mjs [runs]
//
// From the repository root; Linux only (reads /proc). Prints one line per run. With BENCH_DATABASE=postgres each run
// uses a database of its own on the test PostgreSQL (BENCH_POSTGRES_URL) instead of PGlite.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../../../bench/support/processes.mjs";
import { createPostgresDatabase } from "./support/app-server.mjs";
import { SERVER_NODE_FLAGS } from "../node-flags.mjs";

const runs = Number(process.argv[2] ?? 2);
const MAIN = "examples/fantasy-chat/dist/server/main.js";
const mib = (status, field) => Math.round(Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))[1]) / 1024);

for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), "rh-idle-"));
  const port = await freePort();
  const postgres = process.env.BENCH_DATABASE === "postgres" ? await createPostgresDatabase() : null;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: "ignore",
  });
  const started = Date.now();
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 120_000) throw new Error("the server did not start in 2 minutes");
    await sleep(250);
  }
  await sleep(8000);
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  console.log(
    `run ${run} (${postgres ? "PostgreSQL" : "PGlite"}): RSS ${mib(status, "VmRSS")} MiB, peak ${mib(status, "VmHWM")} MiB (started in ${Date.now() - started - 8000} ms)`,
  );
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
