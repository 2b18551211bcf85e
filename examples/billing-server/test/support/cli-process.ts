// The built CLI (dist/cli.js) run as an operator runs it, for the CLI's tests: to its end, or as a server until it
// listens. Settings of the test process itself (DATABASE_URL, DATA_DIR, CATALOGUE, PORT, ALLOWED_ORIGINS) never
// reach it: each test gives its own.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const OWN_SETTINGS = new Set(["DATABASE_URL", "DATA_DIR", "CATALOGUE", "PORT", "ALLOWED_ORIGINS"]);

function cliEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !OWN_SETTINGS.has(name))),
    ...env,
  };
}

/** What a CLI run printed and how it ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Both streams, in the order they arrived. */
  output: string;
}

/**
 * Runs `purchases-billing-server ARGS` with `env` until it exits by itself (killed after a minute).
 *
 * @example
 * const { code, stderr } = await runCli(["catalogue", "check", path], {});
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ["dist/cli.js", ...args], { cwd: root, env: cliEnv(env) });
  const run: CliRun = { code: null, stdout: "", stderr: "", output: "" };
  child.stdout.on("data", (chunk: Buffer) => {
    run.stdout += chunk.toString();
    run.output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    run.stderr += chunk.toString();
    run.output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ ...run, code });
    }),
  );
}

/** A CLI server started by {@link startCli}. */
export interface CliServer {
  child: ChildProcess;
  url: string;
  /** Everything it has printed so far. */
  output(): string;
}

/**
 * Starts the CLI's server with `env`; resolves once it listens, rejects when it exits first.
 *
 * @example
 * const cli = await startCli({ PORT: "0", DATA_DIR: dir });
 */
export function startCli(env: Record<string, string>): Promise<CliServer> {
  const child = spawn(process.execPath, ["dist/cli.js"], { cwd: root, env: cliEnv(env) });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
}

/**
 * Stops a CLI server with SIGTERM and waits for it to exit.
 *
 * @example
 * await stopCli(cli.child);
 */
export function stopCli(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
