import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PGliteThread } from "./pglite-thread.js";
import { registerPreparedStatements } from "./prepared-rows.js";

/**
 * Creates a PGlite data directory (PostgreSQL's initdb) in a short-lived child process, so the serving process
 * never holds initdb's memory peak: WebAssembly memory, once grown, is never given back, and initdb grows it to
 * several hundred MiB that a server reopening an existing directory never needs. The directory and its parents are
 * created when missing (the default `./data/billing` in a new folder); a failure is an Error whose message is the
 * cause's own ("EACCES: permission denied, mkdir '/srv/data'"), without initdb's stack. Does nothing when the
 * directory already holds a database.
 *
 * @example
 * await initPgliteDataDir("./data/app");
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, "PG_VERSION"))) return;
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const pglite = import.meta.resolve("@electric-sql/pglite");
  // The child reports a failure as its message alone, for the start-up error's one sentence.
  const script = `try { const { PGlite } = await import(${JSON.stringify(pglite)}); const db = await PGlite.create(${JSON.stringify(dataDir)}); await db.close(); } catch (error) { process.stderr.write(String(error?.message ?? error)); process.exit(1); }`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initdb failed (exit ${code}): ${stderr.trim().slice(-500) || "no message"}`)),
    );
  });
}

/** An open Drizzle database over PGlite or PostgreSQL, with its migrations applied. */
export interface DrizzleDatabase<TSchema extends Record<string, unknown>> {
  db: PgDatabase<PgQueryResultHKT, TSchema>;
  kind: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel (see {@link NotificationListener}); the returned function unsubscribes. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Receives a channel's notifications. `onState(false)` says notifications may have been missed (the listening
 * connection was lost; PostgreSQL only) and `onState(true)` that they flow again: whoever caches on them must
 * forget everything and stop caching in between.
 */
export interface NotificationListener {
  onNotify(payload: string): void;
  onState?(listening: boolean): void;
}

/** How long a lost PostgreSQL listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one may be handed to a transaction), connected again a second after
 * it is lost, with the listener told both times.
 */
function listenOnPostgres(
  connect: () => pg.Client,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const start = async (): Promise<void> => {
    const next = connect();
    client = next;
    const lost = () => {
      if (client !== next || stopped) return;
      client = null;
      listener.onState?.(false);
      void next.end().catch(() => {});
      retry = setTimeout(() => void start().catch(() => {}), LISTEN_RETRY_MS);
      retry.unref();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listener.onState?.(true);
    } catch (error) {
      lost();
      throw error;
    }
  };
  return start()
    .catch(() => {})
    .then(() => async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    });
}

/** Where the data lives and which migrations to apply. */
export interface DrizzleDatabaseOptions<TSchema extends Record<string, unknown>> {
  schema: TSchema;
  migrationsFolder: string;
  /** A table of its own, so several migration sets (billing server, host app) can share one database. */
  migrationsTable: string;
  /** A PostgreSQL URL; embedded PGlite is used when absent. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests restore a migrated template instead of running initdb). */
  loadDataDir?: Blob;
  /** PostgreSQL schema to use (created if missing), so several servers or test files can share one database. */
  pgSchema?: string;
  /**
   * Runs PGlite on a worker thread (pglite-thread.ts; one for every database of the process opened so) instead of
   * the caller's: a server's event loop then never waits for the database, and the database can use a second core.
   * Off by default (a test's database opens faster in-process); servers turn it on.
   */
  pgliteThread?: boolean;
  /**
   * How long a PostgreSQL query waits for a connection before failing (then answered 503); 10 s by default, so
   * that an unreachable database never leaves a request hanging.
   */
  connectionTimeoutMillis?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PGlite's own start parameters with a 16 MB buffer cache instead of PostgreSQL's 128 MB: an embedded database
 * of a single server holds far less than that, the files stay in the OS's cache anyway, and the buffers a server
 * has touched are WebAssembly memory it never gives back (measured: a reopened database idles at ~183 MiB RSS
 * instead of ~326 MiB).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Gives a checked-out client back to the pool (which discards it) as soon as its connection is lost, and makes
 * a later `release()` harmless. Drizzle's transactions do not release their client when `begin` itself fails,
 * so without this every transaction started during a database outage would keep a pool slot forever and the
 * server would never recover.
 */
function releaseLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: unknown) => {
    // The pool's own query() checks clients out with a callback and releases them itself.
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", releaseOnce);
        release(error);
      };
      client.on("error", releaseOnce);
      client.release = releaseOnce;
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * Opens PostgreSQL when `databaseUrl` is given, else embedded PGlite, and applies the migrations. Shared by the
 * billing server and host apps such as Realmheart, which keep their own schema and migrations table.
 *
 * @example
 * const database = await openDrizzleDatabase({ schema, migrationsFolder, migrationsTable: "__app_migrations" });
 * await database.close();
 */
export async function openDrizzleDatabase<TSchema extends Record<string, unknown>>(
  options: DrizzleDatabaseOptions<TSchema>,
): Promise<DrizzleDatabase<TSchema>> {
  const { schema, migrationsFolder, migrationsTable } = options;
  if (options.databaseUrl) {
    const schemaName = options.pgSchema;
    if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
      throw new Error(`Invalid PostgreSQL schema name: ${schemaName}`);
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
      ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
    });
    // A dropped connection must not crash the process: the pool reports it for idle clients, each client for
    // itself while checked out (inside a transaction). The query running on it fails, which the caller sees.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    releaseLostClients(pool);
    try {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
      const db = drizzlePg(pool, { schema });
      registerPreparedStatements(db, pool);
      await migratePg(db, { migrationsFolder, migrationsTable, migrationsSchema: schemaName ?? "drizzle" });
      const connect = () =>
        new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
        });
      return {
        db: db as unknown as PgDatabase<PgQueryResultHKT, TSchema>,
        kind: "postgres",
        listen: (channel, listener) => listenOnPostgres(connect, channel, listener),
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  if (options.dataDir && !options.loadDataDir) await initPgliteDataDir(options.dataDir);
  const start = {
    startParams: PGLITE_START_PARAMS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  const client = options.pgliteThread ? await PGliteThread.open(start) : new PGlite(start.dataDir, start);
  try {
    // The thread speaks the part of PGlite's interface Drizzle's driver uses.
    const db = drizzlePglite(client as PGlite, { schema });
    registerPreparedStatements(db, client);
    await migratePglite(db, { migrationsFolder, migrationsTable });
    // PGlite's close() fails while channels are still listened to: every subscription ends first, once.
    const subscriptions = new Set<() => Promise<void>>();
    return {
      db: db as unknown as PgDatabase<PgQueryResultHKT, TSchema>,
      kind: "pglite",
      listen: async (channel, listener) => {
        const unsubscribe = await client.listen(channel, (payload) => listener.onNotify(payload));
        listener.onState?.(true);
        // PGlite's unsubscribe takes an optional transaction: never pass it anything.
        const end = async () => {
          if (!subscriptions.delete(end) || client.closed) return;
          await unsubscribe();
        };
        subscriptions.add(end);
        return end;
      },
      close: async () => {
        for (const end of [...subscriptions]) await end();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
