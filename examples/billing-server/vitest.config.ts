import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // The SDK as its users get it: the root package's built ESM entry (npm test builds it first).
    alias: { "purchases-web": fileURLToPath(new URL("../../dist/index.mjs", import.meta.url)) },
  },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
