import { defineConfig } from "vitest/config";

// The packaging acceptance test (test/pack): packs both packages, installs them outside the repository and buys in
// Chromium. One file; its setup packs, installs and builds, so its hook has minutes.
export default defineConfig({
  test: {
    include: ["test/pack/**/*.pack-test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 420_000,
    teardownTimeout: 30_000,
  },
});
