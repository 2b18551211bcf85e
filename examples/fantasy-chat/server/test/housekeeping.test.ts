// PGlite runs PostgreSQL in single-user mode, without autovacuum: the periodic upkeep gives its planner statistics
// (and reclaims the rows each send updates); expired sessions and send-limit windows go on either database.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { housekeep } from "../src/db/housekeeping.js";
import { queryRows } from "../src/db/raw-query.js";
import { rateLimits } from "../src/db/schema.js";
import { DATABASES, createChat, startTestApp, verifiedUser, type TestApp } from "./support/test-app.js";

const tuples = async (server: TestApp, table: string) => {
  const [row] = await queryRows<{ n: number }>(
    server.database.db,
    sql`select reltuples::float8 as n from pg_class where relname = ${table} and relkind = 'r' limit 1`,
  );
  return Number(row?.n);
};

describe.each(DATABASES)("housekeeping on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { renewals: false });
  });
  afterAll(() => server.close());

  it("deletes expired send-limit windows and keeps live ones", async () => {
    const now = server.clock.now();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    await server.database.db.insert(rateLimits).values([
      { key: "housekeeping:old", windowStart: past, count: 1, expiresAt: past },
      { key: "housekeeping:live", windowStart: now, count: 1, expiresAt: future },
    ]);
    await housekeep(server.database, now);
    const rows = await queryRows<{ key: string }>(
      server.database.db,
      sql`select key from ${rateLimits} where key like 'housekeeping:%' order by key`,
    );
    expect(rows.map((r) => r.key)).toEqual(["housekeeping:live"]);
  });
});

describe("housekeeping on PGlite only", () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp("pglite", { renewals: false });
  });
  afterAll(() => server.close());

  it("gives PGlite's planner statistics, which single-user mode never gathers", async () => {
    const { client } = await verifiedUser(server);
    const chatId = await createChat(client);
    await server.database.db.execute(
      sql`insert into messages (chat_id, role, content, created_at)
          select ${chatId}, 'user', 'a line', now() from generate_series(1, 500)`,
    );
    const before = await tuples(server, "messages");
    await housekeep(server.database, server.clock.now());
    const after = await tuples(server, "messages");
    expect(after).toBeGreaterThanOrEqual(500);
    expect(after).not.toBe(before);
  });
});
