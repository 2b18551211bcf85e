// Issue #48: `purchases-billing-server secret-key create|list|revoke`, run as an operator runs them (the built
// dist/cli.js) on a PGlite directory, and the key used against the CLI's own server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultCataloguePath } from "../src/catalogue/load-catalogue.js";
import { runCli, startCli, stopCli } from "./support/cli-process.js";

const KEY_LINE = /^sk_[A-Za-z0-9_-]{40}$/;

/** The status of a customer-info call with `key` against a CLI server on `dataDir`, the server stopped after. */
async function customerInfoStatus(dataDir: string, key: string): Promise<number> {
  const cli = await startCli({ PORT: "0", DATA_DIR: dataDir });
  try {
    const response = await fetch(`${cli.url}/v1/subscribers/cli_key_user`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await response.text();
    return response.status;
  } finally {
    await stopCli(cli.child);
  }
}

describe("purchases-billing-server secret-key", () => {
  const dir = mkdtempSync(join(tmpdir(), "billing-cli-secret-key-"));
  const env = { DATA_DIR: join(dir, "pglite") };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates a key printed on its last line, lists it without the key, and revokes it: the server then refuses it", async () => {
    expect((await runCli(["catalogue", "import", defaultCataloguePath], env)).code).toBe(0);
    const created = await runCli(
      [
        "secret-key",
        "create",
        "--project",
        "realmheart",
        "--scope",
        "customers:read",
        "--scope",
        "metrics:read",
        "--name",
        "support tool",
        "--expires-in",
        "30",
      ],
      env,
    );
    expect(created.code, created.output).toBe(0);
    const lines = created.stdout.trim().split("\n");
    const key = lines.at(-1)!;
    expect(key).toMatch(KEY_LINE);
    expect(created.stdout).toMatch(/Created key_[0-9a-f]{16} sk_\S{9}… project realmheart "support tool"/);
    expect(created.stdout).toContain("[customers:read metrics:read] active until ");

    const listed = await runCli(["secret-key", "list", "--project", "realmheart"], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(key.slice(0, 12));
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout).toContain("never used");
    const id = /(key_[0-9a-f]{16})/.exec(listed.stdout)![1]!;

    expect(await customerInfoStatus(env.DATA_DIR, key)).toBe(200);
    expect((await runCli(["secret-key", "list"], env)).stdout).toMatch(/last used \d{4}-/);

    const revoked = await runCli(["secret-key", "revoke", id], env);
    expect(revoked.code, revoked.output).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${id}`);
    expect(await customerInfoStatus(env.DATA_DIR, key)).toBe(401);
    expect((await runCli(["secret-key", "list"], env)).stdout).toContain("revoked ");
  }, 240_000);

  it("makes a key with every scope when none is named", async () => {
    const created = await runCli(["secret-key", "create", "--project", "realmheart"], env);
    expect(created.code, created.output).toBe(0);
    expect(created.stdout).toContain(
      "[customers:read customers:write catalogue:read catalogue:write metrics:read webhooks:read webhooks:write audit_log:read]",
    );
  }, 120_000);

  it("refuses an unknown scope, a missing project, a bad expiry and an unknown command with the reason, making nothing", async () => {
    const before = (await runCli(["secret-key", "list"], env)).stdout;
    const unknownScope = await runCli(
      ["secret-key", "create", "--project", "realmheart", "--scope", "customer:read"],
      env,
    );
    expect(unknownScope.code).toBe(2);
    expect(unknownScope.stderr).toContain('Unknown scope "customer:read"');
    const noProject = await runCli(["secret-key", "create", "--project", "nowhere"], env);
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain('There is no project "nowhere".');
    const badExpiry = await runCli(
      ["secret-key", "create", "--project", "realmheart", "--expires-in", "soon"],
      env,
    );
    expect(badExpiry.code).toBe(2);
    expect(badExpiry.stderr).toContain("--expires-in takes a number of days");
    const missing = await runCli(["secret-key", "create"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("needs --project ID");
    const unknownId = await runCli(["secret-key", "revoke", "key_0000000000000000"], env);
    expect(unknownId.code).toBe(1);
    const unknownCommand = await runCli(["secret-key", "rotate"], env);
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain("Usage: purchases-billing-server secret-key");
    expect((await runCli(["secret-key", "list"], env)).stdout).toBe(before);
  }, 240_000);
});
