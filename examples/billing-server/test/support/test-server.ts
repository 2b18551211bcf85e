// Starts a real billing server on 127.0.0.1 over a real database: PGlite always, and PostgreSQL as well when
// TEST_DATABASE_URL is set (each server in its own schema, dropped afterwards).
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { openBillingDatabase, type BillingDatabase } from "../../src/db/database.js";
import { billingClientErrors } from "../../src/http/client-errors.js";
import { BILLING_MAX_PARAM_LENGTH, billingFrameworkErrors } from "../../src/http/framework-errors.js";
import { billingLogSerializers } from "../../src/http/request-log.js";
import { billingServer, type BillingServerOptions } from "../../src/plugin.js";
import { testCatalogue } from "./catalogue.js";

export type DatabaseKind = "pglite" | "postgres";

/** The databases every suite runs against. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestServer {
  app: FastifyInstance;
  /** Base URL including the prefix, e.g. http://127.0.0.1:40123/billing */
  url: string;
  database: BillingDatabase;
  clock: { now: Date; advance(ms: number): void };
  /** The PostgreSQL schema the server's tables are in (for {@link startPeerServer}); null or absent on PGlite. */
  pgSchema?: string | null;
  close(): Promise<void>;
}

/** How the harness around the plugin is set up. */
export interface TestHarnessOptions {
  /** Where the server's pino logs go (at trace level, with the CLI's request serializers); logging is off without it. */
  logStream?: { write(line: string): void };
  /** The URL the server's PostgreSQL pool connects to instead of TEST_DATABASE_URL (a fault proxy). */
  connectVia?: (databaseUrl: string) => string;
  connectionTimeoutMillis?: number;
  /**
   * Where the server's clock starts (2026-11-21T12:00:00Z by default, which the suites' expected dates are written
   * from). A suite that runs a real SDK against the server starts it at the machine's time: purchases-js decides
   * what is active by the machine's clock, and a week after the default every monthly test purchase had expired.
   */
  now?: Date;
}

export async function startTestServer(
  kind: DatabaseKind,
  options: Partial<Omit<BillingServerOptions, "database">> = {},
  harness: TestHarnessOptions = {},
): Promise<TestServer> {
  const pgSchema = `test_${randomBytes(6).toString("hex")}`;
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const database =
    kind === "postgres" && databaseUrl
      ? await openBillingDatabase({
          databaseUrl: harness.connectVia ? harness.connectVia(databaseUrl) : databaseUrl,
          pgSchema,
          connectionTimeoutMillis: harness.connectionTimeoutMillis,
        })
      : await openBillingDatabase();
  const clock = {
    now: new Date(harness.now ?? "2026-11-21T12:00:00Z"),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const { app, url } = await listenBillingServer(
    database,
    clock,
    { catalogue: testCatalogue(), ...options },
    harness,
  );
  return {
    app,
    url,
    database,
    clock,
    pgSchema: kind === "postgres" && databaseUrl ? pgSchema : null,
    async close() {
      await app.close();
      await database.close();
      if (kind === "postgres" && databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
        await client.end();
      }
    },
  };
}

/**
 * A second billing server on `first`'s database and clock, as a second process beside it would be: on PostgreSQL
 * with a connection pool of its own on the same schema; PGlite, embedded in one process, is shared. It is started
 * with no catalogue unless `options` gives one (the database has the first's). Close it before `first`.
 */
export async function startPeerServer(
  first: TestServer,
  options: Partial<Omit<BillingServerOptions, "database">> = {},
  harness: Pick<TestHarnessOptions, "logStream"> = {},
): Promise<TestServer> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const database =
    first.pgSchema && databaseUrl
      ? await openBillingDatabase({ databaseUrl, pgSchema: first.pgSchema })
      : first.database;
  const { app, url } = await listenBillingServer(database, first.clock, options, harness);
  return {
    app,
    url,
    database,
    clock: first.clock,
    pgSchema: first.pgSchema,
    async close() {
      await app.close();
      if (database !== first.database) await database.close();
    },
  };
}

/** The billing plugin under /billing on 127.0.0.1, at the test clock, with no workers. */
async function listenBillingServer(
  database: BillingDatabase,
  clock: TestServer["clock"],
  options: Partial<Omit<BillingServerOptions, "database">>,
  harness: TestHarnessOptions,
) {
  const app = Fastify({
    logger: harness.logStream
      ? { level: "trace", stream: harness.logStream, serializers: billingLogSerializers }
      : false,
    frameworkErrors: billingFrameworkErrors,
    clientErrorHandler: billingClientErrors,
    routerOptions: { maxParamLength: BILLING_MAX_PARAM_LENGTH },
  });
  await app.register(billingServer, {
    prefix: "/billing",
    database,
    now: () => clock.now,
    // Tests drive renewals and webhook delivery themselves, at the injected clock.
    workers: false,
    ...options,
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url: `${address}/billing` };
}

/** fetch with an API key, returning status and parsed JSON. */
export async function call(
  server: TestServer,
  method: "GET" | "POST" | "PATCH",
  path: string,
  options: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== null) headers.authorization = `Bearer ${options.key ?? "test_realmheart_local"}`;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers["content-type"] ??= "application/json";
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body, headers: response.headers };
}
