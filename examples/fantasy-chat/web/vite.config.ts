import react from "@vitejs/plugin-react";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The client is served by the Realmheart server from web/dist; in development, /api, /billing, /sandbox and the
// portraits are proxied to a server on :3000. The manifest lets scripts/check-size.mjs find the landing page's
// initial JavaScript.
const target = process.env.REALMHEART_URL ?? "http://localhost:3000";

export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Every browser the app supports preloads modules natively: the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(
      ["/api", "/billing", "/sandbox", "/characters/", "/payment", "/trial-setup/callback"].map((p) => [
        p,
        target,
      ]),
    ),
  },
});
