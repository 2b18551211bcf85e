import { spawn } from "node:child_process";

/**
 * The environment of a command run outside the repository: without the variables `npm run` sets for this
 * repository (its local prefix, workspace and package), which would point npm in another directory back here.
 */
export function outsideEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^npm_(package_|lifecycle_|config_local_prefix|config_workspace)/i.test(name),
    ),
  );
  return { ...env, ...extra };
}

/**
 * Runs `command` to completion and resolves with its standard output; rejects with the end of its output when it
 * exits with another status than 0 or outlives `timeoutMs`.
 *
 * @example
 * const json = await run("npm", ["pack", "--json"], { cwd: root });
 */
export function run(
  command: string,
  args: string[],
  {
    cwd,
    env = process.env,
    timeoutMs = 180_000,
  }: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      output = (output + chunk.toString()).slice(-4000);
    });
    child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else
        reject(new Error(`${command} ${args.join(" ")} in ${cwd} ended with ${code ?? signal}:\n${output}`));
    });
  });
}
