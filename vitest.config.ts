import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __SDK_VERSION__: JSON.stringify("0.0.0-test") },
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/support/no-network.ts", "test/support/patient-waits.ts"],
    environment: "node",
    restoreMocks: true,
    testTimeout: 15_000,
    // Contract suites start a billing server on PGlite in beforeAll: seconds on a quiet machine, more on a busy one.
    hookTimeout: 60_000,
  },
});
