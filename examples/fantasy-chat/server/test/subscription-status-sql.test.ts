// The status counted in SQL (the admin's metrics and lists) is the status every route reads: held equal over random
// subscription states around the moments that decide them (a trial's end, a month's end, its grace period's end).
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { subscriptionStatusAt, subscriptionStatusSql } from "../src/users/subscription-status.js";
import { DATABASES, startTestApp, type TestApp } from "./support/test-app.js";

const DAY = 24 * 60 * 60_000;
const now = new Date("2026-11-21T12:00:00Z");
/** A moment near one that matters: days away, or a millisecond either side of now, 3 days ago (grace). */
const moment = fc.option(
  fc.oneof(
    fc.integer({ min: -40, max: 40 }).map((d) => new Date(now.getTime() + d * DAY)),
    fc.constantFrom(-1, 0, 1, -3 * DAY - 1, -3 * DAY, -3 * DAY + 1).map((ms) => new Date(now.getTime() + ms)),
  ),
  { nil: null },
);
const state = fc.record({
  subscriptionStatus: fc.constantFrom("trial" as const, "active" as const, "expired" as const),
  trialEndDate: moment,
  subscriptionPeriodEnd: moment,
  cancelAtPeriodEnd: fc.boolean(),
  storeEntitlementExpiresAt: moment,
});

describe.each(DATABASES)("the subscription status in SQL on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("equals the status the routes read, for 400 random states", async () => {
    const states = fc.sample(state, { numRuns: 400, seed: 42 });
    const rows = await server.database.db
      .insert(users)
      .values(
        states.map((s, i) => ({
          ...s,
          email: `status-${kind}-${i}@realmheart.test`,
          firstName: "S",
          lastName: "Q",
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id });
    const counted = await server.database.db
      .select({ id: users.id, status: subscriptionStatusSql(now) })
      .from(users)
      .where(sql`${users.email} like ${`status-${kind}-%`}`);
    const byId = new Map(counted.map((row) => [row.id, row.status]));
    const mismatches = states
      .map((s, i) => ({ state: s, ts: subscriptionStatusAt(s, now), sql: byId.get(rows[i]!.id) }))
      .filter((r) => r.ts !== r.sql);
    expect(mismatches).toEqual([]);
    expect(new Set(states.map((s) => subscriptionStatusAt(s, now)))).toEqual(
      new Set(["trial", "active", "expired"]),
    );
  });
});
