// Issue #19: a new PGlite data directory is created (initdb) in a child process, so the serving process never
// holds initdb's memory; an existing one is opened as it is.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openBillingDatabase } from "../src/db/database.js";
import { initPgliteDataDir } from "../src/db/open-drizzle-database.js";

describe("PGlite data directories", () => {
  const root = mkdtempSync(join(tmpdir(), "pw-initdb-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("creates a new directory in a child process, and leaves an existing one alone", async () => {
    const dir = join(root, "fresh");
    await initPgliteDataDir(dir);
    expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);
    const created = statSync(join(dir, "PG_VERSION")).mtimeMs;
    await initPgliteDataDir(dir);
    expect(statSync(join(dir, "PG_VERSION")).mtimeMs).toBe(created);
  });

  it("creates the directory's missing parents (the default ./data/billing in a new folder)", async () => {
    const dir = join(root, "new-folder", "data", "billing");
    await initPgliteDataDir(dir);
    expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);
  });

  it("opens, migrates and keeps data in a directory it initialised, across a reopen", async () => {
    const dir = join(root, "kept");
    const first = await openBillingDatabase({ dataDir: dir });
    await first.db.execute("create table kept (n int)");
    await first.db.execute("insert into kept values (42)");
    await first.close();
    const second = await openBillingDatabase({ dataDir: dir });
    const { rows } = (await second.db.execute("select n from kept")) as unknown as { rows: { n: number }[] };
    expect(rows).toEqual([{ n: 42 }]);
    await second.close();
  });
});
