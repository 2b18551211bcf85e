import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Every Realmheart test suite, one project each: `vitest run --project server` (the server's tests on PGlite, and
// on PostgreSQL where TEST_DATABASE_URL is set), `--project web` (the web client's components), `--project browser`
// (a smoke test in Chromium), `--project e2e` (the journeys). A bare `vitest run FILE` finds the file in whichever
// project includes it.
export default defineConfig({
  test: {
    // A global option: the browser suites' servers and browsers may take a while to close.
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: "server",
          include: ["server/test/**/*.test.ts"],
          environment: "node",
          // Builds one migrated PGlite data directory that every test server restores instead of running initdb.
          globalSetup: ["server/test/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web client's component tests: happy-dom, testing-library and msw (no server, no database).
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/test/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["web/test/support/setup.ts"],
          testTimeout: 15_000,
        },
      },
      {
        // The real-browser smoke test of the web client: Debian's Chromium through playwright-core against the built
        // server (dist/server/main.js with web/dist) on a free port, NODE_ENV=test and a fresh PGlite data directory.
        test: {
          name: "browser",
          include: ["web/browser/**/*.browser-test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The end-to-end journeys (issue #9): Debian's Chromium through playwright-core against the built server
        // (dist/server/main.js with web/dist) on a free port with NODE_ENV=test, once on a fresh PGlite data directory
        // and once more on a fresh PostgreSQL database when TEST_DATABASE_URL is set. Screenshots and failure traces go
        // to e2e/output/. Every wait is on a condition; the timeouts only bound a stuck step.
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e-test.ts"],
          // Two instances share a database only on PostgreSQL (PGlite belongs to one process): without
          // TEST_DATABASE_URL that file has nothing to run against, so it is left out rather than skipped.
          exclude: process.env.TEST_DATABASE_URL ? [] : ["e2e/two-instances.e2e-test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
