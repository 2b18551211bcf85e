// Runs once per test run: opens a fresh PGlite, applies the migrations and dumps its data directory to a temp
// file. Test servers restore that dump (about 0.5 s) instead of running initdb (about 3 s and much memory).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openAppDatabase } from "../../src/db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "realmheart-test-"));
  const database = await openAppDatabase();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const path = join(dir, "template.tar");
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", path);
  return async () => rm(dir, { recursive: true, force: true });
}
