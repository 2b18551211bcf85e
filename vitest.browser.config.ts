import { defineConfig } from "vitest/config";

// The real-browser tests (test/browser): Debian's Chromium through playwright-core against a real billing server
// on 127.0.0.1. One browser per file; files run one after another, as a browser and a database each are heavy.
export default defineConfig({
  test: {
    include: ["test/browser/**/*.browser-test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
