import { protocol, types, type messages, type PGlite } from "@electric-sql/pglite";
import {
  DrizzleQueryError,
  fillPlaceholders,
  sql,
  type Placeholder,
  type Query,
  type SQL,
} from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { PGliteThread } from "./pglite-thread.js";

/**
 * Runs one statement text with its parameters as a named prepared statement on the database's own connection(s)
 * and gives its rows as objects (values parsed as Drizzle's `execute` parses them).
 */
type PreparedRunner = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Type ids whose text Drizzle keeps as text (timestamps, dates, intervals and arrays of them, numeric[]). */
const KEPT_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * How many distinct statement texts a database prepares. The hot statements are a handful of fixed texts; a
 * text built from variable input (an IN list) past this many runs unprepared rather than growing the cache.
 */
const MAX_PREPARED = 64;

/** A Drizzle database or transaction: anything that runs a statement. */
export interface ExecutingDatabase {
  execute(statement: SQL): PromiseLike<unknown>;
}

const runners = new WeakMap<object, PreparedRunner>();
const dialect = new PgDialect();

/** Names statement texts for one database: the same text always gets the same name, up to {@link MAX_PREPARED}. */
function statementNames(): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= MAX_PREPARED) return null;
    const name = `pw_prepared_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/** The runner for node-postgres: the pool's clients keep each named statement parsed and planned. */
function postgresRunner(pool: pg.Pool): PreparedRunner {
  const nameOf = statementNames();
  const keepText = new Set<number>(KEPT_AS_TEXT);
  const typeParsers = {
    getTypeParser: (id: number, format?: "text" | "binary") =>
      keepText.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format),
  };
  return async (text, params) => {
    const name = nameOf(text) ?? undefined;
    const result = await pool.query({
      name,
      text,
      values: params,
      types: typeParsers as pg.CustomTypesConfig,
    });
    return result.rows as Record<string, unknown>[];
  };
}

/** What PGlite needs to run a prepared statement again: its name and its parameters' type ids. */
interface PglitePrepared {
  name: string;
  paramTypes: number[];
}

/** The messages of one protocol exchange, in one buffer (PGlite runs them in one call). */
function messagesOf(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

/** The rows of a protocol exchange's answer, each field parsed by its type (Drizzle's parsers first). */
function rowsOf(messages: messages.BackendMessage[], parsers: Record<number, types.Parser>) {
  const description = messages.find(
    (message): message is messages.RowDescriptionMessage => message.name === "rowDescription",
  );
  if (!description) return [];
  const fields = description.fields;
  return messages
    .filter((message): message is messages.DataRowMessage => message.name === "dataRow")
    .map((row) =>
      Object.fromEntries(
        fields.map((field, index) => [
          field.name,
          types.parseType(row.fields[index] ?? null, field.dataTypeID, parsers),
        ]),
      ),
    );
}

/**
 * The runner for PGlite: PGlite's `query()` parses, describes and plans every statement again, in five calls
 * into the WebAssembly backend; a named statement is parsed once and then runs in one call. Run where PGlite runs
 * (the serving thread, or PGlite's own thread: pglite-thread-worker.ts).
 */
export function pgliteRunner(client: PGlite): PreparedRunner {
  const nameOf = statementNames();
  const prepared = new Map<string, PglitePrepared>();
  const keptAsText: Record<number, types.Parser> = Object.fromEntries(
    KEPT_AS_TEXT.map((id) => [id, (value: string) => value]),
  );
  // PGlite's own parsers (arrays included) are complete once it has started: read them at the first run.
  let parsers: Record<number, types.Parser> | null = null;
  const { serialize } = protocol;
  const prepare = async (name: string, text: string): Promise<PglitePrepared> => {
    const described = await client.execProtocolStream(
      messagesOf([
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const params = described.find(
      (message): message is messages.ParameterDescriptionMessage => message.name === "parameterDescription",
    );
    return { name, paramTypes: params?.dataTypeIDs ?? [] };
  };
  const run = async (statement: PglitePrepared, params: unknown[]) => {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await client.execProtocolStream(
      messagesOf([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    parsers ??= { ...client.parsers, ...keptAsText };
    return rowsOf(answer, parsers);
  };
  return async (text, params) => {
    await client._checkReady(); // "PGlite is closed" when it is, as its own query() says
    const name = nameOf(text);
    if (!name)
      return (await client.query<Record<string, unknown>>(text, params, { parsers: keptAsText })).rows;
    // The same locks as PGlite's own query(): never inside someone else's transaction, never interleaved.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let statement = prepared.get(text);
        if (!statement) {
          statement = await prepare(name, text);
          prepared.set(text, statement);
        }
        const rows = await run(statement, params);
        await client.syncToFs();
        return rows;
      }),
    );
  };
}

/**
 * Makes {@link preparedRows} run `db`'s statements as named prepared statements on `client` (called by
 * openDrizzleDatabase for the databases it opens).
 */
export function registerPreparedStatements(db: object, client: PGlite | PGliteThread | pg.Pool): void {
  if (client instanceof pg.Pool) runners.set(db, postgresRunner(client));
  // On a thread of its own, PGlite runs the same runner there.
  else if (client instanceof PGliteThread) runners.set(db, (text, params) => client.prepared(text, params));
  else runners.set(db, pgliteRunner(client));
}

/**
 * Runs a hand-written hot statement as a named prepared statement: parsed and planned once per connection, then
 * only bound and executed (measured on a send's claim: 3.1 → 1.3 ms on PostgreSQL, and on PGlite one call into
 * the backend instead of five). The statement's text must not vary with its input (values are parameters, so a
 * few texts cover every call); rows come back as `db.execute` gives them. A database this module was not told
 * about (a transaction, a database opened elsewhere) runs the statement as `db.execute` would.
 *
 * @example
 * const [row] = await preparedRows<{ n: number }>(db, sql`select ${1}::int as n`);
 */
export async function preparedRows<T>(db: ExecutingDatabase, statement: SQL): Promise<T[]> {
  const runner = runners.get(db);
  if (!runner) return executedRows<T>(db, statement);
  const query = dialect.sqlToQuery(statement);
  return runQuery<T>(runner, query.sql, query.params);
}

async function executedRows<T>(db: ExecutingDatabase, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

async function runQuery<T>(runner: PreparedRunner, text: string, params: unknown[]): Promise<T[]> {
  try {
    return (await runner(text, params)) as T[];
  } catch (error) {
    throw new DrizzleQueryError(text, params, error as Error);
  }
}

/** A hot statement compiled once (see {@link preparedStatement}); each call supplies its named values. */
export interface PreparedStatement<V extends Record<string, unknown>, D extends ExecutingDatabase> {
  /** Runs the statement with `values` as {@link preparedRows} runs one, and gives its rows. */
  rows<T>(db: D, values: V): Promise<T[]>;
}

/**
 * A hot statement whose text and parameter order are compiled from Drizzle once, on its first call, instead of
 * being built and compiled on every call (a send's claim: 0.25 ms of building a call on the machine measured):
 * `build` marks each value that changes from call to call with `value(name)` (and may use the database it is given
 * for the query builder), and the statement's shape must not depend on anything else (a statement with two
 * shapes is two statements). A value in a query builder's column position is encoded as the column says; one in
 * hand-written SQL goes to the driver as given (cast it there).
 *
 * @example
 * const byId = preparedStatement<{ id: string }>((value) => sql`select name from users where id = ${value("id")}`);
 * const [row] = await byId.rows<{ name: string }>(db, { id });
 */
export function preparedStatement<
  V extends Record<string, unknown>,
  D extends ExecutingDatabase = ExecutingDatabase,
>(build: (value: (name: keyof V & string) => SQL | Placeholder, db: D) => SQL): PreparedStatement<V, D> {
  let compiled: Query | null = null;
  return {
    async rows<T>(db: D, values: V): Promise<T[]> {
      const runner = runners.get(db);
      // Unprepared, the statement is built with the values themselves, exactly as it would be written without
      // placeholders (a query builder's column still encodes its value).
      if (!runner)
        return executedRows<T>(
          db,
          build((name) => values[name] as Placeholder, db),
        );
      compiled ??= dialect.sqlToQuery(build((name) => sql.placeholder(name), db));
      return runQuery<T>(runner, compiled.sql, fillPlaceholders(compiled.params, values));
    },
  };
}
