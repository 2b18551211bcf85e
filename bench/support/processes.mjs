// The servers under measurement, each a child process started from its built CLI, as an operator runs it. The
// billing server is started here; Realmheart's benches start the app through examples/fantasy-chat/bench/support/
// app-server.mjs, on the same startNodeServer.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./report.mjs";

export const BILLING_CLI = join(ROOT, "examples/billing-server/dist/cli.js");

// Servers still running when the bench exits (a crash, Ctrl-C) are killed and their data removed with it.
const running = new Map();
process.once("exit", () => {
  for (const [child, dataDir] of running) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(130));

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : NaN;
}

async function waitForHttp(url, child, output, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join("")}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within ${deadlineMs} ms:\n${output.join("")}`);
}

/**
 * Starts `node <script>` with `env` on a free port (`{port}` in a value becomes it) and waits until `readyPath` answers. The returned handle
 * stops it with SIGTERM and removes its temporary data directory. `onOutput` is called with each chunk the
 * server writes (stdout and stderr), for a bench that reads the server's own reports as they come; `nodeArgs` go
 * before the script (V8 flags such as `--trace-gc`, which NODE_OPTIONS refuses).
 */
export async function startNodeServer(script, env, readyPath, { onOutput, nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pw-bench-data-"));
  const output = [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // "{port}" in a value stands for the port chosen here (a PUBLIC_URL, say).
      ...Object.fromEntries(
        Object.entries(env).map(([k, v]) => [k, String(v).replaceAll("{port}", String(port))]),
      ),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.set(child, dataDir);
  let stopping = false;
  child.once("exit", (code, signal) => {
    running.delete(child);
    // A server that dies under measurement says why, instead of leaving only the client's ECONNREFUSED.
    if (!stopping) console.error(`${script} exited (${signal ?? code}) unexpectedly:\n${output.join("")}`);
  });
  const keep = (chunk) => {
    onOutput?.(String(chunk));
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${readyPath}`, child, output, 120_000);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid,
    rss: () => rssOf(child.pid),
    output,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The billing server's CLI (Realmheart catalogue) with `env` added, e.g. the Stripe variables. */
export function startBillingServer(env = {}) {
  return startNodeServer(BILLING_CLI, { ...env }, "/");
}
