import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/test/**/*.test.ts"],
    environment: "node",
    // Builds one migrated PGlite data directory that every test server restores instead of running initdb.
    globalSetup: ["server/test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
