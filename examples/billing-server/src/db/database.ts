import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { fileURLToPath } from "node:url";
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
  if (options.databaseUrl) {
    const schemaName = options.pgSchema;
    if (schemaName !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schemaName)) {
      throw new Error(`Invalid PostgreSQL schema name: ${schemaName}`);
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
    });
    try {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
      const db = drizzlePg(pool, { schema });
      await migratePg(db, {
        migrationsFolder,
        migrationsTable: MIGRATIONS_TABLE,
        migrationsSchema: schemaName ?? "drizzle",
      });
      return { db: db as unknown as BillingDb, kind: "postgres", close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const client = new PGlite(options.dataDir);
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder, migrationsTable: MIGRATIONS_TABLE });
    return { db: db as unknown as BillingDb, kind: "pglite", close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
