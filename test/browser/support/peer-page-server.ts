// Serves purchases-js (the pinned devDependency `@revenuecat/purchases-js`, its ES bundle) and purchases-web's
// dist/ from one origin on 127.0.0.1, so that a test can show the same billing server's paywall with both SDKs.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "./page-server";

const require = createRequire(import.meta.url);
const PEER_DIST = dirname(require.resolve("@revenuecat/purchases-js"));

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>purchases-js and purchases-web</title><link rel="icon" href="data:,"></head>
<body><main><h1>Realmheart</h1></main>
<script type="module">
import * as peer from "/peer/Purchases.es.js";
import * as ours from "/dist/index.mjs";
window.sdks = { peer, ours };
window.__hostReady = true;
</script>
</body>
</html>`;

/** Serves the page at `/`, purchases-js at `/peer/`, and dist/ and locales/ of this repository. */
export async function startPeerPageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      const file =
        path === "/peer/Purchases.es.js"
          ? join(PEER_DIST, "Purchases.es.js")
          : /^\/(?:dist|locales)\/[\w./-]+$/.test(path) && !path.includes("..")
            ? join(REPO_ROOT, path)
            : null;
      if (path === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
        return;
      }
      try {
        if (!file) throw new Error("not served");
        const type = file.endsWith(".json") ? "application/json" : "text/javascript; charset=utf-8";
        response
          .writeHead(200, { "content-type": type, "cache-control": "no-store" })
          .end(await readFile(file));
      } catch {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
