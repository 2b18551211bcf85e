import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** An open Drizzle database over PGlite or PostgreSQL, with its migrations applied. */
export interface DrizzleDatabase<TSchema extends Record<string, unknown>> {
  db: PgDatabase<PgQueryResultHKT, TSchema>;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
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
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

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
      ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
    });
    // An idle connection dropped by the server must not crash the process; the next query reconnects or fails.
    pool.on("error", () => {});
    try {
      if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder, migrationsTable, migrationsSchema: schemaName ?? "drizzle" });
      return {
        db: db as unknown as PgDatabase<PgQueryResultHKT, TSchema>,
        kind: "postgres",
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  const client = new PGlite(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder, migrationsTable });
    return {
      db: db as unknown as PgDatabase<PgQueryResultHKT, TSchema>,
      kind: "pglite",
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
