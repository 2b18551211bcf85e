import { spawn } from "node:child_process";
import { join } from "node:path";
import { outsideEnv } from "./run-command";

/** A billing server started from an installed tarball's `bin`. */
export interface PackedBillingServer {
  url: string;
  close(): Promise<void>;
}

/** PGlite's first open of a new data directory (initdb) takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 90_000;

/**
 * Starts `purchases-billing-server` as a user of the tarball does (`node_modules/.bin`, so its shebang line and
 * executable bit are exercised) with `env` (PORT, DATA_DIR, ALLOWED_ORIGINS…), and resolves once it listens.
 * With `bare`, it is started as the README says, `npx purchases-billing-server` in the folder it was installed in,
 * with no setting at all: only PATH and HOME reach it (no PORT, DATA_DIR or DATABASE_URL from this process).
 *
 * @example
 * const server = await startPackedBillingServer(appDir, { PORT: "4000", DATA_DIR: dataDir });
 * const defaults = await startPackedBillingServer(appDir, {}, { bare: true });
 */
export function startPackedBillingServer(
  appDir: string,
  env: Record<string, string>,
  { bare = false }: { bare?: boolean } = {},
): Promise<PackedBillingServer> {
  const bin = join(appDir, "node_modules/.bin/purchases-billing-server");
  const child = bare
    ? // Its own process group, so that closing it stops npx and the server under it.
      spawn("npx", ["purchases-billing-server"], {
        cwd: appDir,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? appDir },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      })
    : spawn(bin, [], { cwd: appDir, env: outsideEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const stop = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (bare && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stderr.on("data", collect);
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      stop("SIGKILL");
      reject(new Error(`the packed billing server ${why}:\n${output}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) =>
      fail(`exited (${code ?? signal}) before listening`);
    child.once("exit", onExit);
    child.stdout.on("data", (chunk: Buffer) => {
      collect(chunk);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!listening) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      resolve({
        url: listening[1]!,
        // SIGTERM: the CLI closes the server and PGlite, then exits.
        close: async () => {
          stop("SIGTERM");
          await exited;
        },
      });
    });
  });
}
