// preparedRows runs a hot statement as a named prepared statement (PGlite: one call into the backend instead of
// five; PostgreSQL: parsed and planned once per connection). What it gives back must be what db.execute gives,
// value for value, and it must keep PGlite's locking: never run inside someone else's transaction.
import { sql, type SQL } from "drizzle-orm";
import { integer, jsonb, PgDialect, pgTable, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedRows, preparedStatement } from "../src/index.js";
import { isDatabaseUnavailable } from "../src/db/database-unavailable.js";
import { DATABASES, startTestServer, type TestServer } from "./support/test-server.js";

for (const kind of DATABASES) {
  describe(`preparedRows on ${kind}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
      await server.database.db.execute(
        sql`create table prepared_probe (id integer primary key, note text not null, at timestamptz not null)`,
      );
    });
    afterAll(() => server.close());

    const executed = async (statement: SQL) =>
      ((await server.database.db.execute(statement)) as unknown as { rows: unknown[] }).rows;
    const probe = (id: number | null, note: string | null) =>
      sql`select ${id}::int as id, ${note}::text as note, ${id}::bigint as big, ${id}::numeric as num,
                 ${"2026-11-25T10:00:00.000Z"}::timestamptz as at, ${"2026-11-25"}::date as day,
                 json_build_object('id', ${id}::int, 'tags', json_build_array(${note}::text)) as doc,
                 array[${id}::int, 2] as ids, ${id}::int > 1 as big_one, gen_random_uuid() is not null as uuid_made`;

    it("gives the same rows as db.execute, for every value type a statement here returns", async () => {
      for (const [id, note] of [
        [1, "first"],
        [7, "a 'quoted' note, with ünïcode"],
        [null, null],
      ] as const) {
        expect(await preparedRows(server.database.db, probe(id, note))).toEqual(
          await executed(probe(id, note)),
        );
      }
    });

    it("runs the same text again with new values, and writes as well as reads", async () => {
      const insert = (id: number) =>
        sql`insert into prepared_probe (id, note, at) values (${id}, ${`note ${id}`}, now()) returning id, note`;
      for (const id of [1, 2, 3]) {
        expect(await preparedRows(server.database.db, insert(id))).toEqual([{ id, note: `note ${id}` }]);
      }
      expect(await executed(sql`select count(*)::int as n from prepared_probe`)).toEqual([{ n: 3 }]);
    });

    it("fails as db.execute fails: the database's error code reaches the caller, and nothing is written", async () => {
      const duplicate = sql`insert into prepared_probe (id, note, at) values (${1}, ${"again"}, now()) returning id`;
      const error = await preparedRows(server.database.db, duplicate).catch((e: unknown) => e);
      expect((error as { cause?: { code?: string } }).cause?.code).toBe("23505");
      expect(await executed(sql`select note from prepared_probe where id = 1`)).toEqual([{ note: "note 1" }]);
      // The connection is usable afterwards.
      expect(await preparedRows(server.database.db, sql`select ${5}::int as n`)).toEqual([{ n: 5 }]);
    });

    it("never runs inside another caller's open transaction", async () => {
      let inside!: () => void;
      const holding = new Promise<void>((resolve) => (inside = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const transaction = server.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_probe (id, note, at) values (${10}, ${"in tx"}, now())`);
        inside();
        await released;
        tx.rollback();
      });
      await holding;
      const read = preparedRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from prepared_probe where id = ${10}`,
      );
      release();
      await expect(transaction).rejects.toThrow();
      // PGlite has one backend: run inside the transaction, the read would have seen its row.
      expect(await read).toEqual([{ n: 0 }]);
    });

    it("runs texts past its cache's size unprepared, with the same answers", async () => {
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          preparedRows<{ n: number }>(server.database.db, sql.raw(`select ${i} as n`)),
        ),
      );
      expect(answers.map(([row]) => row?.n)).toEqual(Array.from({ length: 80 }, (_, i) => i));
    });
  });
}

/** A table whose columns encode their values (JSON, a Date), for statements built with the query builder. */
const probeDocs = pgTable("prepared_docs", {
  id: integer("id").primaryKey(),
  tags: jsonb("tags").$type<string[]>().notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

for (const kind of DATABASES) {
  describe(`preparedStatement on ${kind}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
      await server.database.db.execute(
        sql`create table prepared_docs (id integer primary key, tags jsonb not null, at timestamptz not null)`,
      );
    });
    afterAll(() => server.close());

    type DocValues = { id: number; tags: string[]; at: Date };
    let builds = 0;
    const upsert = preparedStatement<DocValues>((value) => {
      builds++;
      const row = { id: value("id"), tags: value("tags"), at: value("at") };
      return sql`${server.database.db
        .insert(probeDocs)
        .values(row)
        .onConflictDoUpdate({ target: probeDocs.id, set: { tags: sql.raw("excluded.tags") } })
        .returning({ id: probeDocs.id, tags: probeDocs.tags })
        .getSQL()}`;
    });
    const byTag = preparedStatement<{ tag: string; after: string }>(
      (value) =>
        sql`select id, tags, at from prepared_docs
             where tags ? ${value("tag")} and at > ${value("after")}::timestamptz order by id`,
    );

    it("compiles once and fills in each call's values, encoded as the query builder's columns say", async () => {
      const at = new Date("2026-11-25T10:00:00.000Z");
      for (const [id, tags] of [
        [1, ["sea", "salt"]],
        [2, ["sea"]],
        [1, ["salt", "a 'quoted' tag"]],
      ] as const) {
        expect(await upsert.rows(server.database.db, { id, tags: [...tags], at })).toEqual([
          { id, tags: [...tags] },
        ]);
      }
      expect(builds).toBe(1);
      const read = (tag: string, after: string) => byTag.rows(server.database.db, { tag, after });
      expect(await read("sea", "2026-11-24T00:00:00Z")).toEqual(
        await executed(sql`select id, tags, at from prepared_docs where tags ? 'sea' order by id`),
      );
      expect(await read("salt", "2026-11-24T00:00:00Z")).toEqual([
        { id: 1, tags: ["salt", "a 'quoted' tag"], at: "2026-11-25 10:00:00+00" },
      ]);
      expect(await read("sea", "2026-11-26T00:00:00Z")).toEqual([]);
    });

    it("refuses a call that lacks a value, naming it, and runs nothing", async () => {
      const partial = { id: 9, tags: ["none"] } as unknown as DocValues;
      await expect(upsert.rows(server.database.db, partial)).rejects.toThrow('No value for placeholder "at"');
      expect(await executed(sql`select count(*)::int as n from prepared_docs where id = 9`)).toEqual([
        { n: 0 },
      ]);
    });

    const executed = async (statement: SQL) =>
      ((await server.database.db.execute(statement)) as unknown as { rows: unknown[] }).rows;
  });
}

describe("preparedStatement on a database it was not told about", () => {
  it("builds the statement with the values themselves, every call, and runs it as db.execute does", async () => {
    const seen: SQL[] = [];
    const db = {
      execute: async (statement: SQL) => {
        seen.push(statement);
        return { rows: [{ n: 1 }] };
      },
    };
    const statement = preparedStatement<{ n: number }>((value) => sql`select ${value("n")}::int as n`);
    expect(await statement.rows(db, { n: 1 })).toEqual([{ n: 1 }]);
    await statement.rows(db, { n: 2 });
    const { params } = new PgDialect().sqlToQuery(seen[1]!);
    expect(params).toEqual([2]);
  });
});

describe("preparedRows on a database it was not told about", () => {
  it("runs the statement as db.execute does", async () => {
    const db = { execute: async () => ({ rows: [{ n: 1 }] }) };
    expect(await preparedRows(db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });
});

describe("preparedRows on a closed PGlite", () => {
  it("fails as PGlite's own query() does, so the caller still sees the database as unavailable", async () => {
    const server = await startTestServer("pglite");
    await preparedRows(server.database.db, sql`select ${1}::int as n`);
    await server.database.close();
    const error = await preparedRows(server.database.db, sql`select ${1}::int as n`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await server.close().catch(() => {});
  });
});
