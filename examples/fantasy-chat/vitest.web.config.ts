import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The web client's component tests: happy-dom, testing-library and msw (no server, no database).
export default defineConfig({
  plugins: [react()],
  test: {
    include: ["web/test/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["web/test/support/setup.ts"],
    testTimeout: 15_000,
  },
});
