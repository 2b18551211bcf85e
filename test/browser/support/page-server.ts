// A tiny host page for the real-browser tests: serves an HTML page that imports the built SDK from /dist over
// HTTP (so the widget's lazy chunks and locale chunks load as on a real host), plus /locales, on 127.0.0.1.
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

const TYPES: Record<string, string> = {
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};

// The page: a heading, the opener button, and functions the tests call. `hostConfigure` configures Purchases;
// the button starts purchase() on the current offering's monthly package and stores the outcome on window.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Realmheart: purchases-web browser test host</title>
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>Realmheart</h1>
<p>Unlock unlimited messages with Premium.</p>
<button id="buy" type="button">Upgrade to Premium</button>
</main>
<script type="module">
import { Purchases, isPurchasesError } from "/dist/index.mjs";
let options = {};
window.__outcome = null;
window.hostConfigure = (config) => {
  options = config.purchase ?? {};
  if (Purchases.isConfigured()) Purchases.getSharedInstance().close();
  Purchases.configure({
    apiKey: config.apiKey,
    appUserId: config.appUserId,
    httpConfig: { proxyURL: config.baseUrl },
  });
};
document.getElementById("buy").addEventListener("click", async () => {
  window.__outcome = { status: "pending" };
  try {
    const purchases = Purchases.getSharedInstance();
    const offerings = await purchases.getOfferings({ currency: "ZAR" });
    const rcPackage = offerings.current && offerings.current.monthly;
    if (!rcPackage) throw new Error("no monthly package in the current offering");
    const result = await purchases.purchase({ rcPackage, ...options });
    window.__outcome = {
      status: "resolved",
      appUserId: result.customerInfo.originalAppUserId,
      activeEntitlements: Object.keys(result.customerInfo.entitlements.active),
      productIdentifier: result.storeTransaction ? result.storeTransaction.productIdentifier : null,
      storeTransactionId: result.storeTransaction ? result.storeTransaction.storeTransactionId : null,
      operationSessionId: result.operationSessionId,
    };
  } catch (error) {
    window.__outcome = {
      status: "rejected",
      isPurchasesError: isPurchasesError(error),
      errorCode: error && error.errorCode,
      message: String(error && error.message),
    };
  }
});
window.__hostReady = true;
</script>
</body>
</html>
`;

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the host page at `/` and the repository's dist/ and locales/ on 127.0.0.1 (a free port). */
export async function startPageServer(): Promise<PageServer> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
      if (path === "/" || path === "/index.html") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(PAGE);
        return;
      }
      const file = normalize(join(REPO_ROOT, path));
      const allowed = ["dist", "locales"].some((dir) => file.startsWith(join(REPO_ROOT, dir) + sep));
      if (!allowed) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      try {
        const body = await readFile(file);
        response.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        });
        response.end(body);
      } catch {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("page server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
