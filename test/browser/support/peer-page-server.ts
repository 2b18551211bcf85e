// Serves purchases-js (the pinned devDependency `@revenuecat/purchases-js`, its ES bundle) and purchases-web's
// dist/ from one origin on 127.0.0.1, so that a test can show the same billing server's paywall with both SDKs.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { startSdkHostServer } from "../../../scripts/sdk-host-server.mjs";

const require = createRequire(import.meta.url);
/** purchases-js's ES bundle, served at `/peer/Purchases.es.js`. */
export const PEER_BUNDLE = join(dirname(require.resolve("@revenuecat/purchases-js")), "Purchases.es.js");

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
export function startPeerPageServer(): Promise<{ url: string; close(): Promise<void> }> {
  return startSdkHostServer(PAGE, { "/peer/Purchases.es.js": PEER_BUNDLE });
}
