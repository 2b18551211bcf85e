import react from "@vitejs/plugin-react";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { COMPRESSIBLE_EXTENSIONS } from "../server/src/web/compressible";
import { precompress } from "./scripts/precompress";

// The client is served by the Realmheart server from web/dist; in development, /api, /billing, /sandbox and the
// portraits are proxied to a server on :3000. The manifest lets scripts/check-size.mjs find the landing page's
// initial JavaScript.
const target = process.env.REALMHEART_URL ?? "http://localhost:3000";
const root = dirname(fileURLToPath(import.meta.url));

/** Once the build is written (public files included), a brotli and a gzip copy beside each text file. */
const precompressed: Plugin = {
  name: "realmheart-precompress",
  apply: "build",
  closeBundle() {
    precompress(resolve(root, "dist"), COMPRESSIBLE_EXTENSIONS);
  },
};

export default defineConfig({
  root,
  plugins: [react(), precompressed],
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
