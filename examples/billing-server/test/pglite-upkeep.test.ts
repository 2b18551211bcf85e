// PGlite runs PostgreSQL in single-user mode, without autovacuum: the workers' hourly upkeep gives its planner
// statistics (and reclaims updated and deleted rows). On PostgreSQL it does nothing: autovacuum is there.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingContext } from "../src/context.js";
import { startWorkers } from "../src/lifecycle/start-workers.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

describe("the workers' upkeep of a PGlite database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  });
  afterAll(() => server.close());

  const tuples = async (table: string) => {
    const result = (await server.database.db.execute(
      sql`select reltuples::float8 as n from pg_class where relname = ${table} and relkind = 'r' limit 1`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n);
  };

  it("analyses the billing tables once its interval has passed, and not before", async () => {
    const ctx: BillingContext = {
      db: server.database.db,
      database: server.database,
      now: () => server.clock.now,
      managementUrl: null,
      management: null,
    };
    const errors: unknown[] = [];
    const log = { error: (object: object) => errors.push(object) };
    // A fresh PGlite database has never been analysed: PostgreSQL says so with -1.
    expect(await tuples("billing_customers")).toBe(-1);

    const hourly = startWorkers(ctx, { intervalMs: 60_000, webhooks: {}, log });
    await hourly.tick();
    await hourly.stop();
    expect(await tuples("billing_customers")).toBe(-1);

    const due = startWorkers(ctx, { intervalMs: 60_000, webhooks: {}, upkeepIntervalMs: 0, log });
    await due.tick();
    await due.stop();
    expect(await tuples("billing_customers")).toBeGreaterThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
