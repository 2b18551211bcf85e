// Starts the built Realmheart server (dist/server/main.js serving web/dist) on a free 127.0.0.1 port with
// NODE_ENV=test, as `npm start` would, over a fresh database: a new PGlite data directory, or a new PostgreSQL
// database made for this run from TEST_DATABASE_URL (so suites sharing that database never see its tables).
// Stops it (gracefully) afterwards and removes the data; crash tests kill it and restart it on the same data.
// Shared by the browser smoke tests and the e2e suites.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

// E2E_APP_ROOT runs a copy of the built package instead (dist/, web/dist/, server/public/), e.g. a snapshot that a
// concurrent `npm test` in this working tree (which cleans web/dist) cannot change under a running suite.
const PACKAGE_ROOT = process.env.E2E_APP_ROOT ?? fileURLToPath(new URL("../../", import.meta.url));
const MAIN = join(PACKAGE_ROOT, "dist/server/main.js");
const WEB_INDEX = join(PACKAGE_ROOT, "web/dist/index.html");
const START_DEADLINE_MS = 90_000;

/** An email the server makes an admin. */
export const ADMIN_EMAIL = "morgana@example.test";

/** The databases a suite runs against: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export type DatabaseKind = "pglite" | "postgres";
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs one statement on the server TEST_DATABASE_URL names (CREATE/DROP DATABASE cannot run in a transaction). */
async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own for one server on TEST_DATABASE_URL's PostgreSQL; `drop` removes it. */
async function scratchDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `realmheart_e2e_${randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface RunningApp {
  url: string;
  database: DatabaseKind;
  /** The server's DATA_DIR (PGlite keeps the app's data under `app/`). */
  dataDir: string;
  /** The PostgreSQL database the server uses (null on PGlite). */
  databaseUrl: string | null;
  output: () => string;
  /** Ends the process (SIGKILL by default, as a crash would) and keeps its data for `restart`. */
  kill: (signal?: "SIGKILL" | "SIGTERM") => Promise<void>;
  /** Starts the server again on the same port and data, and waits until it is healthy. */
  restart: () => Promise<void>;
  /** Ends the process (gracefully) and removes its data. */
  stop: () => Promise<void>;
}

export interface StartAppOptions {
  /** PGlite by default; "postgres" needs TEST_DATABASE_URL. */
  database?: DatabaseKind;
  /** Extra environment, applied over the defaults. */
  env?: Record<string, string>;
}

/**
 * @example
 * const app = await startApp(); … await app.stop();
 * const onPostgres = await startApp({ database: "postgres", env: { ADMIN_EMAILS: "a@example.test" } });
 */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  if (!existsSync(MAIN) || !existsSync(WEB_INDEX))
    throw new Error("Build first: npm run build -w realmheart (server and web client)");
  const kind = options.database ?? "pglite";
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (kind === "postgres" && !baseUrl) throw new Error("TEST_DATABASE_URL is needed to run on PostgreSQL");
  const dataDir = await mkdtemp(join(tmpdir(), "realmheart-app-"));
  const scratch = kind === "postgres" && baseUrl ? await scratchDatabase(baseUrl) : null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const spawnServer = () => {
    child = spawn(process.execPath, [MAIN], {
      cwd: PACKAGE_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        ADMIN_EMAILS: ADMIN_EMAIL,
        DATABASE_URL: scratch?.url ?? "",
        PAYSTACK_SECRET_KEY: "",
        OIDC_ISSUER_URL: "",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const started = child;
    exited = new Promise<void>((resolve) => started.once("exit", () => resolve()));
  };
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;

  const kill = async (signal: "SIGKILL" | "SIGTERM" = "SIGKILL") => {
    if (!running()) return;
    child?.kill(signal);
    const timer = setTimeout(() => child?.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const stop = async () => {
    await kill("SIGTERM");
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };

  const waitUntilHealthy = async () => {
    const deadline = Date.now() + START_DEADLINE_MS;
    for (;;) {
      if (!running()) throw new Error(`The server exited while starting:\n${output}`);
      const healthy = await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy) return;
      if (Date.now() > deadline)
        throw new Error(`The server did not start within ${START_DEADLINE_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const restart = async () => {
    await kill("SIGTERM");
    spawnServer();
    await waitUntilHealthy();
  };

  spawnServer();
  try {
    await waitUntilHealthy();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    database: kind,
    dataDir,
    databaseUrl: scratch?.url ?? null,
    output: () => output,
    kill,
    restart,
    stop,
  };
}
