import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
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
}

/** Its own migrations table, so the billing server's `__billing_migrations` can live in the same database. */
const MIGRATIONS_TABLE = "__app_migrations";
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database and applies the migrations: PostgreSQL when `databaseUrl` is given, else PGlite.
 *
 * @example
 * const database = await openAppDatabase({ dataDir: "./data/app" });
 * await database.close();
 */
export async function openAppDatabase(options: AppDatabaseOptions = {}): Promise<AppDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  const client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
    return { db: db as unknown as AppDb, kind: "pglite", close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, schemaName: string | undefined): Promise<AppDatabase> {
  if (schemaName !== undefined && !SCHEMA_NAME.test(schemaName)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schemaName}`);
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects or fails.
  pool.on("error", () => {});
  try {
    if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, {
      migrationsFolder,
      migrationsTable: MIGRATIONS_TABLE,
      migrationsSchema: schemaName ?? "drizzle",
    });
    return { db: db as unknown as AppDb, kind: "postgres", close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
