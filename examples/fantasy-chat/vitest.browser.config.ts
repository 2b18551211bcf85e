import { defineConfig } from "vitest/config";

// The real-browser smoke test of the web client: Debian's Chromium through playwright-core against the built server
// (dist/server/main.js with web/dist) on a free port, NODE_ENV=test and a fresh PGlite data directory.
export default defineConfig({
  test: {
    include: ["web/browser/**/*.browser-test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
