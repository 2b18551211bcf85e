import { defineConfig } from "vitest/config";

// The end-to-end journeys (issue #9): Debian's Chromium through playwright-core against the built server
// (dist/server/main.js with web/dist) on a free port with NODE_ENV=test, once on a fresh PGlite data directory and
// once more on a fresh PostgreSQL database when TEST_DATABASE_URL is set. Screenshots and failure traces go to
// e2e/output/. Every wait is on a condition; the timeouts only bound a stuck step.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e-test.ts"],
    // Two instances share a database only on PostgreSQL (PGlite belongs to one process): without
    // TEST_DATABASE_URL that file has nothing to run against, so it is left out rather than skipped.
    exclude: process.env.TEST_DATABASE_URL ? [] : ["e2e/two-instances.e2e-test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
