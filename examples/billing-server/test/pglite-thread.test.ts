// PGlite on a worker thread of its own (`pgliteThread`, what the servers run): through Drizzle, the prepared
// statements and notifications it must answer exactly as PGlite in-process does, keep its locking, bring the
// database's errors back with their codes, keep the data on disk, and never keep a process alive by itself.
import { sql, type SQL } from "drizzle-orm";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedRows } from "../src/index.js";
import { isDatabaseUnavailable } from "../src/db/database-unavailable.js";
import { openBillingDatabase, type BillingDatabase } from "../src/db/database.js";
import { openDrizzleDatabase } from "../src/db/open-drizzle-database.js";

const rowsOf = async (database: BillingDatabase, statement: SQL) =>
  ((await database.db.execute(statement)) as unknown as { rows: unknown[] }).rows;

/** A statement returning one value of each kind Drizzle parses or keeps as text. */
const probe = (id: number | null, note: string | null) =>
  sql`select ${id}::int as id, ${note}::text as note, ${id}::bigint as big, ${id}::numeric as num,
             ${"2026-11-25T10:00:00.000Z"}::timestamptz as at, ${"2026-11-25"}::date as day,
             ${"1 day"}::interval as span, array[${"2026-11-25T10:00:00Z"}::timestamptz] as ats,
             json_build_object('id', ${id}::int, 'tags', json_build_array(${note}::text)) as doc,
             array[${id}::int, 2] as ids, ${id}::int > 1 as big_one`;

describe("PGlite on its own thread", () => {
  let threaded: BillingDatabase;
  let inProcess: BillingDatabase;
  beforeAll(async () => {
    [threaded, inProcess] = await Promise.all([
      openBillingDatabase({ pgliteThread: true }),
      openBillingDatabase(),
    ]);
    for (const database of [threaded, inProcess]) {
      await database.db.execute(sql`create table thread_probe (id integer primary key, note text not null)`);
    }
  });
  afterAll(async () => {
    await threaded.close();
    await inProcess.close();
  });

  it("answers Drizzle's queries and the prepared statements value for value as PGlite in-process does", async () => {
    for (const [id, note] of [
      [1, "first"],
      [7, "a 'quoted' note, with ünïcode"],
      [null, null],
    ] as const) {
      const expected = await rowsOf(inProcess, probe(id, note));
      expect(await rowsOf(threaded, probe(id, note))).toEqual(expected);
      expect(await preparedRows(threaded.db, probe(id, note))).toEqual(expected);
    }
    // The query builder's array rows, mapped back to objects with their columns' types.
    const migrations = sql`select count(*)::int as n from "drizzle"."__billing_migrations"`;
    expect(await rowsOf(threaded, migrations)).toEqual(await rowsOf(inProcess, migrations));
  });

  it("commits a transaction's writes together, and rolls them all back when it throws", async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'one')`);
      await tx.execute(sql`insert into thread_probe values (2, 'two')`);
    });
    const failed = await threaded.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3, 'three')`);
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("changed my mind");
    expect(await rowsOf(threaded, sql`select id from thread_probe order by id`)).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it("keeps PGlite's lock: a read outside an open transaction waits for it and never sees its rows", async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (10, 'in tx')`);
      inside();
      await released;
      tx.rollback();
    });
    await holding;
    const outside = sql`select count(*)::int as n from thread_probe where id = 10`;
    const read = rowsOf(threaded, outside);
    const prepared = preparedRows(threaded.db, outside);
    release();
    await expect(transaction).rejects.toThrow();
    expect(await read).toEqual([{ n: 0 }]);
    expect(await prepared).toEqual([{ n: 0 }]);
  });

  it("brings the database's error back with its code, and stays usable", async () => {
    const duplicate = sql`insert into thread_probe values (1, 'again')`;
    const viaExecute = await threaded.db.execute(duplicate).catch((error: unknown) => error);
    const viaPrepared = await preparedRows(threaded.db, duplicate).catch((error: unknown) => error);
    for (const error of [viaExecute, viaPrepared]) {
      expect((error as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
        code: "23505",
        constraint: "thread_probe_pkey",
      });
    }
    expect(await rowsOf(threaded, sql`select note from thread_probe where id = 1`)).toEqual([
      { note: "one" },
    ]);
  });

  it("delivers a channel's notifications until it is unsubscribed", async () => {
    const opened = await openDrizzleDatabase({
      schema: {},
      migrationsFolder: fileURLToPath(new URL("../src/db/migrations", import.meta.url)),
      migrationsTable: "__billing_migrations",
      pgliteThread: true,
    });
    try {
      const heard: string[] = [];
      const unsubscribe = await opened.listen("thread_news", { onNotify: (payload) => heard.push(payload) });
      await opened.db.execute(sql`select pg_notify('thread_news', 'first')`);
      await expect.poll(() => heard).toEqual(["first"]);
      await unsubscribe();
      await opened.db.execute(sql`select pg_notify('thread_news', 'second')`);
      await opened.db.execute(sql`select 1`);
      expect(heard).toEqual(["first"]);
    } finally {
      await opened.close();
    }
  });
});

describe("PGlite on its own thread, opened and closed", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "pglite-thread-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps its data in the data directory, and answers 'closed' as the database being unavailable", async () => {
    const first = await openBillingDatabase({ dataDir, pgliteThread: true });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const error = await first.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);

    const again = await openBillingDatabase({ dataDir, pgliteThread: true });
    try {
      expect(await rowsOf(again, sql`select note from kept`)).toEqual([{ note: "still here" }]);
    } finally {
      await again.close();
    }
  });

  it("runs several databases on the one thread, each its own, and each closed on its own", async () => {
    const [first, second] = await Promise.all([
      openBillingDatabase({ pgliteThread: true }),
      openBillingDatabase({ pgliteThread: true }),
    ]);
    await first.db.execute(sql`create table only_in_first (n int)`);
    const missing = await second.db.execute(sql`select * from only_in_first`).catch((e: unknown) => e);
    expect((missing as { cause?: { code?: string } }).cause?.code).toBe("42P01");
    await first.close();
    expect(await rowsOf(second, sql`select 2 as n`)).toEqual([{ n: 2 }]);
    await second.close();
    // The thread ended with the last database; the next one starts another.
    const third = await openBillingDatabase({ pgliteThread: true });
    try {
      expect(await rowsOf(third, sql`select 3 as n`)).toEqual([{ n: 3 }]);
    } finally {
      await third.close();
    }
  });

  it("does not keep a process alive by itself once nothing waits for it", async () => {
    const database = fileURLToPath(new URL("../src/db/database.ts", import.meta.url));
    const script = `const { openBillingDatabase } = await import(${JSON.stringify(database)});
      const db = await openBillingDatabase({ pgliteThread: true });
      const { rows } = await db.db.execute("select 41 + 1 as answer");
      console.log(rows[0].answer);`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 20_000);
      child.on("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: "42" });
  });
});
