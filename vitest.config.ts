import { defineConfig } from "vitest/config";

// Every SDK test suite, one project each: `vitest run --project unit` (the default of `npm run test:unit`),
// `--project browser`, `--project pack`. A bare `vitest run FILE` finds the file in whichever project includes it.
export default defineConfig({
  test: {
    // A global option: the browser and pack projects' servers and browsers may take a while to close.
    teardownTimeout: 30_000,
    projects: [
      {
        // The SDK's unit, contract and compatibility tests (happy-dom or node, msw, no network).
        define: { __SDK_VERSION__: JSON.stringify("0.0.0-test") },
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          setupFiles: ["test/support/no-network.ts", "test/support/patient-waits.ts"],
          environment: "node",
          restoreMocks: true,
          testTimeout: 15_000,
          // Contract suites start a billing server on PGlite in beforeAll: seconds on a quiet machine, more on a busy one.
          hookTimeout: 60_000,
        },
      },
      {
        // The real-browser tests (test/browser): Debian's Chromium through playwright-core against a real billing
        // server on 127.0.0.1. One browser per file; files run one after another, as a browser and a database each are
        // heavy.
        test: {
          name: "browser",
          include: ["test/browser/**/*.browser-test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The packaging acceptance test (test/pack): packs both packages, installs them outside the repository and
        // buys in Chromium. One file; its setup packs, installs and builds, so its hook has minutes.
        test: {
          name: "pack",
          include: ["test/pack/**/*.pack-test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 420_000,
        },
      },
    ],
  },
});
