import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { fileURLToPath } from "node:url";
import { openDrizzleDatabase } from "./open-drizzle-database.js";
import * as schema from "./schema.js";

/** A Drizzle database over either driver. */
export type BillingDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its migrations applied. */
export interface BillingDatabase {
  db: BillingDb;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** Where the data lives. */
export interface DatabaseOptions {
  /** A PostgreSQL URL; PGlite is used when absent. */
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing), so that several servers or test files can share one database. */
  pgSchema?: string;
  /** How long a PostgreSQL query waits for a connection before failing (answered 503); 10 s by default. */
  connectionTimeoutMillis?: number;
  /** PGlite on the process's PGlite worker thread, so requests never wait for it on the event loop (the CLI does this). */
  pgliteThread?: boolean;
}

/** Its own migrations table, so a host app's Drizzle migrations can live in the same database. */
const MIGRATIONS_TABLE = "__billing_migrations";
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database and applies the migrations. PostgreSQL when `databaseUrl` is given, else embedded PGlite.
 *
 * @example
 * const database = await openBillingDatabase({ dataDir: "./data/billing" });
 * await database.close();
 */
export async function openBillingDatabase(options: DatabaseOptions = {}): Promise<BillingDatabase> {
  return openDrizzleDatabase({ ...options, schema, migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
}
