// A billing server database for a test app that mounts the billing server: PGlite, or on PostgreSQL a schema of its
// own (dropped when closed), as the app's own test database is.
import { loadCatalogueFile, openBillingDatabase, type BillingDatabase } from "@purchases-web/billing-server";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { startTestApp, type DatabaseKind, type TestApp } from "./test-app.js";

/** An open billing database and how to close (and, on PostgreSQL, drop) it. */
export interface TestBillingDatabase {
  database: BillingDatabase;
  close(): Promise<void>;
}

/**
 * Opens the billing database of a test app on `kind`.
 *
 * @example
 * const billing = await openTestBillingDatabase(kind);
 * server = await startTestApp(kind, { billing: { database: billing.database, catalogue } });
 * await billing.close();
 */
export async function openTestBillingDatabase(kind: DatabaseKind): Promise<TestBillingDatabase> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = `billing_test_${randomBytes(6).toString("hex")}`;
  const onPostgres = kind === "postgres" && databaseUrl !== undefined;
  const database = onPostgres
    ? await openBillingDatabase({ databaseUrl, pgSchema })
    : await openBillingDatabase();
  return {
    database,
    async close() {
      await database.close();
      if (!onPostgres) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * A test app with the billing server mounted on a billing database of its own (its workers every 100 ms, the app's
 * renewal worker off), and how to close both.
 *
 * @example
 * const { server, close } = await startAppWithBilling(kind);
 */
export async function startAppWithBilling(
  kind: DatabaseKind,
): Promise<{ server: TestApp; close(): Promise<void> }> {
  const billing = await openTestBillingDatabase(kind);
  const server = await startTestApp(kind, {
    renewals: false,
    billing: { database: billing.database, catalogue: await loadCatalogueFile(), workerIntervalMs: 100 },
  });
  return {
    server,
    async close() {
      await server.close();
      await billing.close();
    },
  };
}
