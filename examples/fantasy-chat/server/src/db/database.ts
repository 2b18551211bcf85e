import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { openDrizzleDatabase, type NotificationListener } from "@purchases-web/billing-server";
import { fileURLToPath } from "node:url";
import * as schema from "./schema.js";

/** A Drizzle database over either driver. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction on {@link AppDb}. */
export type AppTx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/** An open database with the app's migrations applied. */
export interface AppDatabase {
  db: AppDb;
  kind: "pglite" | "postgres";
  /** Subscribes to a NOTIFY channel; the returned function unsubscribes. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Where the data lives. */
export interface AppDatabaseOptions {
  /** A PostgreSQL URL; embedded PGlite is used when absent. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests restore a migrated template instead of running initdb). */
  loadDataDir?: Blob;
  /** PostgreSQL schema to use (created if missing), so several servers can share one database. */
  pgSchema?: string;
  /** PGlite on the process's PGlite worker thread (the server does this; tests open it in-process, which is faster). */
  pgliteThread?: boolean;
}

/** Its own migrations table, so the billing server's `__billing_migrations` can live in the same database. */
const MIGRATIONS_TABLE = "__app_migrations";
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database and applies the migrations: PostgreSQL when `databaseUrl` is given, else PGlite.
 *
 * @example
 * const database = await openAppDatabase({ dataDir: "./data/app" });
 * await database.close();
 */
export async function openAppDatabase(options: AppDatabaseOptions = {}): Promise<AppDatabase> {
  return openDrizzleDatabase({ ...options, schema, migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
}
