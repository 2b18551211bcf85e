// The standalone CLI, as an operator runs it: the built dist/cli.js on an embedded database.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function startCli(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["dist/cli.js"], { cwd: root, env: { ...process.env, ...env } });
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

describe("purchases-billing-server CLI", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "billing-cli-"));
  let cli: Awaited<ReturnType<typeof startCli>>;
  beforeAll(async () => {
    cli = await startCli({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, PREFIX: "/billing" });
  });
  afterAll(() => {
    cli?.child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the shipped catalogue under the prefix and never logs the API key", async () => {
    const response = await fetch(`${cli.url}/billing/v1/subscribers/cli_user/offerings`, {
      headers: { authorization: "Bearer test_realmheart_local" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { current_offering_id: string };
    expect(body.current_offering_id).toBe("default");
    expect(cli.output()).not.toContain("test_realmheart_local");
  });

  it("exits cleanly on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => cli.child.once("exit", resolve));
    cli.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses an invalid configuration with a clear message", async () => {
    await expect(startCli({ PORT: "not-a-port", DATA_DIR: dataDir })).rejects.toThrow(
      /Invalid configuration[\s\S]*PORT/,
    );
  });
});
